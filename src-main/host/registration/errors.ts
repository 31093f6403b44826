// Why a registration was refused, as a value a host can map to REGISTRATION_REFUSED and a
// CLI can print: a stable code to branch on and a message a scientist can act on.

export type RegistrationErrorCode =
  /** The assistant's config file is not valid JSON/TOML/YAML (or not UTF-8): we never write a file we cannot parse. */
  | 'UNPARSEABLE_CONFIG'
  /** The file's root, or its servers key, is not an object (or list, for list-shaped configs): editing it would clobber something. */
  | 'NOT_AN_OBJECT'
  /** A key we would edit appears twice; JSON readers disagree on which one wins, so we do not guess. */
  | 'DUPLICATE_KEY'
  /** Our entry exists but is not what we last wrote: the user edited it. Carries a diff. */
  | 'CHANGED_BY_USER'
  /** After writing, the file did not read back as intended; the previous file was restored. */
  | 'VERIFY_FAILED'
  /** Another program rewrote the file while we were editing it; nothing was written. */
  | 'CONCURRENT_EDIT'
  /** Another Co-Scientist process holds the lock on the file. */
  | 'CONFIG_LOCKED'
  /** The launch command is not absolute or already names a client: a programming error in the caller. */
  | 'INVALID_LAUNCH_COMMAND'
  /** The config path is a named pipe, device, socket or folder: reading it could block forever, writing it would replace it. */
  | 'NOT_A_REGULAR_FILE'
  /** The file is empty and this assistant does not read an empty file as an empty config. */
  | 'EMPTY_CONFIG'
  /** Our entry is written in a form we cannot edit without touching the scientist's text (e.g. TOML dotted keys). */
  | 'UNSUPPORTED_LAYOUT'
  /** Writing the file would make the assistant read another config (Continue's legacy config.json). */
  | 'LEGACY_CONFIG'
  /** `--server`: this assistant's config cannot name a remote (HTTP) MCP server, or we do not know its form. */
  | 'REMOTE_NOT_SUPPORTED'
  /** The assistant (or, for Cline, its host editor) is not installed where registration needs it. */
  | 'NOT_INSTALLED'
  /** Repair or test asked about an assistant that has no Co-Scientist entry. */
  | 'NOT_REGISTERED'
  /** The assistant's own command-line tool (e.g. `claude mcp add-json`) failed or timed out. */
  | 'CLIENT_CLI_FAILED'
  /** The app runs from a place assistants cannot rely on (a macOS disk image or App Translocation). */
  | 'APP_NOT_INSTALLED'
  | 'IO_ERROR';

export interface EntryChange {
  /** Pretty JSON of the entry found in the file (null when absent). */
  existing: string | null;
  /** Pretty JSON of the entry we would write (null when removing). */
  proposed: string | null;
  /** Line diff, `-` for the file's lines and `+` for ours. */
  diff: string;
}

export class RegistrationError extends Error {
  override readonly name = 'RegistrationError';

  constructor(
    readonly code: RegistrationErrorCode,
    message: string,
    readonly details: { configPath?: string; change?: EntryChange; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

const IO_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'the operating system did not allow it',
  ENOSPC: 'the disk is full',
  EROFS: 'the disk is read-only',
  EISDIR: 'a folder is in the way',
  ENOTDIR: 'a file is in the way of a folder',
  EBUSY: 'the file is in use by another program',
};

/** Turns a Node fs error into an IO_ERROR that says what we were doing and to which file. */
export function ioError(doing: string, file: string, cause: unknown): RegistrationError {
  if (cause instanceof RegistrationError) return cause;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const reason = (code !== undefined && IO_REASONS[code]) || (cause instanceof Error ? cause.message : String(cause));
  return new RegistrationError('IO_ERROR', `Could not ${doing} ${file}: ${reason}${code ? ` (${code})` : ''}.`, {
    configPath: file,
    cause,
  });
}
