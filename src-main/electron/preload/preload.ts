import { contextBridge, ipcRenderer } from 'electron';
import { EPHEMERA_API_NAME } from '../../../src-shared/ipc/window-api.ts';
import { createEphemeraApi } from './preload-api.ts';

// The preload entry (bundled to dist/preload/preload.cjs): the page gets window.ephemera and
// nothing else.
contextBridge.exposeInMainWorld(EPHEMERA_API_NAME, createEphemeraApi(ipcRenderer));
