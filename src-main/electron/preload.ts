// Sandboxed preload (bundled to dist/main/preload.cjs): exposes `window.cosci` and nothing else.
// ipcRenderer and webUtils stay here; the page only gets the functions of CosciApi.
// Electron's typings may be absent (optional dependency), so this entry pulls in the hand-written
// ones; a declaration file of ambient modules cannot be imported, hence the reference.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./electron-types.d.ts" />
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createCosciApi } from './cosciApi.js';

contextBridge.exposeInMainWorld('cosci', createCosciApi(ipcRenderer, webUtils));
