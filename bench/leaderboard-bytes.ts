// Sizing the two byte levers of issue 17's "whole 10k leaderboard to the app ≤ 300 ms" before
// building either: the GUI's board (10 pages of 1,000 rows by column, as the app reads it) is read
// from the real server over stdio, then measured as the host handles it.
//   1. Fewer bytes: how much of the board is summaries, and its size with summaries cut to a
//      table-length prefix (the full text then fetched on demand).
//   2. No re-parse in the host: what parsing each page's frame and re-serialising its Result for
//      HTTP costs per board — the CPU a raw pass-through of the server's text would save.
// Run alone: `npm run build:node && node --import tsx bench/leaderboard-bytes.ts [hypotheses] [repeats]`.
import os from 'node:os';
import path from 'node:path';
import { connectServer } from '../test/support/server.js';
import { LEADERBOARD_DEFAULTS, loadSeeder } from './leaderboard.js';
import { tempDataDir } from './server.js';
import { percentile } from './stats.js';

type Page = { columns: { summary: string[] } & Record<string, unknown>; next_cursor: string | null } & Record<string, unknown>;

const SUMMARY_CAPS = [80, 120, 160] as const;
const MB = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

/** The board's pages as the server's frames carry them (JSON text of each page's structuredContent). */
async function readBoard(dataDir: string, researchId: string): Promise<string[]> {
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  try {
    const texts: string[] = [];
    let cursor: string | null = null;
    do {
      const result = await desktop.client.callTool({ name: 'get_leaderboard', arguments: { research_id: researchId, limit: 1000, format: 'columns', ...(cursor === null ? {} : { cursor }) } });
      if (result.isError === true) throw new Error(`get_leaderboard failed: ${JSON.stringify(result.content).slice(0, 300)}`);
      const page = result.structuredContent as Page;
      texts.push(JSON.stringify({ jsonrpc: '2.0', id: texts.length, result: { content: result.content, structuredContent: page } }));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return texts;
  } finally {
    await desktop.close();
  }
}

function withSummariesCut(frame: string, cap: number): string {
  const message = JSON.parse(frame) as { result: { structuredContent: Page } };
  const { columns } = message.result.structuredContent;
  columns.summary = columns.summary.map((s) => (s.length > cap ? `${s.slice(0, cap)}…` : s));
  return JSON.stringify(message);
}

/** The host's own copy work per board: parse every frame, serialise its Result for the browser. */
function hostCopyMs(frames: readonly string[], repeats: number): number[] {
  const samples: number[] = [];
  for (let r = 0; r < repeats; r += 1) {
    const started = performance.now();
    for (const frame of frames) {
      const message = JSON.parse(frame) as { result: { structuredContent: unknown } };
      JSON.stringify({ ok: true, data: message.result.structuredContent });
    }
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const hypotheses = Number(process.argv[2] ?? LEADERBOARD_DEFAULTS.hypotheses);
  const repeats = Number(process.argv[3] ?? 21);
  const data = await tempDataDir('lb-bytes');
  try {
    const dataDir = path.join(data.dir, 'data');
    const { seedTournament } = await loadSeeder();
    const seeded = await seedTournament(dataDir, { hypotheses, rounds: LEADERBOARD_DEFAULTS.rounds, seed: 11 });
    const frames = await readBoard(dataDir, seeded.projectId);
    const bytes = (texts: readonly string[]): number => texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
    const summaries = frames.reduce((n, f) => n + Buffer.byteLength(JSON.stringify((JSON.parse(f) as { result: { structuredContent: Page } }).result.structuredContent.columns.summary)), 0);
    const board = bytes(frames);
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`board: ${frames.length} pages, ${MB(board)}; summaries ${MB(summaries)} (${Math.round((100 * summaries) / board)}%)`);
    for (const cap of SUMMARY_CAPS) {
      const cut = bytes(frames.map((f) => withSummariesCut(f, cap)));
      console.log(`summaries cut to ${cap} chars: ${MB(cut)} (${(cut / board).toFixed(2)}× the board)`);
    }
    const copy = hostCopyMs(frames, repeats);
    console.log(`host parse + stringify per board: p50 ${percentile(copy, 50).toFixed(1)} ms, min ${(copy[0] ?? 0).toFixed(1)} ms (${repeats} runs, load ${load})`);
  } finally {
    await data.dispose();
  }
}

await main();
