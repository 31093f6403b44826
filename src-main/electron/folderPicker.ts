// The native folder picker behind the knowledge.folders.pick route. It takes Electron's `dialog`
// as a parameter (architecture.md, *Testing*) so it can be tested without Electron. It only returns a path:
// whether Co-Scientist may read that folder is still decided by the allowed folders at ingest.
import type { FolderPicker } from '../host/knowledge.handlers.js';

export interface OpenDialogOptions {
  title?: string;
  buttonLabel?: string;
  properties?: Array<'openDirectory' | 'openFile' | 'multiSelections' | 'showHiddenFiles' | 'createDirectory' | 'dontAddToRecent'>;
}

export interface OpenDialogReturnValue {
  canceled: boolean;
  filePaths: string[];
}

/** The part of Electron's `dialog` the picker uses; the window type stays opaque here. */
export interface DialogPort<W> {
  showOpenDialog(window: W, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

export const FOLDER_DIALOG_OPTIONS: OpenDialogOptions = {
  title: 'Choose a folder of documents',
  buttonLabel: 'Choose folder',
  properties: ['openDirectory', 'dontAddToRecent'],
};

export function createFolderPicker<W>(options: { dialog: DialogPort<W>; parentWindow: () => W | undefined }): FolderPicker {
  // One dialog at a time: a second click while it is open waits for the same answer.
  let open: Promise<string | null> | null = null;
  const show = async (): Promise<string | null> => {
    const parent = options.parentWindow();
    // Attached to the window (a sheet on macOS), so it cannot get lost behind it.
    const result =
      parent === undefined ? await options.dialog.showOpenDialog(FOLDER_DIALOG_OPTIONS) : await options.dialog.showOpenDialog(parent, FOLDER_DIALOG_OPTIONS);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
  return () => {
    open ??= show().finally(() => {
      open = null;
    });
    return open;
  };
}
