// The lab-server routes (src-shared/routes/lab.ts) over the host's LabControl (hostCore.ts, over
// lab/labAccount.ts): errors become values with a code the Settings section shows.
import type { labRoutes } from '../../src-shared/routes/lab.js';
import type { LabStatus } from './lab/labAccount.js';
import { describeError } from './log.js';
import type { RouteHandlers } from './routeHandlers.js';
import type { ToolOutcome } from './toolResult.js';

export interface LabControl {
  status(): LabStatus;
  setUrl(url: string): Promise<LabStatus>;
  signIn(): Promise<{ authorizationUrl: string }>;
  signOut(): Promise<LabStatus>;
  switchTo(side: 'local' | 'lab'): Promise<LabStatus>;
}

const NO_LAB = 'This host cannot connect to a lab server.';

export function createLabHandlers(lab: LabControl | undefined): RouteHandlers<typeof labRoutes> {
  const run = async (work: (lab: LabControl) => Promise<unknown>, code: 'INVALID_INPUT' | 'SERVER_UNAVAILABLE' | 'CONFLICT'): Promise<ToolOutcome> => {
    if (lab === undefined) return { ok: false, error: { code: 'UNAVAILABLE', message: NO_LAB } };
    try {
      return { ok: true, data: await work(lab) };
    } catch (error) {
      return { ok: false, error: { code, message: describeError(error) } };
    }
  };
  return {
    'lab.status': () => run(async (l) => l.status(), 'SERVER_UNAVAILABLE'),
    'lab.setUrl': (input) => run((l) => l.setUrl(input.url), 'INVALID_INPUT'),
    'lab.signIn': () => run(async (l) => ({ authorization_url: (await l.signIn()).authorizationUrl }), 'SERVER_UNAVAILABLE'),
    'lab.signOut': () => run((l) => l.signOut(), 'SERVER_UNAVAILABLE'),
    'lab.switch': (input) => run((l) => l.switchTo(input.to), 'CONFLICT'),
  };
}
