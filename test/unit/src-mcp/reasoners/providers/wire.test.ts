// The two wire protocols against a local HTTP server: what each sends (key header, structured
// output request), how it reads answers, and how HTTP failures become ProviderErrors.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicClient, ANTHROPIC_VERSION } from '../../../../../src-mcp/reasoners/providers/anthropic.js';
import { openAiCompatibleClient } from '../../../../../src-mcp/reasoners/providers/openaiCompatible.js';
import { retryAfterMs } from '../../../../../src-mcp/reasoners/providers/http.js';
import type { ChatRequest } from '../../../../../src-mcp/reasoners/providers/types.js';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
type Handler = (seen: Seen) => { status: number; body: unknown; headers?: Record<string, string>; delayMs?: number };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => { s.closeAllConnections(); s.close(resolve); })));
});

async function serve(handler: Handler): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const entry = { url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') as Record<string, unknown> };
      seen.push(entry);
      const reply = handler(entry);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const REQUEST: ChatRequest = {
  model: 'm-1',
  system: 'system text',
  messages: [{ role: 'user', content: 'do it' }],
  schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { ok: { type: 'boolean' } } },
  maxOutputTokens: 100,
};
const signal = () => new AbortController().signal;

describe('Anthropic Messages', () => {
  it('forces a result tool with the output schema and reads its input', async () => {
    const { base, seen } = await serve(() => ({ status: 200, body: { model: 'claude-x', content: [{ type: 'tool_use', name: 'submit_result', input: { ok: true } }], usage: { input_tokens: 12, output_tokens: 3 } } }));
    const answer = await anthropicClient({ label: 'anthropic', baseUrl: `${base}/`, apiKey: 'k-123', timeoutMs: 2000 }).chat(REQUEST, signal());
    expect(answer).toMatchObject({ value: { ok: true }, model: 'claude-x', usage: { inputTokens: 12, outputTokens: 3 } });
    expect(seen[0]?.url).toBe('/v1/messages');
    expect(seen[0]?.headers['x-api-key']).toBe('k-123');
    expect(seen[0]?.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(seen[0]?.body).toMatchObject({ model: 'm-1', system: 'system text', tool_choice: { type: 'tool', name: 'submit_result' } });
    expect((seen[0]?.body.tools as Array<{ input_schema: Record<string, unknown> }>)[0]?.input_schema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } } });
  });

  it('falls back to the text when the model did not call the tool', async () => {
    const { base } = await serve(() => ({ status: 200, body: { content: [{ type: 'text', text: '{"ok": false}' }] } }));
    const answer = await anthropicClient({ label: 'anthropic', baseUrl: `${base}/v1`, apiKey: undefined, timeoutMs: 2000 }).chat(REQUEST, signal());
    expect(answer).toMatchObject({ text: '{"ok": false}', model: 'm-1' });
    expect(answer.value).toBeUndefined();
  });

  it.each([
    [401, 'auth', false],
    [403, 'auth', false],
    [429, 'rate_limited', true],
    [500, 'server', true],
    [529, 'server', true],
    [400, 'bad_request', false],
    [404, 'bad_request', false],
  ])('turns HTTP %i into %s (retryable: %s)', async (status, code, retryable) => {
    const { base } = await serve(() => ({ status, body: { error: { message: `status ${status} from the API` } }, headers: { 'retry-after': '7' } }));
    const failure = await anthropicClient({ label: 'anthropic', baseUrl: base, apiKey: 'k', timeoutMs: 2000 }).chat(REQUEST, signal()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code, status, retryable, message: expect.stringContaining(`status ${status} from the API`) });
    if (status === 429) expect(failure).toMatchObject({ retryAfterMs: 7000 });
  });

  it('times out a slow answer and tells cancellation apart', async () => {
    const { base } = await serve(() => ({ status: 200, body: {}, delayMs: 2000 }));
    const client = anthropicClient({ label: 'anthropic', baseUrl: base, apiKey: 'k', timeoutMs: 100 });
    await expect(client.chat(REQUEST, signal())).rejects.toMatchObject({ code: 'timeout', retryable: true });
    const controller = new AbortController();
    const pending = client.chat(REQUEST, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports an unreachable server as a network failure', async () => {
    await expect(anthropicClient({ label: 'anthropic', baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2000 }).chat(REQUEST, signal())).rejects.toMatchObject({ code: 'network', retryable: true });
  });
});

describe('OpenAI-compatible chat completions', () => {
  it('asks for json_schema output and sends the key as a bearer token', async () => {
    const { base, seen } = await serve(() => ({ status: 200, body: { model: 'gpt-x', choices: [{ message: { content: '{"ok":true}' } }], usage: { prompt_tokens: 5, completion_tokens: 2 } } }));
    const answer = await openAiCompatibleClient({ label: 'openai', baseUrl: `${base}/v1`, apiKey: 'sk-1', timeoutMs: 2000 }).chat(REQUEST, signal());
    expect(answer).toMatchObject({ text: '{"ok":true}', model: 'gpt-x', usage: { inputTokens: 5, outputTokens: 2 } });
    expect(seen[0]?.url).toBe('/v1/chat/completions');
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-1');
    expect(seen[0]?.body.messages).toEqual([{ role: 'system', content: 'system text' }, { role: 'user', content: 'do it' }]);
    expect(seen[0]?.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'work_item_result', schema: { type: 'object', properties: { ok: { type: 'boolean' } } }, strict: false } });
  });

  it('needs no key for a local server and finds its /v1 API from the bare host', async () => {
    const { base, seen } = await serve(() => ({ status: 200, body: { choices: [{ message: { content: '{}' } }] } }));
    await openAiCompatibleClient({ label: 'ollama', baseUrl: base, apiKey: undefined, timeoutMs: 2000 }).chat(REQUEST, signal());
    expect(seen[0]?.url).toBe('/v1/chat/completions');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('steps down to json_object, then to no response_format, and remembers what works', async () => {
    const { base, seen } = await serve(({ body }) => {
      const format = (body.response_format as { type?: string } | undefined)?.type;
      return format === undefined ? { status: 200, body: { choices: [{ message: { content: '{}' } }] } } : { status: 400, body: { error: { message: `unsupported response_format ${format}` } } };
    });
    const client = openAiCompatibleClient({ label: 'local', baseUrl: `${base}/v1`, apiKey: undefined, timeoutMs: 2000 });
    await client.chat(REQUEST, signal());
    await client.chat(REQUEST, signal());
    expect(seen.map((s) => (s.body.response_format as { type?: string } | undefined)?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'none', 'none']);
  });

  it('does not step down for a 400 about something else', async () => {
    const { base, seen } = await serve(() => ({ status: 400, body: { error: { message: 'The model `nope` does not exist' } } }));
    await expect(openAiCompatibleClient({ label: 'openai', baseUrl: `${base}/v1`, apiKey: 'k', timeoutMs: 2000 }).chat(REQUEST, signal())).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('does not exist') });
    expect(seen).toHaveLength(1);
  });

  it('reports a refusal as an unusable answer', async () => {
    const { base } = await serve(() => ({ status: 200, body: { choices: [{ message: { content: null, refusal: 'I cannot help with that.' } }] } }));
    await expect(openAiCompatibleClient({ label: 'openai', baseUrl: `${base}/v1`, apiKey: 'k', timeoutMs: 2000 }).chat(REQUEST, signal())).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining('I cannot help with that.') });
  });
});

describe('retry-after', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2.5' }), now)).toBe(2500);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });
});
