// The doctor, for the desktop app's "Check my setup" (the CLI runs the same checks).
import { z } from 'zod';
import { doctorReport, runDoctor } from '../../../health/setupChecks.js';
import { defineTool } from '../../toolkit.js';

export const doctorTool = defineTool({
  name: 'run_doctor',
  title: 'Check the setup',
  description: 'Checks the data folder, the database (schema, journal, integrity, audit chain), the server build and the remembered assistant registrations, and says what to fix. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  input: z.object({}),
  output: z.object({
    healthy: z.boolean(),
    checks: z.array(z.object({ name: z.string(), status: z.enum(['ok', 'warn', 'fail']), detail: z.string(), fix: z.string().nullable() })),
  }),
  async run(_args, ctx) {
    const checks = await runDoctor(ctx.dataDir, ctx.db);
    return { data: { healthy: checks.every((c) => c.status !== 'fail'), checks }, markdown: doctorReport(checks) };
  },
});
