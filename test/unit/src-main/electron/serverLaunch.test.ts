import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { resolveAppLayout } from '../../../../src-main/electron/paths.js';
import { findNode, resolveServerLaunch } from '../../../../src-main/electron/serverLaunch.js';
import { makeTempDir } from '../../../support/tempDirs.js';

const platform = process.platform;
const nodeName = platform === 'win32' ? 'node.exe' : 'node';
let binDir: string;
let fakeNode: string;

beforeAll(() => {
  binDir = makeTempDir('cosci-launch-');
  fakeNode = path.join(binDir, nodeName);
  fs.writeFileSync(fakeNode, '#!/bin/sh\n');
  fs.chmodSync(fakeNode, 0o755);
});

afterAll(() => fs.rmSync(binDir, { recursive: true, force: true }));

describe('resolveServerLaunch', () => {
  const electron = path.resolve('/opt/Co-Scientist/co-scientist');
  /** The launch for an app whose main script is `mainJs`, on a machine with a Node (COSCI_NODE_PATH). */
  const launchWithNodeAround = (mainJs: string, isPackaged: boolean) =>
    resolveServerLaunch({ layout: resolveAppLayout(mainJs), isPackaged, electronExecPath: electron, env: { COSCI_NODE_PATH: fakeNode }, platform });

  it('runs the unpacked server with the app binary as Node when packaged', () => {
    const resources = path.resolve('/opt/Co-Scientist/resources');
    // Even with a Node around, the packaged app uses its own binary: users need not install Node.
    const launch = launchWithNodeAround(path.join(resources, 'app.asar', 'dist', 'main', 'main.js'), true);
    expect(launch).toEqual({
      command: electron,
      args: [path.join(resources, 'app.asar.unpacked', 'dist', 'mcp', 'server.js')],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it('runs the checkout’s server with a real Node in development', () => {
    const root = path.resolve('/work/repo');
    const launch = launchWithNodeAround(path.join(root, 'dist', 'main', 'main.js'), false);
    expect(launch).toEqual({ command: fakeNode, args: [path.join(root, 'dist', 'mcp', 'server.js')] });
  });

  it('falls back to Electron as Node in development when no Node binary can be found', () => {
    const layout = resolveAppLayout(path.resolve('/work/repo/dist/main/main.js'));
    const env = { PATH: '' };
    const launch = resolveServerLaunch({ layout, isPackaged: false, electronExecPath: electron, env, platform });
    expect(launch).toEqual({ command: electron, args: [layout.serverEntry], env: { ELECTRON_RUN_AS_NODE: '1' } });
  });
});

describe('findNode', () => {
  it('prefers COSCI_NODE_PATH, then npm’s node, then PATH', () => {
    const elsewhere = makeTempDir('cosci-launch-path-');
    try {
      const pathNode = path.join(elsewhere, nodeName);
      fs.writeFileSync(pathNode, '');
      fs.chmodSync(pathNode, 0o755);
      const delimiter = platform === 'win32' ? ';' : ':';
      const all = { COSCI_NODE_PATH: fakeNode, npm_node_execPath: pathNode, PATH: elsewhere };
      expect(findNode(all, platform)).toBe(fakeNode);
      expect(findNode({ npm_node_execPath: fakeNode, PATH: elsewhere }, platform)).toBe(fakeNode);
      expect(findNode({ PATH: ['relative/bin', '', elsewhere].join(delimiter) }, platform)).toBe(pathNode);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('skips candidates that do not exist or are folders', () => {
    expect(findNode({ COSCI_NODE_PATH: path.join(binDir, 'missing'), PATH: binDir }, platform)).toBe(fakeNode);
    expect(findNode({ COSCI_NODE_PATH: binDir, PATH: '' }, platform)).toBeUndefined();
  });
});
