// Store-level failures a user can act on. Everything else is a bug and propagates as is.
export type StoreErrorCode = 'DATABASE_TOO_NEW' | 'DATABASE_UNREADABLE' | 'INVALID_CURSOR';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
