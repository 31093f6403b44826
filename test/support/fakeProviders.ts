// Local fake LLM APIs for tests and the benchmark: an HTTP server on 127.0.0.1 that speaks the
// Anthropic Messages or the OpenAI chat-completions wire protocol. By default it answers every
// work item with a valid result (the same fake reasoning as the delegated tests); a script can
// make any request fail the ways real APIs do (429 with retry-after, 5xx, a refused key, a slow
// or malformed answer). Every request is recorded with the work item it carried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fakeResult, type WorkItemLike } from './fakeAssistant.js';
import { callOk, type ConnectedServer, type Structured } from './server.js';

export type Protocol = 'anthropic' | 'openai';

export type Reply =
  /** A valid result for the work item. */
  | { kind: 'ok' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** The model's answer as plain text (e.g. not JSON at all). */
  | { kind: 'text'; text: string }
  /** A JSON answer of the wrong shape. */
  | { kind: 'json'; value: unknown }
  /** Answers only after `ms` (past the client's timeout), then as `then`. */
  | { kind: 'slow'; ms: number; then?: Reply };

export interface RecordedRequest {
  /** Milliseconds since the fake started. */
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The work item in the prompt, when there is one. */
  item: WorkItemLike | null;
  /** A repair turn: the previous answer and its errors were sent back. */
  repair: boolean;
  /** All the text of the conversation (prompt, previous answer, repair request). */
  text: string;
  /** The status answered; 0 while unanswered, or when the client hung up first. */
  status: number;
  /** Milliseconds since the fake started when the exchange ended (answered, or the client hung up). */
  closedAt: number | null;
}

export interface FakeProviderOptions {
  protocol: Protocol;
  /** Added before every answer. */
  latencyMs?: number;
  /** Requests with another key are refused with 401 (anthropic: x-api-key; openai: bearer). */
  apiKey?: string;
  /** How to answer request number `index` (0-based); undefined answers normally. */
  script?: (request: RecordedRequest, index: number) => Reply | undefined;
  /** Hypothesis summaries, so the judge prefers the better one (see fakeAssistant.qualityOf). */
  summaries?: () => ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;
  /** OpenAI-compatible servers that do not know json_schema refuse it with a 400. */
  refuseJsonSchema?: boolean;
}

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** Requests currently being answered. */
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startFakeProvider(options: FakeProviderOptions): Promise<FakeProvider> {
  const started = Date.now();
  const requests: RecordedRequest[] = [];
  let active = 0;
  let peak = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      active += 1;
      peak = Math.max(peak, active);
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const record = describe(options.protocol, req, body, Date.now() - started);
      res.on('close', () => {
        active -= 1;
        record.closedAt = Date.now() - started;
      });
      const index = requests.push(record) - 1;
      const keyOk = options.apiKey === undefined || presentedKey(options.protocol, req.headers) === options.apiKey;
      const reply: Reply = !keyOk
        ? { kind: 'status', status: 401, body: { error: { type: 'authentication_error', message: 'invalid x-api-key' } } }
        : options.refuseJsonSchema === true && (body.response_format as { type?: string } | undefined)?.type === 'json_schema'
          ? { kind: 'status', status: 400, body: { error: { message: "response_format type 'json_schema' is not supported" } } }
          : (options.script?.(record, index) ?? { kind: 'ok' });
      later(options.latencyMs ?? 0, () => answer(options, record, reply, res, later));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: options.protocol === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`,
    requests,
    inFlight: () => active,
    maxInFlight: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(options: FakeProviderOptions, record: RecordedRequest, reply: Reply, res: http.ServerResponse, later: (ms: number, work: () => void) => void): void {
  if (res.destroyed) return;
  switch (reply.kind) {
    case 'slow':
      later(reply.ms, () => answer(options, record, reply.then ?? { kind: 'ok' }, res, later));
      return;
    case 'status':
      record.status = reply.status;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
      return;
    case 'text':
      return send(res, record, options.protocol, { text: reply.text });
    case 'json':
      return send(res, record, options.protocol, { value: reply.value });
    case 'ok': {
      const item = record.item;
      if (item === null) return send(res, record, options.protocol, { value: { ok: true } });
      // Tests read the summaries from the store on either engine (storeInspector.ts): asynchronously.
      Promise.resolve(options.summaries?.() ?? new Map<string, string>()).then(
        (summaries) => {
          if (!res.destroyed) send(res, record, options.protocol, { value: fakeResult(item, summaries) });
        },
        (error: unknown) => {
          record.status = 500;
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `the fake provider could not read the summaries: ${String(error)}` } }));
        },
      );
      return;
    }
  }
}

function send(res: http.ServerResponse, record: RecordedRequest, protocol: Protocol, content: { text?: string; value?: unknown }): void {
  record.status = 200;
  const model = String(record.body.model ?? 'fake-model');
  const text = content.text ?? JSON.stringify(content.value);
  const usage = { input: Math.ceil(record.text.length / 4), output: Math.ceil(text.length / 4) };
  const body =
    protocol === 'anthropic'
      ? {
          id: `msg_${record.at}`,
          type: 'message',
          role: 'assistant',
          model,
          content: content.text !== undefined ? [{ type: 'text', text }] : [{ type: 'tool_use', id: 'toolu_1', name: 'submit_result', input: content.value }],
          stop_reason: content.text !== undefined ? 'end_turn' : 'tool_use',
          usage: { input_tokens: usage.input, output_tokens: usage.output },
        }
      : {
          id: `chatcmpl_${record.at}`,
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
        };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function describe(protocol: Protocol, req: http.IncomingMessage, body: Record<string, unknown>, at: number): RecordedRequest {
  const messages = (body.messages as Array<{ role: string; content: unknown }> | undefined) ?? [];
  const turns = messages.filter((m) => m.role !== 'system').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
  const text = [typeof body.system === 'string' ? body.system : '', ...messages.map((m) => (typeof m.content === 'string' ? m.content : ''))].join('\n');
  return { at, path: req.url ?? '', headers: req.headers, body, item: workItemIn(turns[0] ?? ''), repair: turns.length > 1, text, status: 0, closedAt: null };
}

/** The work item data block our prompts carry (reasoners/providers/prompt.ts). */
export function workItemIn(prompt: string): WorkItemLike | null {
  const match = /## Work item data\n```json\n(.*)\n```/.exec(prompt);
  if (match?.[1] === undefined) return null;
  const data = JSON.parse(match[1]) as { task_id: string; kind: WorkItemLike['kind']; context: Record<string, unknown> };
  return { task_id: data.task_id, kind: data.kind, context: data.context };
}

function presentedKey(protocol: Protocol, headers: http.IncomingHttpHeaders): string | undefined {
  if (protocol === 'anthropic') return headers['x-api-key'] as string | undefined;
  return headers.authorization?.replace(/^Bearer /, '');
}

/**
 * Hypothesis summaries read from a data dir's SQLite file (read-only), for a judge that knows
 * quality: the benchmark's reader (it runs under tsx, without the store's .sql loader). Tests,
 * which run on either engine, use storeInspector.ts `storeSummaries`.
 */
export function summariesFromDb(dataDir: string): () => ReadonlyMap<string, string> {
  return () => {
    const db = new Database(path.join(dataDir, 'co-scientist.db'), { readonly: true, fileMustExist: true });
    try {
      return new Map((db.prepare('SELECT id, summary FROM hypotheses').all() as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
    } finally {
      db.close();
    }
  };
}

export interface ProviderSetup {
  name?: string;
  protocol: Protocol;
  url: string;
  apiKey?: string;
  concurrency?: number;
  timeoutSeconds?: number;
  maxRetries?: number;
  prices?: Record<string, { input_per_1k: number; output_per_1k: number }>;
}

// callOk lives with the other server helpers (support/server.ts); re-exported for the provider suites.
export { callOk };

/** Stores a provider on the desktop's server and activates that process with its key (what the app does). */
export async function configureProvider(desktop: ConnectedServer, setup: ProviderSetup): Promise<Structured> {
  const name = setup.name ?? setup.protocol;
  await callOk(desktop, 'configure_providers', {
    action: 'set',
    provider: {
      name,
      kind: setup.protocol,
      base_url: setup.url,
      models: { generation: 'gen-model', review: 'review-model', judging: 'judge-model' },
      concurrency: setup.concurrency ?? 1,
      timeout_seconds: setup.timeoutSeconds ?? 10,
      max_retries: setup.maxRetries ?? 3,
      prices: setup.prices ?? {},
    },
    ...(setup.apiKey === undefined ? {} : { api_key: setup.apiKey }),
  });
  return callOk(desktop, 'configure_providers', { action: 'activate', api_keys: setup.apiKey === undefined ? {} : { [name]: setup.apiKey } });
}

/** Polls get_research_status until `done` holds (a state, not a fixed sleep); returns that status. */
export async function waitForStatus(server: ConnectedServer, researchId: string, done: (status: Structured) => boolean, timeoutMs: number, what: string): Promise<Structured> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await callOk(server, 'get_research_status', { research_id: researchId });
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last status: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
