// How a command line or a start-up says what failed: the error's code first when it has one
// (DATABASE_UNREACHABLE, IMPORT_CONFLICT, …) so a person or a script can key on it, then its message.

export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code) && !message.startsWith(code) ? `${code}: ${message}` : message;
}
