// Store-level failures a user can act on. Everything else is a bug and propagates as is.
export type StoreErrorCode =
  | 'DATABASE_TOO_NEW'
  | 'DATABASE_UNREADABLE'
  | 'INVALID_CURSOR'
  // PostgreSQL (store/postgres/): the server cannot be reached, refused our credentials, has no
  // such database, or a migration failed (and was rolled back).
  | 'DATABASE_UNREACHABLE'
  | 'DATABASE_AUTH_FAILED'
  | 'DATABASE_MISSING'
  | 'DATABASE_MIGRATION_FAILED'
  // PostgreSQL stopped answering while the server runs (store/postgres/failures.ts).
  | 'DATABASE_UNAVAILABLE'
  // A project export that cannot be read, or an import that would replace or clash (projectTransfer.ts).
  | 'BUNDLE_INVALID'
  | 'IMPORT_CONFLICT';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
