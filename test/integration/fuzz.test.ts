// Fuzz over real stdio: seeded random and malformed tool calls and raw frames, pipelined into two
// server processes (an assistant and the desktop) on one database that holds a realistic state.
// The server must never exit, answer every request (every frame with a valid JSON-RPC envelope and
// an id) exactly once with a clear error or a result that validates against the tool's
// outputSchema, never fail internally, audit every tool call, and leave an intact database whose
// audit chain verifies. Reproduce a failure with the printed seed: COSCI_FUZZ_SEED=<seed>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv, { type ValidateFunction } from 'ajv/dist/2020.js';
import { closeDatabase, writeTransaction } from '../../src-mcp/store/database.js';
import { scalars } from '../../src-mcp/store/sql.js';
import { upsertPolicy } from '../../src-mcp/store/policies.js';
import { verifyAuditChain } from '../../src-mcp/store/audit.js';
import { defaultPolicy } from '../../src-mcp/mcp/access/identity.js';
import { reachCheckpoint, startProject } from '../support/engineDriver.js';
import { idKey, startRawServer, type JsonRpcId, type JsonRpcResponse, type RawServer, type ToolResult } from '../support/rawServer.js';
import { tempDataDir } from '../support/server.js';
import { errorEnvelopeProblems, readToolError } from '../support/toolErrors.js';
import { openStoreFor } from '../support/storeEngine.js';
import { inspectStore } from '../support/storeInspector.js';
import { testEngine } from '../support/testEngine.js';

const SEED = Number(process.env.COSCI_FUZZ_SEED ?? 20_261_122);
const FRAMES = Number(process.env.COSCI_FUZZ_FRAMES ?? 10_000);
/** Requests in flight per process: enough to keep the server's queue busy, bounded to keep memory flat. */
const WINDOW = 64;
const CLIENTS = ['fuzz-assistant', 'desktop'] as const;
/** JSON has no NaN or Infinity: these tokens are spliced into the raw text where a sentinel string stands. */
const NUMBER_TOKENS = ['1e309', '-1e309', '1e-400', '-0', '123456789012345678901234567890', '0.30000000000000004'];
const numberSentinel = (token: string): string => `\u0000NUM:${token}\u0000`;

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; maxItems?: number; anyOf?: JsonSchema[] };
interface ToolSpec { name: string; inputSchema: JsonSchema; outputSchema: JsonSchema }
interface Pools { projects: string[]; hypotheses: string[]; checkpoints: string[]; tasks: string[]; collections: string[] }

/** What one frame is, before it gets its id. */
type Template =
  | { kind: 'tool'; name: string; args: unknown; shape: ArgShape }
  | { kind: 'request'; method: string; params: unknown; crlf?: boolean; invalidUtf8?: boolean }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'raw'; label: string; line: string | Uint8Array };

/** How the arguments of a tool call were made (for the summary: how deep the fuzz got). */
type ArgShape = 'valid' | 'edge' | 'wrong-types' | 'random-object' | 'not-an-object';

interface Frame { index: number; line: string | Buffer; id?: JsonRpcId; template: Template }

// ---- generators -------------------------------------------------------------------------------

// Mostly 10 k characters, rarely 1 M (a 2 MB line): big enough to matter, rare enough to keep the run short.
const hugeString = fc.oneof({ weight: 60, arbitrary: fc.constant(10_000) }, { weight: 6, arbitrary: fc.constant(100_000) }, { weight: 1, arbitrary: fc.constant(1_000_000) }).map((n) => 'ω'.repeat(n));
const nasty = fc.constantFrom('', ' ', '\u0000', '\u202Ebidi', '🧬🧪'.repeat(50), "'; DROP TABLE projects; --", '<script>alert(1)</script>', '../../../etc/passwd', '%s%n', '{{7*7}}', 'null', 'NaN', 'Infinity', '__proto__');
const specialNumber = fc.constantFrom(...NUMBER_TOKENS).map(numberSentinel);
const deepNest = fc.integer({ min: 10, max: 3_000 }).chain((depth) => fc.constantFrom<'array' | 'object'>('array', 'object').map((shape) => nest(depth, shape)));
const wrongValue = fc.oneof(
  fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.string(), fc.string({ unit: 'grapheme' }), nasty, specialNumber,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.object({ maxDepth: 2 }), deepNest,
  { weight: 1, arbitrary: hugeString },
);

