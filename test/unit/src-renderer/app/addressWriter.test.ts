// The app's history writes (src-renderer/app/addressWriter.ts): after the move, in order, and never
// over a Back or Forward the scientist made before they were written.
import { describe, expect, it } from 'vitest';
import { AddressWriter } from '../../../../src-renderer/app/addressWriter.js';

/** A history that keeps its entries, as the browser's does for pushState and replaceState. */
function recordingHistory() {
  const entries: string[] = ['#/projects'];
  return {
    entries,
    pushState: (_state: unknown, _unused: string, url?: string | URL | null) => void entries.push(String(url)),
    replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void entries.splice(-1, 1, String(url)),
  };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('AddressWriter', () => {
  it('writes nothing during the move, then every address in the order the app moved', async () => {
    const history = recordingHistory();
    const writer = new AddressWriter(history);
    writer.write('push', '#/leaderboard');
    writer.write('replace', '#/leaderboard?project=res_1');
    writer.write('push', '#/leaderboard?project=res_1&hypothesis=hyp_2');
    expect(history.entries).toEqual(['#/projects']);
    await nextTask();
    expect(history.entries).toEqual(['#/projects', '#/leaderboard?project=res_1', '#/leaderboard?project=res_1&hypothesis=hyp_2']);
  });

  it('writes at once when flushed, and only once', async () => {
    const history = recordingHistory();
    const writer = new AddressWriter(history);
    writer.write('push', '#/inbox');
    writer.flush();
    expect(history.entries).toEqual(['#/projects', '#/inbox']);
    await nextTask();
    expect(history.entries).toEqual(['#/projects', '#/inbox']);
  });

  it('forgets what it has not written when dropped, and keeps writing later moves', async () => {
    const history = recordingHistory();
    const writer = new AddressWriter(history);
    writer.write('push', '#/audit');
    writer.drop();
    await nextTask();
    expect(history.entries).toEqual(['#/projects']);
    writer.write('push', '#/settings');
    await nextTask();
    expect(history.entries).toEqual(['#/projects', '#/settings']);
  });
});
