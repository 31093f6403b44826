// Settings → Research database (issue 30): which engine holds this computer's research, the SQLite
// file in the data folder (the default) or a PostgreSQL database the scientist names (handlers:
// src-main/host/database.handlers.ts, over src-main/host/databaseChoice.ts). A password never
// crosses this boundary: the URL shown is redacted, and a URL that carries one is refused.
import { z } from 'zod';

export const DATABASE_ENGINES = ['sqlite', 'postgres'] as const;

/** Where the choice came from: nothing chosen, Settings, or the app's start (`--database`, COSCI_DATABASE_URL), which Settings cannot override. */
export const DATABASE_CHOICE_SOURCES = ['default', 'settings', 'startup'] as const;

export const DatabaseChoiceSchema = z.object({
  engine: z.enum(DATABASE_ENGINES),
  /** The SQLite file, or the PostgreSQL URL without any password. */
  location: z.string(),
  source: z.enum(DATABASE_CHOICE_SOURCES),
});
export type DatabaseChoice = z.infer<typeof DatabaseChoiceSchema>;

export const databaseRoutes = {
  'database.get': { input: z.object({}).strict(), output: DatabaseChoiceSchema },
  /**
   * A postgres:// URL switches this computer's server to that database once it answered; null goes
   * back to the SQLite file. A database the server cannot use changes nothing.
   */
  'database.set': { input: z.object({ url: z.string().trim().min(1).max(2000).nullable() }).strict(), output: DatabaseChoiceSchema },
} as const;
