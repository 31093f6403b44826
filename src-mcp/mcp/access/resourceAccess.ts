// Scope check + audit row for resource reads and prompt gets. Resources and prompts have no isError
// channel, so failures become protocol errors with the reason in the message.
import { ProtocolError, ProtocolErrorCode, type ReadResourceResult } from '@modelcontextprotocol/server';
import { DomainError } from '../../engine/errors.js';
import { recordReadOnlyAudit } from '../audit/callAudit.js';
import type { ServerContext } from '../context.js';
import { missingScopes, type Scope } from './scopes.js';

export async function audited<T>(ctx: ServerContext, action: string, target: string, scopes: readonly Scope[], read: () => T | Promise<T>): Promise<T> {
  const startedAt = ctx.now();
  const started = performance.now();
  const finish = (outcome: 'success' | 'error' | 'denied', errorCode: string | null): void =>
    recordReadOnlyAudit(ctx.db, { clientId: ctx.clientId, action, target, args: { target }, outcome, errorCode, startedAt, durationMs: performance.now() - started });
  const missing = missingScopes((await ctx.policy()).scopes, scopes);
  if (missing.length > 0) {
    finish('denied', 'insufficient_permissions');
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `insufficient_permissions: ${ctx.clientId} lacks ${missing.join(', ')} needed for ${target}. The scientist can grant it in the Co-Scientist app.`,
    );
  }
  try {
    // Awaited inside the try: a read's refusal (a DomainError) is the store's promise rejecting.
    const result = await read();
    finish('success', null);
    return result;
  } catch (error) {
    if (error instanceof DomainError) {
      finish('error', error.code);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${error.code}: ${error.message}`, { code: error.code });
    }
    finish('error', 'internal_error');
    throw error;
  }
}

/** Completion suggestions only for clients that could read the thing suggested. */
export async function canRead(ctx: ServerContext, scopes: readonly Scope[]): Promise<boolean> {
  return missingScopes((await ctx.policy()).scopes, scopes).length === 0;
}

export function markdown(uri: string, text: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'text/markdown', text }] };
}
