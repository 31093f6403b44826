// Host logging. stdout is not ours to use: the web host prints exactly one line there (its URL,
// which tests and scripts parse) and the Electron main process may be piped; so every log line
// goes to stderr, prefixed with a timestamp and the component that wrote it.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
  /** A logger for a sub-component, e.g. `host` → `host:server`. */
  child(scope: string): Logger;
}

export function createStderrLogger(scope: string, write: (line: string) => void = defaultWrite): Logger {
  const emit = (level: string, message: string): void => {
    write(`${new Date().toISOString()} ${level} [${scope}] ${message}\n`);
  };
  return {
    info: (message) => emit('INFO ', message),
    warn: (message) => emit('WARN ', message),
    error: (message, cause) => emit('ERROR', cause === undefined ? message : `${message}: ${describeError(cause)}`),
    child: (sub) => createStderrLogger(`${scope}:${sub}`, write),
  };
}

function defaultWrite(line: string): void {
  process.stderr.write(line);
}

/** A one-line description of anything thrown, for logs and fallback messages. */
export function describeError(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  if (typeof cause === 'string') return cause;
  try {
    return JSON.stringify(cause);
  } catch {
    return String(cause);
  }
}