function nest(depth: number, shape: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = shape === 'array' ? [value] : { n: value };
  return value;
}

/** `valid`: what a careful assistant would send (real ids, values in range); `edge`: boundaries, near misses, junk. */
type Mode = 'valid' | 'edge';

function stringFor(name: string, schema: JsonSchema, pools: Pools, mode: Mode): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) {
    const values = fc.constantFrom(...schema.enum);
    return mode === 'valid' ? values : fc.oneof(values, values.map((v) => String(v).toUpperCase()), nasty);
  }
  const pick = (pool: string[]): fc.Arbitrary<unknown> =>
    mode === 'valid' ? fc.constantFrom(...pool) : fc.oneof(fc.constantFrom(...pool), fc.constantFrom(...pool).map((id) => `${id}x`), fc.string({ maxLength: 20 }), nasty);
  if (/research_id/.test(name)) return pick(pools.projects);
  if (/hypothesis_id|first_id|second_id|winner_id|partner_id/.test(name)) return pick(pools.hypotheses);
  if (/checkpoint_id/.test(name)) return pick(pools.checkpoints);
  if (/task_id/.test(name)) return pick(pools.tasks);
  if (/collection/.test(name)) return pick(pools.collections);
  if (/cursor/.test(name)) return fc.oneof(fc.base64String({ maxLength: 40 }), fc.string(), fc.constant('eyJ4IjoxfQ'));
  if (/path/.test(name)) return fc.constantFrom('/nonexistent/papers', '/etc', '~/', '..', 'relative/dir', '\\\\server\\share', '/proc/self/mem');
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 300, 250_000);
  const text = (n: number): string => 'Find novel targets for liver fibrosis. '.repeat(Math.ceil(n / 39) + 1).slice(0, n);
  if (mode === 'valid') return fc.integer({ min: Math.max(min, 12), max: Math.max(min, Math.min(max, 120)) }).map(text);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(Math.max(0, min - 1), min, max, max + 1).map(text) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, 60) }) },
    { weight: 1, arbitrary: nasty },
  );
}

function valueFor(name: string, schema: JsonSchema, pools: Pools, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type ?? (schema.anyOf?.[0]?.type as string | undefined);
  switch (type) {
    case 'string':
      return stringFor(name, schema, pools, mode);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1;
      const max = schema.maximum ?? 1_000;
      // Small counts keep valid calls cheap (a count of 50 asks for 50 hypotheses).
      if (mode === 'valid') return fc.integer({ min, max: Math.max(min, Math.min(max, min + 3)) });
      return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(min - 1, min, max, max + 1, 0, -1, 1, 0.5, 2 ** 31, 2 ** 53 + 2) }, { weight: 2, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: specialNumber });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = schema.items === undefined || depth > 2 ? fc.jsonValue({ maxDepth: 1 }) : valueFor(name, schema.items, pools, mode, depth + 1);
      return fc.array(item, { maxLength: mode === 'valid' ? 2 : Math.min((schema.maxItems ?? 4) + 1, 20) });
    }
    default:
      return fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), fc.constant({}), fc.constant({ hypotheses: [] }));
  }
}

/** Arguments that look like a real call: the tool's own properties, real ids, values in range or at the edges. */
function validLooking(spec: ToolSpec, pools: Pools, mode: Mode): fc.Arbitrary<unknown> {
  const properties = Object.entries(spec.inputSchema.properties ?? {}).filter(([key]) => mode === 'edge' || !/cursor/.test(key));
  const required = new Set(spec.inputSchema.required ?? []);
  const fields = properties.map(([key, schema]) =>
    fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), valueFor(key, schema, pools, mode)).map(([roll, value]) => (roll < (required.has(key) ? (mode === 'valid' ? 1 : 0.95) : 0.5) ? [[key, value] as const] : [])),
  );
  const extra = mode === 'valid' ? fc.constant(null) : fc.option(fc.tuple(fc.constantFrom('api_key', '__proto__', 'constructor', 'hypotheses_count', 'x'.repeat(300)), wrongValue), { freq: 4 });
  return fc.tuple(fc.tuple(...fields), extra).map(([chosen, more]) => Object.fromEntries([...chosen.flat(), ...(more === null ? [] : [more])]));
}

