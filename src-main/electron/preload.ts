// Sandboxed preload (bundled to dist/main/preload.cjs): exposes `window.cosci` and nothing else.
// ipcRenderer and webUtils stay here; the page only gets the functions of CosciApi.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createCosciApi } from './cosciApi.js';

contextBridge.exposeInMainWorld('cosci', createCosciApi(ipcRenderer, webUtils));
