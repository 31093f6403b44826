// The desktop app's own settings (theme, default checkpoint policy), kept by the host in
// `<dataDir>/desktop-settings.json`. They belong to the app, not to the research database, which
// assistants' servers share. Writes are atomic (temporary file, then rename) and serialised, so a
// crash or two quick changes never leave a half-written file; a file that does not parse is set
// aside, not silently overwritten, and the defaults apply.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from './atomicFile.js';
import { DesktopSettingsSchema, PAUSABLE_KINDS, ThemeSchema, type DesktopSettings } from '../../src-shared/routes/research.js';
import type { Result } from '../../src-shared/routes/index.js';
import { describeError, type Logger } from './log.js';

export const SETTINGS_FILE = 'desktop-settings.json';

export const DEFAULT_SETTINGS: DesktopSettings = { theme: 'system', default_pause_at: [...PAUSABLE_KINDS] };

export interface SettingsStore {
  get(): Promise<Result<DesktopSettings>>;
  /** Applies the given fields over the current settings and stores the result. */
  set(patch: Partial<DesktopSettings>): Promise<Result<DesktopSettings>>;
}

export function createSettingsStore(dataDir: string, log: Logger): SettingsStore {
  const file = path.join(dataDir, SETTINGS_FILE);
  // Every read-modify-write runs after the previous one, so concurrent changes cannot lose each other.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    get: () => serialised(async () => ({ ok: true as const, data: await readSettings(file, log) })),
    set: (patch) =>
      serialised(async () => {
        const parsed = DesktopSettingsSchema.partial().safeParse(patch);
        if (!parsed.success) {
          return { ok: false as const, error: { code: 'INVALID_INPUT' as const, message: `These settings are not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}.` } };
        }
        const next: DesktopSettings = { ...(await readSettings(file, log)), ...stripUndefined(parsed.data) };
        next.default_pause_at = PAUSABLE_KINDS.filter((kind) => next.default_pause_at.includes(kind));
        try {
          await writeFileAtomically(file, `${JSON.stringify(next, null, 2)}\n`, { createDirectory: true });
        } catch (error) {
          log.error(`could not save ${file}`, error);
          return {
            ok: false as const,
            error: { code: 'INTERNAL' as const, message: `Your settings could not be saved to ${file} (${describeError(error)}). Check that the folder is writable; nothing was changed.` },
          };
        }
        return { ok: true as const, data: next };
      }),
  };
}

/** The stored settings, field by field: a field that is missing or invalid falls back to its default. */
async function readSettings(file: string, log: Logger): Promise<DesktopSettings> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`could not read ${file}: ${describeError(error)}; using the defaults`);
    return { ...DEFAULT_SETTINGS, default_pause_at: [...DEFAULT_SETTINGS.default_pause_at] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const aside = `${file}.unreadable-${Date.now()}`;
    log.warn(`${file} is not valid JSON; moved it to ${aside} and using the defaults`);
    await fs.rename(file, aside).catch(() => undefined);
    raw = {};
  }
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const theme = ThemeSchema.safeParse(record.theme);
  const pauses = DesktopSettingsSchema.shape.default_pause_at.safeParse(record.default_pause_at);
  return {
    theme: theme.success ? theme.data : DEFAULT_SETTINGS.theme,
    default_pause_at: pauses.success ? pauses.data : [...DEFAULT_SETTINGS.default_pause_at],
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