/** The tool's own property names with values of the wrong type, huge, deep or unrepresentable. */
function wrongTypes(spec: ToolSpec): fc.Arbitrary<unknown> {
  const keys = Object.keys(spec.inputSchema.properties ?? {});
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 3 });
  return fc.array(fc.tuple(fc.constantFrom(...keys), wrongValue), { minLength: 1, maxLength: keys.length }).map((pairs) => Object.fromEntries(pairs));
}

function toolCall(specs: ToolSpec[], pools: Pools): fc.Arbitrary<Template> {
  const names = specs.map((spec) => spec.name);
  const name = fc.oneof(
    { weight: 14, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).chain((n) => fc.constantFrom(n.toUpperCase(), `${n} `, `co-scientist.${n}`, n.replace(/_/g, '-'), `${n}\u0000`)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('', '__proto__', 'constructor', 'toString', 'x'.repeat(10_000))) },
  );
  return name.chain((toolName) => {
    const spec = specs.find((s) => s.name === toolName) ?? (specs[0] as ToolSpec);
    const shaped = (shape: ArgShape, args: fc.Arbitrary<unknown>): fc.Arbitrary<Template> => args.map((a) => ({ kind: 'tool' as const, name: toolName, args: a, shape }));
    return fc.oneof(
      { weight: 5, arbitrary: shaped('valid', validLooking(spec, pools, 'valid')) },
      { weight: 4, arbitrary: shaped('edge', validLooking(spec, pools, 'edge')) },
      { weight: 2, arbitrary: shaped('wrong-types', wrongTypes(spec)) },
      { weight: 2, arbitrary: shaped('random-object', fc.object({ maxDepth: 3 })) },
      { weight: 1, arbitrary: shaped('not-an-object', fc.oneof(fc.constant(undefined), fc.constant(null), fc.array(fc.integer()), fc.string(), fc.integer())) },
    );
  });
}

function otherRequest(pools: Pools): fc.Arbitrary<Template> {
  const uri = fc.oneof(
    fc.constantFrom(...pools.projects.map((id) => `research://projects/${id}`), ...pools.hypotheses.map((id) => `hypothesis://${id}`), 'research://projects', 'research://projects/../../etc/passwd'),
    fc.webUrl(), fc.string(),
  );
  const request = (method: string, params: fc.Arbitrary<unknown>): fc.Arbitrary<Template> => params.map((p) => ({ kind: 'request' as const, method, params: p }));
  return fc.oneof(
    request('ping', fc.constant(undefined)),
    request('ping', fc.record({ pad: hugeString })),
    request('tools/list', fc.option(fc.record({ cursor: fc.string() }), { nil: undefined })),
    request('resources/list', fc.constant({})),
    request('resources/templates/list', fc.constant({})),
    request('resources/read', fc.record({ uri })),
    request('resources/read', fc.record({ uri: wrongValue })),
    request('resources/subscribe', fc.record({ uri })),
    request('prompts/list', fc.constant({})),
    request('prompts/get', fc.record({ name: fc.oneof(fc.string(), fc.constantFrom('generate_hypotheses', 'review_hypothesis')), arguments: fc.dictionary(fc.string({ maxLength: 10 }), fc.string()) })),
    request('completion/complete', fc.record({ ref: fc.record({ type: fc.constantFrom('ref/resource', 'ref/prompt'), uri: fc.string(), name: fc.string() }), argument: fc.record({ name: fc.string(), value: fc.string() }) })),
    request('logging/setLevel', fc.record({ level: fc.constantFrom('debug', 'emergency', 'loud') })),
    request('initialize', fc.record({ protocolVersion: fc.constantFrom('2025-06-18', '2024-11-05', '1999-01-01', ''), capabilities: fc.constant({}), clientInfo: fc.record({ name: fc.string(), version: fc.string() }) })),
    fc.constantFrom('tools/call2', 'foo/bar', '', 'rpc.discover', '$/cancelRequest', 'TOOLS/LIST').map((method) => ({ kind: 'request' as const, method, params: {} })),
    request('ping', fc.constant(undefined)).map((t) => ({ ...t, crlf: true })),
    request('ping', fc.constant({ text: 'invalid utf-8 follows' })).map((t) => ({ ...t, invalidUtf8: true })),
  );
}

