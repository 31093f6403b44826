// Unregistering should leave the scientist's file byte for byte as it was before we registered,
// not merely equivalent: an edit that removes our entry cannot know whether `{}` was `{\n  }`
// before (Zed's default settings have the latter). The backup register made knows. When the file
// is exactly that backup with our entry added as we add it, the backup's text is the answer.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ClientAdapter, JsonObject } from './clientAdapter.js';
import { SERVER_KEY } from './clientAdapter.js';
import { parseConfig } from './configEditor.js';
import { readExistingFile } from './fileSafety.js';

/** The text the file had before our entry was added, when the newest backup proves it; otherwise undefined. */
export async function textBeforeRegistration(adapter: ClientAdapter, configPath: string, current: Buffer, entry: JsonObject): Promise<string | undefined> {
  const newest = await newestBackup(configPath);
  if (newest === undefined) return undefined;
  try {
    const before = await readExistingFile(newest);
    if (before === undefined) return undefined;
    const parsed = parseConfig(before.bytes, configPath, adapter.format);
    if (parsed.readEntry(adapter.site, SERVER_KEY) !== undefined) return undefined;
    const text = before.bytes.toString('utf8');
    return parsed.withEntry(adapter.site, SERVER_KEY, entry) === current.toString('utf8') ? text : undefined;
  } catch {
    // An unreadable or unparsable backup proves nothing: the ordinary edit applies.
    return undefined;
  }
}

/** `<file>.bak-<stamp>[-n]`: stamps sort by time, and `-n` counts up within one second. */
async function newestBackup(configPath: string): Promise<string | undefined> {
  const dir = path.dirname(configPath);
  const prefix = `${path.basename(configPath)}.bak-`;
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.startsWith(prefix));
  } catch {
    return undefined;
  }
  const order = (name: string): [string, number] => {
    const [stamp = '', n = '1'] = name.slice(prefix.length).split('-');
    return [stamp, Number(n)];
  };
  names.sort((a, b) => {
    const [sa, na] = order(a);
    const [sb, nb] = order(b);
    return sa === sb ? na - nb : sa < sb ? -1 : 1;
  });
  const last = names[names.length - 1];
  return last === undefined ? undefined : path.join(dir, last);
}
