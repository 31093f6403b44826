// The native folder picker with a fake `dialog`: folders only, attached to the window, cancel is
// null, and a second click while the dialog is open does not open a second one.
import { describe, expect, it } from 'vitest';
import { createFolderPicker, type DialogPort, type OpenDialogOptions, type OpenDialogReturnValue } from '../../../../src-main/electron/folderPicker.js';

class FakeDialog implements DialogPort<{ id: number }> {
  readonly calls: Array<{ window: { id: number } | undefined; options: OpenDialogOptions }> = [];
  private pending: Array<(value: OpenDialogReturnValue) => void> = [];
  showOpenDialog(window: { id: number } | OpenDialogOptions, options?: OpenDialogOptions): Promise<OpenDialogReturnValue> {
    this.calls.push(options === undefined ? { window: undefined, options: window as OpenDialogOptions } : { window: window as { id: number }, options });
    return new Promise((resolve) => this.pending.push(resolve));
  }
  answer(value: OpenDialogReturnValue): void {
    this.pending.shift()?.(value);
  }
}

describe('createFolderPicker', () => {
  it('opens a folder-only dialog on the window and returns the chosen folder', async () => {
    const dialog = new FakeDialog();
    const pick = createFolderPicker({ dialog, parentWindow: () => ({ id: 7 }) });
    const chosen = pick();
    dialog.answer({ canceled: false, filePaths: ['/home/ana/papers'] });
    await expect(chosen).resolves.toBe('/home/ana/papers');
    expect(dialog.calls).toHaveLength(1);
    expect(dialog.calls[0]?.window).toEqual({ id: 7 });
    expect(dialog.calls[0]?.options.properties).toContain('openDirectory');
    expect(dialog.calls[0]?.options.properties).not.toContain('openFile');
    expect(dialog.calls[0]?.options.properties).not.toContain('multiSelections');
  });

  it('returns null when the scientist cancels, and works without a window', async () => {
    const dialog = new FakeDialog();
    const pick = createFolderPicker({ dialog, parentWindow: () => undefined });
    const chosen = pick();
    dialog.answer({ canceled: true, filePaths: [] });
    await expect(chosen).resolves.toBeNull();
    expect(dialog.calls[0]?.window).toBeUndefined();
  });

  it('shares one open dialog between clicks, and opens a new one after it closed', async () => {
    const dialog = new FakeDialog();
    const pick = createFolderPicker({ dialog, parentWindow: () => ({ id: 1 }) });
    const first = pick();
    const second = pick();
    expect(dialog.calls).toHaveLength(1);
    dialog.answer({ canceled: false, filePaths: ['/data/a'] });
    await expect(Promise.all([first, second])).resolves.toEqual(['/data/a', '/data/a']);
    const third = pick();
    expect(dialog.calls).toHaveLength(2);
    dialog.answer({ canceled: false, filePaths: ['/data/b'] });
    await expect(third).resolves.toBe('/data/b');
  });
});