function notification(): fc.Arbitrary<Template> {
  return fc.oneof(
    fc.constant({ kind: 'notification' as const, method: 'notifications/initialized', params: undefined }),
    fc.record({ requestId: fc.oneof(fc.string(), fc.integer()), reason: fc.string() }).map((params) => ({ kind: 'notification' as const, method: 'notifications/cancelled', params })),
    fc.record({ progressToken: fc.string(), progress: fc.double() }).map((params) => ({ kind: 'notification' as const, method: 'notifications/progress', params })),
    fc.constantFrom('notifications/roots/list_changed', 'notifications/whatever', 'tools/call').map((method) => ({ kind: 'notification' as const, method, params: { name: 'start_research', arguments: { goal: 'A notification must never start a project' } } })),
  );
}

function rawLine(): fc.Arbitrary<Template> {
  const raw = (label: string, line: fc.Arbitrary<string | Uint8Array>): fc.Arbitrary<Template> => line.map((l) => ({ kind: 'raw' as const, label, line: l }));
  const envelope = (fields: Record<string, unknown>): string => JSON.stringify({ method: 'tools/list', ...fields });
  return fc.oneof(
    raw('not json', fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', '   ', '\t', 'null', '42', '"str"', 'true', '{', '}', '{"jsonrpc":"2.0","id":', '\uFEFF{"jsonrpc":"2.0","id":"bom","method":"ping"}'))),
    raw('truncated', fc.tuple(fc.constant('{"jsonrpc":"2.0","id":"cut","method":"tools/call","params":{"name":"start_research","arguments":{"goal":"Find targets for fibrosis"}}}'), fc.nat()).map(([line, at]) => line.slice(0, at % line.length))),
    raw('wrong version', fc.constantFrom<unknown>('1.0', '2', 2, 2.0, null, '2.0 ', '').map((v) => envelope({ jsonrpc: v, id: 'bad-version' }))),
    raw('no jsonrpc', fc.constant(envelope({ id: 'bad-nojsonrpc' }))),
    raw('bad id type', fc.constantFrom<unknown>(null, {}, [], true, 1.5, -0.1).map((id) => envelope({ jsonrpc: '2.0', id }))),
    raw('batch', fc.array(fc.constant({ jsonrpc: '2.0', id: 'bad-batch', method: 'ping' }), { maxLength: 3 }).map((batch) => JSON.stringify(batch))),
    raw('response from client', fc.constantFrom('{"jsonrpc":"2.0","id":"bad-resp","result":{}}', '{"jsonrpc":"2.0","id":"bad-resp","error":{"code":-1,"message":"x"}}')),
    raw('params not object', fc.constantFrom<unknown>(null, [], 'x', 1).map((params) => JSON.stringify({ jsonrpc: '2.0', id: 'bad-params', method: 'ping', params }))),
    raw('binary', fc.uint8Array({ minLength: 1, maxLength: 2_000 })),
    raw('huge garbage', fc.oneof({ weight: 9, arbitrary: fc.constant(100_000) }, { weight: 1, arbitrary: fc.constant(2_000_000) }).map((n) => `{"jsonrpc":"2.0","id":"bad-huge","method":${'9'.repeat(n)}`)),
    raw('deep nesting', fc.oneof({ weight: 9, arbitrary: fc.constant(1_000) }, { weight: 1, arbitrary: fc.constant(100_000) }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`)),
  );
}

function templates(specs: ToolSpec[], pools: Pools): fc.Arbitrary<Template> {
  return fc.oneof(
    { weight: 60, arbitrary: toolCall(specs, pools) },
    { weight: 15, arbitrary: otherRequest(pools) },
    { weight: 5, arbitrary: notification() },
    { weight: 20, arbitrary: rawLine() },
  );
}

/** Keeps the run bounded and the shared fixture alive; everything else is left as generated. */
function defuse(template: Template, client: string, fixtureProjects: ReadonlySet<string>): Template {
  if (template.kind !== 'tool' || template.args === null || typeof template.args !== 'object' || Array.isArray(template.args)) return template;
  const args = { ...(template.args as Record<string, unknown>) };
  // A real client waits up to 40 s for a decision; here that would only stretch the run.
  if (typeof args.wait_seconds === 'number' && args.wait_seconds > 1) args.wait_seconds = 1;
  if (typeof args.max_seconds === 'number' && args.max_seconds > 1) args.max_seconds = 1;
  // The desktop may allow folders for ingestion; a random one could be large. Listing is enough here.
  if (template.name === 'manage_knowledge_roots' && args.action === 'add') args.action = 'list';
  // Provider settings could point the background runner at any URL: tests never send traffic off this machine.
  if (template.name === 'configure_providers') {
    for (const key of Object.keys(args)) delete args[key];
    args.action = 'list';
  }
  // Policy edits (desktop only) may target anyone but the fuzzing clients themselves, whose limits keep the run deep.
  if (typeof args.client_id === 'string' && (CLIENTS as readonly string[]).includes(args.client_id)) args.client_id = 'fuzz-bystander';
  if (client === 'desktop' && template.name === 'manage_research' && args.action === 'delete' && fixtureProjects.has(String(args.research_id))) args.action = 'pause';
  return { ...template, args };
}

function frameOf(template: Template, index: number, idPrefix: string): Frame {
  const id: JsonRpcId = index % 2 === 0 ? `${idPrefix}-${index}` : Number(`${idPrefix === 'a' ? 1 : 2}${String(index).padStart(7, '0')}`);
  const splice = (text: string): string => text.replace(/"\\u0000NUM:([^"\\]+)\\u0000"/g, '$1');
  const message = (body: Record<string, unknown>): string => splice(JSON.stringify({ jsonrpc: '2.0', ...body }));
  switch (template.kind) {
    case 'tool':
      return { index, id, template, line: message({ id, method: 'tools/call', params: template.args === undefined ? { name: template.name } : { name: template.name, arguments: template.args } }) };
    case 'request': {
      const text = message({ id, method: template.method, ...(template.params === undefined ? {} : { params: template.params }) });
      if (template.invalidUtf8 === true) return { index, id, template, line: Buffer.concat([Buffer.from(text.slice(0, -3)), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(text.slice(-3))]) };
      return { index, id, template, line: template.crlf === true ? `${text}\r` : text };
    }
    case 'notification':
      return { index, template, line: message({ method: template.method, ...(template.params === undefined ? {} : { params: template.params }) }) };
    case 'raw':
      // A malformed frame's id (where it has a readable one) is made unique, so its answer can be told apart.
      return { index, template, line: typeof template.line === 'string' ? template.line.replace(/"bad-([a-z]+)"/g, `"bad-$1-${idPrefix}${index}"`) : Buffer.from(template.line) };
  }
}

// ---- fixture ----------------------------------------------------------------------------------

async function seedFixture(dataDir: string): Promise<Pools> {
  const db = await openStoreFor(dataDir);
  try {
    for (const client of CLIENTS) {
      // Generous limits: the fuzz is about input handling, not the rate limiter (if one is configured).
      await writeTransaction(db, async () => await upsertPolicy(db, { ...defaultPolicy(client), ratePerMinute: 1_000_000, burst: 1_000_000, updatedAt: new Date().toISOString(), updatedBy: 'fuzz-fixture' }));
    }
    const completed = await startProject(db, { seed: 1 });
    for (let i = 0; i < 30; i += 1) {
      const next = await completed.workUntilDecision();
      if (next.kind !== 'awaiting_decision') break;
      for (const checkpoint of next.checkpoints) await completed.approve(checkpoint);
    }
    const tournament = await startProject(db, { seed: 2, budget: 4 });
    await reachCheckpoint(tournament, 'evolution_plan');
    await startProject(db, { seed: 3 });
    const column = (sql: string): Promise<string[]> => scalars<string>(db, sql);
    return {
      projects: await column('SELECT id FROM projects'),
      hypotheses: await column('SELECT id FROM hypotheses'),
      checkpoints: await column('SELECT id FROM checkpoints'),
      tasks: await column('SELECT id FROM tasks'),
      collections: ['Fuzz papers', 'fuzz PAPERS'],
    };
  } finally {
    await closeDatabase(db);
  }
}

// ---- checks -----------------------------------------------------------------------------------

interface Tally { knownSdkInvalidParams: number; byShape: Map<string, { ok: number; error: number }>; toolResults: number; toolErrors: Map<string, number>; rpcErrors: Map<number, number>; validated: number; requests: number }

function checkResponse(frame: Frame, response: JsonRpcResponse, validators: Map<string, ValidateFunction>, tally: Tally, problems: string[]): void {
  const where = (): string => `frame #${frame.index} (${JSON.stringify(frame.template).slice(0, 300)})`;
  if (response.error !== undefined) {
    const { code, message } = response.error;
    tally.rpcErrors.set(code, (tally.rpcErrors.get(code) ?? 0) + 1);
    if (!Number.isInteger(code) || typeof message !== 'string' || message.trim() === '') problems.push(`unclear JSON-RPC error ${JSON.stringify(response.error)} for ${where()}`);
    // -32603 means our code (or the SDK) threw where it should have refused the input. One SDK case is
    // known: spec methods other than tools/call answer schema-invalid params with -32603 (the message
    // still names the bad field); modelcontextprotocol/typescript-sdk#2284, fix proposed in #2492.
    if (code === -32603) {
      const sdk2284 = frame.template.kind === 'request' && /"path": \[\s*"params"/.test(message) && /Invalid input/.test(message);
      if (sdk2284) tally.knownSdkInvalidParams += 1;
      else problems.push(`internal error ${JSON.stringify(response.error).slice(0, 300)} for ${where()}`);
    }
    return;
  }
  if (frame.template.kind !== 'tool') return;
  const result = response.result as ToolResult;
  tally.toolResults += 1;
  const shape = tally.byShape.get(frame.template.shape) ?? { ok: 0, error: 0 };
  tally.byShape.set(frame.template.shape, shape);
  if (result.isError === true) shape.error += 1;
  else shape.ok += 1;
  const text = (result.content ?? []).map((block) => block.text ?? '').join('');
  if (result.isError === true) {
    const error = readToolError(result);
    const code = error?.code ?? '(missing)';
    tally.toolErrors.set(code, (tally.toolErrors.get(code) ?? 0) + 1);
    const unclear = [...errorEnvelopeProblems(result), ...(error !== null && error.message.length < 10 ? ['message under 10 characters'] : [])];
    if (unclear.length > 0) problems.push(`unclear tool error (${unclear.join('; ')}) ${JSON.stringify(result).slice(0, 300)} for ${where()}`);
    if (code === 'internal_error') problems.push(`internal_error for ${where()}`);
    return;
  }
  const validate = validators.get(frame.template.name);
  if (validate === undefined) {
    problems.push(`tool ${frame.template.name} succeeded but this client was never shown it, for ${where()}`);
  } else if (!validate(result.structuredContent)) {
    problems.push(`${frame.template.name} structuredContent does not match its outputSchema (${new Ajv().errorsText(validate.errors)}) for ${where()}`);
  } else if (text.trim() === '') {
    problems.push(`${frame.template.name} returned no text block for ${where()}`);
  } else {
    tally.validated += 1;
  }
}

async function drive(server: RawServer, frames: Frame[], validators: Map<string, ValidateFunction>, tally: Tally, problems: string[]): Promise<void> {
  // A sliding window of requests in flight: the server always has work queued, memory stays flat.
  let inflight = 0;
  const freed: Array<() => void> = [];
  const answered: Array<Promise<void>> = [];
  for (const frame of frames) {
    while (inflight >= WINDOW) await new Promise<void>((resolve) => freed.push(resolve));
    if (server.exitStatus !== undefined) {
      problems.push(`server exited ${JSON.stringify(server.exitStatus)} before frame #${frame.index}; stderr: ${server.stderr().slice(-1500)}`);
      break;
    }
    await server.sendLine(frame.line);
    if (frame.id === undefined) continue;
    inflight += 1;
    tally.requests += 1;
    answered.push(
      server
        .waitForResponse(frame.id, 30_000, `frame #${frame.index}`)
        .then(
          (response) => checkResponse(frame, response, validators, tally, problems),
          (error: unknown) => {
            problems.push(`no response: ${(error as Error).message.slice(0, 400)} — frame ${JSON.stringify(frame.template).slice(0, 300)}`);
          },
        )
        .finally(() => {
          inflight -= 1;
          freed.shift()?.();
        }),
    );
  }
  await Promise.all(answered);
}

// ---- the test ---------------------------------------------------------------------------------

const servers: RawServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
});

describe(`fuzz: ${FRAMES} random and malformed frames over stdio (seed ${SEED})`, () => {
  let dataDir: string;
  let pools: Pools;
  const auditedBefore = new Map<string, number>();
  beforeAll(async () => {
    dataDir = tempDataDir('cosci-fuzz');
    pools = await seedFixture(dataDir);
    // The knowledge base through its public surface: a collection linked to a project.
    const desktop = await startRawServer({ dataDir, client: 'desktop' });
    await desktop.call('manage_collections', { action: 'create', collection_name: 'Fuzz papers', research_id: pools.projects[0] });
    await desktop.call('augment_knowledge', { content: 'TGF-beta drives hepatic stellate cell activation in liver fibrosis.', source: 'https://doi.org/10.1000/fuzz', collection: 'Fuzz papers', title: 'Stellate cells' });
    await desktop.close();
    await inspectStore(dataDir, async (db) => {
      for (const client of CLIENTS) auditedBefore.set(client, (await db.scalar<number>("SELECT COUNT(*) FROM audit_log WHERE client_id = ? AND action LIKE 'tool:%'", [client])) ?? 0);
    });
  });

  it('never exits, answers every request once and clearly, audits every tool call, and leaves an intact database', async () => {
    const problems: string[] = [];
    const tallies: Tally[] = [];
    // COSCI_FUZZ_PROFILE=<dir> writes a CPU profile of each server, to see where a slow run goes.
    const profile = process.env.COSCI_FUZZ_PROFILE;
    const ready = await Promise.all(
      CLIENTS.map(async (client) => {
        const server = await startRawServer({ dataDir, client, keepLines: false, nodeArgs: profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`] });
        servers.push(server);
        const listed = await server.request('tools/list');
        return { server, specs: (listed.result as { tools: ToolSpec[] }).tools };
      }),
    );
    // Every frame is made before any is sent: making them takes seconds of this thread, and no
    // request may be waiting for its answer meanwhile (its timeout would fire before the answer is read).
    const fixtureProjects = new Set(pools.projects);
    const framesOf = CLIENTS.map((client, processIndex) =>
      fc
        .sample(templates(ready[processIndex]?.specs ?? [], pools), { seed: SEED + processIndex, numRuns: Math.ceil(FRAMES / CLIENTS.length) })
        .map((template, index) => frameOf(defuse(template, client, fixtureProjects), index, processIndex === 0 ? 'a' : 'b')),
    );
    await Promise.all(
      CLIENTS.map(async (client, processIndex) => {
        const { server, specs } = ready[processIndex] as { server: RawServer; specs: ToolSpec[] };
        const frames = framesOf[processIndex] as Frame[];
        const ajv = new Ajv({ strict: false, allErrors: true });
        const validators = new Map(specs.map((spec) => [spec.name, ajv.compile(spec.outputSchema)]));
        const started = Date.now();
        const tally: Tally = { knownSdkInvalidParams: 0, byShape: new Map(), toolResults: 0, toolErrors: new Map(), rpcErrors: new Map(), validated: 0, requests: 0 };
        tallies[processIndex] = tally;
        const problemsBefore = problems.length;
        await drive(server, frames, validators, tally, problems);
        // An internal error is explained only in the server's log: keep it with the failure.
        if (problems.slice(problemsBefore).some((problem) => problem.includes('internal error') || problem.includes('internal_error'))) {
          problems.push(`${client} server log of the failures: ${server.failures().join('\n') || server.stderr().slice(-2000)}`);
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);

        // Still alive and still answering, stdout clean, no id answered twice, nothing answered that was not asked.
        expect(server.exitStatus, `${client} server exited`).toBeUndefined();
        expect((await server.request('ping')).result).toEqual({});
        expect((await server.request('tools/list')).result?.tools).toHaveLength(specs.length);
        expect(server.badLines.slice(0, 3), `${client}: stdout lines that are not JSON-RPC`).toEqual([]);
        const asked = new Set(frames.filter((f) => f.id !== undefined).map((f) => idKey(f.id)));
        let malformedAnswers = server.nullIdResponses.length;
        for (const [key, list] of server.responses) {
          // A malformed frame is answered for its id; a batch once per element (JSON-RPC 2.0 §6).
          if (key.startsWith('string:bad-')) {
            malformedAnswers += list.length;
            if (!key.startsWith('string:bad-batch-') && list.length > 1) problems.push(`${client}: ${list.length} responses to malformed frame ${key}`);
            if (list.some((response) => response.error === undefined)) problems.push(`${client}: malformed frame ${key} answered without an error`);
            continue;
          }
          // An id no request carried, refused as an invalid request: a malformed frame with a readable id (e.g. 1.5).
          if (!asked.has(key) && list.every((response) => response.error?.code === -32600)) {
            malformedAnswers += list.length;
            continue;
          }
          if (list.length > 1) problems.push(`${client}: ${list.length} responses to id ${key}`);
          if (!asked.has(key) && !key.startsWith('string:req-')) problems.push(`${client}: response to id ${key}, which no valid request carried`);
        }
        // Every malformed line is answered (before: none was, and the client waited forever). Lines
        // that are blank, hold a newline of their own, or are a client's response carry no request.
        const mustAnswer = frames.filter((f) => {
          if (f.template.kind !== 'raw' || f.template.label === 'response from client') return false;
          const text = typeof f.line === 'string' ? f.line : f.line.toString('latin1');
          return text.trim() !== '' && !text.includes('\n') && !text.includes('\r');
        }).length;
        if (malformedAnswers < mustAnswer) problems.push(`${client}: ${mustAnswer} malformed lines, only ${malformedAnswers} answered`);
        const exit = await server.close();
        expect(exit, `${client} exit after stdin closed`).toEqual({ code: 0, signal: null });
        const toolErrors = [...tally.toolErrors].map(([code, n]) => `${code}=${n}`).join(' ');
        const rpcErrors = [...tally.rpcErrors].map(([code, n]) => `${code}=${n}`).join(' ');
        const silent = frames.filter((f) => f.id === undefined).length;
        const megabytes = (frames.reduce((sum, f) => sum + Buffer.byteLength(f.line), 0) / 1e6).toFixed(1);
        const shapes = [...tally.byShape].map(([shape, n]) => `${shape} ${n.ok}/${n.ok + n.error}`).join(', ');
        process.stderr.write(`fuzz ${client}: ${frames.length} frames (${megabytes} MB) in ${seconds} s: ${tally.requests} requests; ${silent} notifications and malformed lines, ${malformedAnswers} answers to malformed lines (${mustAnswer} required); ${tally.toolResults} tool results (${tally.validated} valid against outputSchema; succeeded by argument shape: ${shapes}; errors ${toolErrors}); JSON-RPC errors ${rpcErrors} (of which -32603 for invalid params of a spec method, typescript-sdk#2284: ${tally.knownSdkInvalidParams})\n`);
      }),
    );
    expect(problems.slice(0, 20), `seed ${SEED}: ${problems.length} problems`).toEqual([]);

    await inspectStore(dataDir, async (db) => {
      // SQLite's check of its own file; PostgreSQL checks its pages itself.
      if (testEngine() === 'sqlite') expect(await db.scalar('PRAGMA integrity_check')).toBe('ok');
      expect(await verifyAuditChain(db.db)).toMatchObject({ ok: true });
      // One audit row per tool call that reached a tool (an unknown name is a protocol error, never a call).
      for (const [i, client] of CLIENTS.entries()) {
        const audited = await db.scalar<number>("SELECT COUNT(*) FROM audit_log WHERE client_id = ? AND action LIKE 'tool:%'", [client]);
        expect((audited as number) - (auditedBefore.get(client) ?? 0), `${client} audit rows`).toBe(tallies[i]?.toolResults);
      }
      // A notification that names tools/call ran nothing.
      expect(await db.scalar("SELECT COUNT(*) FROM projects WHERE goal = 'A notification must never start a project'")).toBe(0);
    });
  }, Math.max(120_000, FRAMES * 40));
});
