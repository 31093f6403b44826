// The set-up most over-stdio tests share: an assistant and the desktop on one fresh data folder for
// each test, both closed after it (the data folder is removed with the run's temp folders).
import { afterEach, beforeEach } from 'vitest';
import { assistantAndDesktop, type AssistantAndDesktop } from './server.js';

/** Registers the hooks; `opened` receives each test's pair before the test runs. */
export function pairPerTest(opened: (pair: AssistantAndDesktop) => void): void {
  let pair: AssistantAndDesktop | undefined;
  beforeEach(async () => {
    pair = await assistantAndDesktop();
    opened(pair);
  });
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });
}
