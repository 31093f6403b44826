// Every assistant Co-Scientist knows how to register with, in the order the app lists them.
import type { AssistantId } from '../../../../src-shared/routes/index.js';
import type { ClientAdapter } from '../clientAdapter.js';
import { claudeCode } from './claudeCode.js';
import { claudeDesktop } from './claudeDesktop.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { continueDev } from './continueDev.js';
import { cursor } from './cursor.js';
import { geminiCli } from './gemini.js';
import { goose } from './goose.js';
import { lmStudio } from './lmStudio.js';
import { vscode, vscodeInsiders, vscodium } from './vscode.js';
import { windsurf } from './windsurf.js';
import { zed } from './zed.js';

export const CLIENTS: readonly ClientAdapter[] = [
  claudeDesktop,
  claudeCode,
  cursor,
  vscode,
  vscodeInsiders,
  vscodium,
  windsurf,
  zed,
  geminiCli,
  codex,
  lmStudio,
  cline,
  continueDev,
  goose,
];

export function clientById(id: string): ClientAdapter | undefined {
  return CLIENTS.find((c) => c.id === id);
}

export function requireClient(id: AssistantId): ClientAdapter {
  const client = clientById(id);
  if (!client) throw new Error(`no adapter for assistant ${id}`);
  return client;
}

export { claudeCode, claudeDesktop, cline, codex, continueDev, cursor, geminiCli, goose, lmStudio, vscode, vscodeInsiders, vscodium, windsurf, zed };
