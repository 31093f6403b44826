// The knowledge view's desktop-only ways of naming a folder, in the real Electron app: the native
// folder picker (its dialog answered by a stub in the main process, since a test cannot click an
// OS dialog) and a drop that is not a file on disk. The chosen folder still has to be allowed
// before it is read. Runs only where an Electron binary and a display exist.
import { expect, test, type ElectronApplication } from '@playwright/test';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { binary, electronUnavailable, launchApp, repoRoot } from './launchApp.js';

const corpus = path.join(repoRoot, 'test', 'fixtures', 'knowledge', 'corpus');

test.describe('Electron knowledge view', () => {
  test.skip(electronUnavailable !== null, electronUnavailable ?? '');

  let root: string;
  let app: ElectronApplication | undefined;
  test.beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cosci-electron-knowledge-'));
  });
  test.afterEach(async () => {
    await app?.close();
    app = undefined;
    await rm(root, { recursive: true, force: true });
  });

  test('the folder picker fills the path; the folder is read only after it is allowed', async () => {
    if (!binary.ok) return;
    const folder = path.join(root, 'papers');
    fs.cpSync(corpus, folder, { recursive: true });

    app = await launchApp(binary.path, path.join(root, 'data'));
    // The OS dialog cannot be driven by a test: answer it in the main process instead.
    await app.evaluate(({ dialog }, chosen) => {
      (dialog as unknown as { showOpenDialog: () => Promise<{ canceled: boolean; filePaths: string[] }> }).showOpenDialog = async () => ({
        canceled: false,
        filePaths: [chosen],
      });
    }, folder);
    const page = await app.firstWindow();
    await expect(page.getByTestId('server-state')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

    await page.getByTestId('nav-knowledge').click();
    await page.getByTestId('knowledge-new-collection-name').fill('Picked');
    await page.getByTestId('knowledge-create-collection').click();
    await expect(page.getByTestId('knowledge-picker-unavailable')).toHaveCount(0);
    await page.getByTestId('knowledge-pick-folder').click();
    await expect(page.getByTestId('knowledge-ingest-path')).toHaveValue(folder);

    // One flow: the picked folder is allowed by adding documents from it, then read with progress.
    await page.getByTestId('knowledge-ingest-start').click();
    await expect(page.getByTestId('knowledge-ingest-progress')).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });
    await expect(page.getByTestId('knowledge-root')).toContainText(fs.realpathSync(folder));
    await expect(page.getByTestId('knowledge-ingest-status')).toContainText('4 added');

    // A drop of something that is not on disk (made in the page) is explained, not ingested.
    await page.getByTestId('knowledge-ingest').evaluate((form) => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'made-in-the-page.md'));
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('knowledge-drop-problem')).toContainText('not a file or folder on your disk');
    await expect(page.getByTestId('knowledge-ingest-path')).toHaveValue(folder);
  });
});
