// The folder picker routes: offered only by a host that has a native picker (Electron), answered
// with UNAVAILABLE and a reason by one that has not (the web host), and never throwing.
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../../src-main/host/router.js';
import { NO_FOLDER_PICKER } from '../../../../src-main/host/knowledge.handlers.js';
import { routerDeps, scriptedTools, toolSuccess } from './fakes.js';

const noTools = () => scriptedTools(() => toolSuccess({}));

describe('knowledge.folders.* without a native picker (web host)', () => {
  it('says the picker is unavailable and why, so the GUI shows no dead button', async () => {
    const router = createRouter(routerDeps(noTools().callTool));
    expect(await router.invoke('knowledge.folders.picker', {})).toEqual({ ok: true, data: { available: false, reason: NO_FOLDER_PICKER } });
    expect(NO_FOLDER_PICKER).toMatch(/Type \(or paste\) the folder path/);
  });

  it('answers a pick with UNAVAILABLE instead of pretending', async () => {
    const tools = noTools();
    const router = createRouter(routerDeps(tools.callTool));
    expect(await router.invoke('knowledge.folders.pick', {})).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: NO_FOLDER_PICKER } });
    expect(tools.calls).toEqual([]);
  });
});

describe('knowledge.folders.* with a native picker (Electron)', () => {
  it('returns the chosen folder, or null when the scientist cancels', async () => {
    const answers: Array<string | null> = ['/home/ana/papers', null];
    const router = createRouter({ ...routerDeps(noTools().callTool), pickFolder: async () => answers.shift() ?? null });
    expect(await router.invoke('knowledge.folders.picker', {})).toEqual({ ok: true, data: { available: true, reason: null } });
    expect(await router.invoke('knowledge.folders.pick', {})).toEqual({ ok: true, data: { path: '/home/ana/papers' } });
    expect(await router.invoke('knowledge.folders.pick', {})).toEqual({ ok: true, data: { path: null } });
  });

  it('turns a picker that fails into an INTERNAL result with the reason', async () => {
    const router = createRouter({
      ...routerDeps(noTools().callTool),
      pickFolder: () => Promise.reject(new Error('no window to attach the dialog to')),
    });
    expect(await router.invoke('knowledge.folders.pick', {})).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'The folder picker could not be opened: no window to attach the dialog to' },
    });
  });

  it('takes no parameters: a page cannot steer the dialog to a path', async () => {
    let opened = 0;
    const router = createRouter({
      ...routerDeps(noTools().callTool),
      pickFolder: async () => {
        opened += 1;
        return '/x';
      },
    });
    expect(await router.invoke('knowledge.folders.pick', { defaultPath: '/etc' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(opened).toBe(0);
  });
});
