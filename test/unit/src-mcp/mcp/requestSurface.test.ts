import { describe, expect, it } from 'vitest';
import { installs, requestSurfaceOf } from '../../../../src-mcp/mcp/requestSurface.js';

const call = (method: string) => ({ jsonrpc: '2.0', id: 1, method, params: {} });

describe('the surface a one-request server builds', () => {
  it('is the tools for a tool call or list, the resources for a read, the prompts for a prompt', () => {
    expect(requestSurfaceOf([call('tools/call')])).toBe('tools');
    expect(requestSurfaceOf([call('tools/list')])).toBe('tools');
    expect(requestSurfaceOf([call('resources/read')])).toBe('resources');
    expect(requestSurfaceOf([call('resources/templates/list')])).toBe('resources');
    expect(requestSurfaceOf([call('resources/subscribe')])).toBe('resources');
    expect(requestSurfaceOf([call('prompts/get')])).toBe('prompts');
  });

  it('is the whole surface wherever an answer could need more than one part', () => {
    for (const method of ['server/discover', 'initialize', 'completion/complete', 'subscriptions/listen', 'ping', 'notifications/initialized', 'toString', '__proto__']) {
      expect(requestSurfaceOf([call(method)]), method).toBe('whole');
    }
    expect(requestSurfaceOf([call('tools/call'), call('prompts/get')])).toBe('whole');
    expect(requestSurfaceOf([])).toBe('whole');
    expect(requestSurfaceOf(undefined)).toBe('whole');
    expect(requestSurfaceOf([null, 3, 'tools/call', { method: 7 }])).toBe('whole');
  });

  it('keeps a batch of one surface to that surface', () => {
    expect(requestSurfaceOf([call('tools/list'), call('tools/call')])).toBe('tools');
  });

  it('installs a part only for its own surface or the whole', () => {
    expect(installs('whole', 'prompts')).toBe(true);
    expect(installs('tools', 'tools')).toBe(true);
    expect(installs('tools', 'prompts')).toBe(false);
    expect(installs('resources', 'tools')).toBe(false);
  });
});
