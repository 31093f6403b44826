// Sandboxed preload (bundled to dist/main/preload.cjs): exposes `window.cosci` and nothing else.
// ipcRenderer stays here; the page only gets the two functions of CosciApi.
// Electron's typings may be absent (optional dependency), so this entry pulls in the hand-written
// ones; a declaration file of ambient modules cannot be imported, hence the reference.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./electron-types.d.ts" />
import { contextBridge, ipcRenderer } from 'electron';
import { createCosciApi } from './cosciApi.js';

contextBridge.exposeInMainWorld('cosci', createCosciApi(ipcRenderer));
