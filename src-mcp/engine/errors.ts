// Domain failures, with the error codes of the reference design (docs/seed-mapping.md, seed 000: error types).
// The mcp layer turns them into isError tool results; the code tells a client what kind of fix
// is needed, the message tells the scientist (or the model) exactly what to do.
import type { ToolErrorCode } from '../../src-shared/toolErrors.js';

/** The codes are listed once, in src-shared/toolErrors.ts, where the desktop host reads them too. */
export type DomainErrorCode = ToolErrorCode;

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function notFound(resourceType: string, resourceId: string, hint: string): DomainError {
  return new DomainError('resource_not_found', `${resourceType} ${resourceId} not found. ${hint}`, {
    resource_type: resourceType,
    resource_id: resourceId,
  });
}
