// Is a file a program this machine can run? One answer for every search for a binary: the dev
// Node the Electron main launches the server with, the assistants' CLIs registration looks for,
// and the Chromium the web UI tests drive.
import fs from 'node:fs';

/**
 * True for a regular file that may be executed. Windows has no execute bit (its PATHEXT extension
 * is what makes a file runnable), so there only "is a file" is checked.
 */
export function isExecutableFile(file: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
