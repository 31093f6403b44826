// What a vitest file opens — server processes, fake provider APIs — closed after each of its tests.
// Kept apart from server.ts and fakeProviders.ts, which Playwright specs and benchmarks import too
// and which must therefore not import vitest.
import { afterEach } from 'vitest';
import type { ConnectedServer } from './server.js';
import type { FakeProvider } from './fakeProviders.js';

/** The servers a test file connects (push them), all closed after each test. */
export function serversClosedAfterEach(): ConnectedServer[] {
  const open: ConnectedServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return open;
}

/** Servers and fake provider APIs (push them), all closed after each test; a server that fails to close does not fail the test. */
export function serversAndFakesClosedAfterEach(): { open: ConnectedServer[]; fakes: FakeProvider[] } {
  const open: ConnectedServer[] = [];
  const fakes: FakeProvider[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close().catch(() => undefined)));
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });
  return { open, fakes };
}
