// Asking the user a question inside a tool call (elicitation), in both protocol eras: on 2025-era
// connections the server sends `elicitation/create` and waits; on 2026-era connections the tool
// returns an input_required result, the client asks the user and retries the call with the answer.
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  type McpServer,
  type ServerContext as RequestContext,
} from '@modelcontextprotocol/server';

export interface Question {
  /** Identifies the question across the retry of a 2026-era call. */
  key: string;
  message: string;
  /** A flat JSON Schema of primitive fields (what clients can render as a form). */
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
}

export type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } | 'unsupported';

/** Thrown inside a 2026-era tool call whose question has no answer yet; becomes an input_required result. */
export class InputNeeded extends Error {
  constructor(readonly question: Question) {
    super(`input needed: ${question.key}`);
    this.name = 'InputNeeded';
  }
}

export function inputRequiredFor(question: Question): InputRequiredResult {
  return inputRequired({ inputRequests: { [question.key]: inputRequired.elicit({ message: question.message, requestedSchema: question.requestedSchema }) } });
}

export function askUserVia(mcp: McpServer, request: RequestContext): (question: Question) => Promise<Answer> {
  return async (question) => {
    const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
    if (envelope !== undefined) {
      const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined;
      if (capabilities?.elicitation === undefined) return 'unsupported';
      const view = inputResponse(request.mcpReq.inputResponses, question.key);
      if (view.kind === 'elicit') {
        return view.action === 'accept' ? { action: 'accept', content: (view.content ?? {}) as Record<string, unknown> } : { action: view.action };
      }
      throw new InputNeeded(question);
    }
    if (mcp.server.getClientCapabilities()?.elicitation === undefined) return 'unsupported';
    const result = await request.mcpReq.elicitInput({ mode: 'form', message: question.message, requestedSchema: question.requestedSchema });
    return result.action === 'accept' ? { action: 'accept', content: (result.content ?? {}) as Record<string, unknown> } : { action: result.action };
  };
}
