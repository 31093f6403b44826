// Where the ingest form's path can come from besides typing: the native folder picker and a folder
// dropped on the form. Both exist only in Electron; in a browser the GUI says so and keeps the
// typed path, rather than showing a button that cannot work.
import { useState, type DragEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';

export const DROP_NEEDS_DESKTOP =
  'A web browser does not tell Co-Scientist where a dropped folder is on your disk. Type (or paste) its path instead.';
export const DROP_NOT_ON_DISK = 'That item is not a file or folder on your disk. Drop a folder from your file manager.';

/** Whether the host has a native folder picker; asked once, it does not change while the app runs. */
export function useFolderPicker() {
  const api = useCosci();
  const info = useQuery({ queryKey: ['host', 'folder-picker'], queryFn: () => call(api, 'knowledge.folders.picker', {}), staleTime: Infinity });
  const pick = useMutation({ mutationFn: () => call(api, 'knowledge.folders.pick', {}) });
  return { info, pick };
}

/** Drag-and-drop of a folder: hands its on-disk path to `onPath`, or explains why there is none. */
export function useFolderDrop(onPath: (path: string) => void) {
  const api = useCosci();
  const [active, setActive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const carriesFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer.types).includes('Files');
  return {
    active,
    problem,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        // Without this the drop would not fire (and the window would try to open the file).
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setActive(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setActive(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setActive(false);
        const file = event.dataTransfer.files[0];
        if (file === undefined) return;
        if (api.pathForFile === undefined) {
          setProblem(DROP_NEEDS_DESKTOP);
          return;
        }
        const path = api.pathForFile(file);
        if (path === null) {
          setProblem(DROP_NOT_ON_DISK);
          return;
        }
        setProblem(null);
        onPath(path);
      },
    },
  };
}
