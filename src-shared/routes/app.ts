// The app route of the host ⇄ renderer contract: what the app is and where its research server
// stands (handler: src-main/host/app.handlers.ts).
import { z } from 'zod';

export const AppInfoSchema = z.object({
  version: z.string(),
  data_dir: z.string(),
  host: z.enum(['electron', 'web']),
  server: z.object({
    state: z.enum(['starting', 'ready', 'down']),
    protocol_version: z.string().nullable(),
    message: z.string().nullable(),
  }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appRoutes = {
  'app.info': { input: z.object({}).strict(), output: AppInfoSchema },
} as const;
