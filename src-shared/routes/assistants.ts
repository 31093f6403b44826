// The assistants' registration routes of the host ⇄ renderer contract: which assistants are on
// this machine, and connecting, disconnecting, repairing and test-launching Co-Scientist in them
// (handlers: src-main/host/assistants.handlers.ts). What each assistant may do is policies.ts's.
import { z } from 'zod';

/** Every assistant Co-Scientist can register with (src-main/host/registration/clients). */
export const AssistantIdSchema = z.enum([
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'vscode-insiders',
  'vscodium',
  'windsurf',
  'zed',
  'gemini-cli',
  'codex',
  'lm-studio',
  'cline',
  'continue',
  'goose',
]);
export type AssistantId = z.infer<typeof AssistantIdSchema>;

/**
 * `not_installed`: no app or binary found. `installed`: found, no Co-Scientist entry.
 * `registered`: our entry, as this app would write it. `needs_repair`: our entry (per the ledger)
 * but for another launch, e.g. after the app moved. `changed_by_user`: an entry named like ours
 * that we did not write or that was edited; never replaced without showing the diff and asking.
 */
export const RegistrationStateSchema = z.enum(['not_installed', 'installed', 'registered', 'needs_repair', 'changed_by_user']);
export type RegistrationState = z.infer<typeof RegistrationStateSchema>;

export const AssistantStateSchema = z.object({
  id: AssistantIdSchema,
  name: z.string(),
  /** Install variant, e.g. `msix` for Claude Desktop from the Store, or Cline's host editor (`cursor`). */
  variant: z.string(),
  config_path: z.string(),
  /** The assistant's app or binary was found on this machine. */
  installed: z.boolean(),
  /** What showed it is installed (an app bundle, a binary, an extension folder). */
  detected: z.string().nullable(),
  /** Our entry is present in its config file (state registered, needs_repair or changed_by_user). */
  registered: z.boolean(),
  state: RegistrationStateSchema,
  /** Present when the config file cannot be read or parsed: what is wrong with it. */
  problem: z.string().nullable(),
  /** What the scientist should do now, for this state (null when nothing). */
  next_step: z.string().nullable(),
  /** The lab server our entry points the assistant at (it works on the lab, not on this computer); null otherwise. */
  lab_server: z.string().nullable(),
  /** Whether Co-Scientist can point this assistant at a lab server (its config can name a remote MCP server). */
  can_use_lab: z.boolean(),
});
export type AssistantState = z.infer<typeof AssistantStateSchema>;

/** Outcome of starting the registered command and completing an MCP `initialize` handshake with it. */
export const TestLaunchSchema = z.object({
  ok: z.boolean(),
  /** The command line that was run, for display (not for a shell). */
  command: z.string(),
  duration_ms: z.number(),
  server_name: z.string().nullable(),
  server_version: z.string().nullable(),
  protocol_version: z.string().nullable(),
  /** The data folder the started server opened (it must be the app's); null when it did not get that far. */
  data_dir: z.string().nullable(),
  /** Why it failed, in words a scientist can act on. */
  error: z.string().nullable(),
  /** The server's last stderr lines, when it failed. */
  stderr: z.string().nullable(),
});
export type TestLaunch = z.infer<typeof TestLaunchSchema>;

export const RegistrationOutcomeSchema = z.object({
  id: AssistantIdSchema,
  variant: z.string(),
  /** `created`: new file; `added`: entry added to an existing file; `updated`: our entry rewritten; `unchanged`: already correct. */
  action: z.enum(['created', 'added', 'updated', 'unchanged']),
  config_path: z.string(),
  backup_path: z.string().nullable(),
  next_step: z.string(),
  /** The registered command, started once to prove it works (null when not attempted). */
  test_launch: TestLaunchSchema.nullable(),
});
export type RegistrationOutcome = z.infer<typeof RegistrationOutcomeSchema>;

export const DisconnectOutcomeSchema = z.object({
  id: AssistantIdSchema,
  variant: z.string(),
  /** `removed`: our entry was taken out; `absent`: there was none, nothing was written. */
  action: z.enum(['removed', 'absent']),
  config_path: z.string(),
  backup_path: z.string().nullable(),
  next_step: z.string(),
});
export type DisconnectOutcome = z.infer<typeof DisconnectOutcomeSchema>;

/** Setting an assistant up by hand: what our registration would write, and the command that writes it. */
export const ManualSetupSchema = z.object({
  config_path: z.string(),
  /** `{ "<servers key>": { "co-scientist": … } }` to paste, for JSON configs; null for the others. */
  entry_json: z.string().nullable(),
  /** One line for a terminal (the assistant's own CLI where registration uses it, else ours); null when none can be typed here. */
  command: z.string().nullable(),
});
export type ManualSetup = z.infer<typeof ManualSetupSchema>;

const AssistantTargetInput = {
  id: AssistantIdSchema,
  /** Which install variant (from assistants.list); the one in use when omitted. */
  variant: z.string().optional(),
};

const EmptySchema = z.object({}).strict();

export const assistantRoutes = {
  'assistants.list': { input: EmptySchema, output: z.object({ assistants: z.array(AssistantStateSchema) }) },
  'assistants.connect': {
    input: z
      .object({
        ...AssistantTargetInput,
        /** Replace our entry even though the scientist edited it (only after showing them the CONFLICT's diff). */
        force: z.boolean().optional(),
        /** A lab server's MCP URL: the assistant's HTTP entry for it, and the assistant signs in to the lab itself. */
        server: z.string().trim().min(1).max(2000).optional(),
      })
      .strict(),
    output: RegistrationOutcomeSchema,
  },
  'assistants.disconnect': {
    input: z
      .object({
        ...AssistantTargetInput,
        /** Remove the entry even though it is not the one we wrote (only after showing the CONFLICT's diff). */
        force: z.boolean().optional(),
      })
      .strict(),
    output: DisconnectOutcomeSchema,
  },
  /** Rewrites our own entry for the current launch (after the app moved); never touches an entry the scientist changed. */
  'assistants.repair': { input: z.object(AssistantTargetInput).strict(), output: RegistrationOutcomeSchema },
  /** Starts the registered command and performs an MCP handshake with it. */
  'assistants.test': { input: z.object(AssistantTargetInput).strict(), output: TestLaunchSchema },
  /** The entry and the command line for connecting it by hand; reads nothing, writes nothing. */
  'assistants.manualSetup': { input: z.object(AssistantTargetInput).strict(), output: ManualSetupSchema },
} as const;
