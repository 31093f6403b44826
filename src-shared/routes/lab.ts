// The lab-server routes of the host ⇄ renderer contract: Settings → Lab server and the switch
// between this computer and the lab (handlers: src-main/host/lab.handlers.ts, over
// src-main/host/lab/). Tokens never cross this boundary.
import { z } from 'zod';

export const LAB_SIDES = ['local', 'lab'] as const;
export type LabSideName = (typeof LAB_SIDES)[number];

export const LabStatusSchema = z.object({
  /** The lab server's MCP URL, once entered. */
  url: z.string().nullable(),
  /** Which side the whole GUI works on now. */
  active: z.enum(LAB_SIDES),
  state: z.enum(['signed-out', 'signing-in', 'signed-in']),
  identity: z.object({ name: z.string(), subject: z.string(), issuer: z.string() }).nullable(),
  message: z.string().nullable(),
  /** Scopes the lab refused a call for that this sign-in lacks (403 insufficient_scope): signing in again asks for them. */
  scopeNeeded: z.string().nullable(),
  /** Where the sign-in is kept (the OS keychain, or why not). */
  storage: z.string(),
});
export type LabStatusView = z.infer<typeof LabStatusSchema>;

export const labRoutes = {
  'lab.status': { input: z.object({}).strict(), output: LabStatusSchema },
  'lab.setUrl': { input: z.object({ url: z.string().trim().min(1).max(2000) }).strict(), output: LabStatusSchema },
  /** Starts the sign-in: the URL to open in the system browser (the web host: a new tab). */
  'lab.signIn': { input: z.object({}).strict(), output: z.object({ authorization_url: z.string().url() }) },
  'lab.signOut': { input: z.object({}).strict(), output: LabStatusSchema },
  'lab.switch': { input: z.object({ to: z.enum(LAB_SIDES) }).strict(), output: LabStatusSchema },
} as const;
