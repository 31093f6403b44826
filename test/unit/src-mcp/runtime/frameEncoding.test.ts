// A frame made in pieces (src-mcp/runtime/frameEncoding.ts) is byte for byte JSON.stringify's line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../../src-mcp/runtime/frameEncoding.js';

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;

describe('encodeFrame', () => {
  it('writes a page with wide characters in its text and some rows exactly as JSON.stringify does', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `hyp_${i}`, summary: i % 7 === 0 ? `α-synuclein — ${i} 🧪` : `plain ${i}`, elo: 1000.5 + i, ci95: { low: 1, high: 2 }, parents: [] }));
    const message = { result: { content: [{ type: 'text', text: '1. H1 — Elo 1012 “quoted”' }], structuredContent: { rows, next_cursor: null } }, jsonrpc: '2.0', id: 7 };
    expect(encodeFrame(message).toString('utf8')).toBe(line(message));
  });

  it('writes pages longer than a run with wide characters first, late, alone or in none of the rows exactly as JSON.stringify does', () => {
    const page = (wideAt: (i: number) => boolean, length: number): unknown => ({
      jsonrpc: '2.0',
      id: 3,
      result: { structuredContent: { rows: Array.from({ length }, (_, i) => (i === 5 ? undefined : { id: `hyp_${i}`, summary: wideAt(i) ? `TGF-β ${i}` : `plain ${i}`, rank: i })) } },
    });
    for (const length of [0, 1, 2, 15, 16, 17, 33, 500]) {
      for (const wideAt of [() => false, (i: number) => i === 0, (i: number) => i === length - 1, (i: number) => i === 20, (i: number) => i % 10 === 3]) {
        const message = page(wideAt, length);
        expect(encodeFrame(message).equals(Buffer.from(line(message), 'utf8'))).toBe(true);
      }
    }
  });

  it('leaves out what JSON.stringify leaves out, and writes null for it in arrays', () => {
    const message = { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, 2], e: { f: undefined, g: new Date(0) }, h: { toJSON: () => undefined }, i: 'x' };
    expect(encodeFrame(message).toString('utf8')).toBe(line(message));
  });

  it('refuses a message with no JSON text', () => {
    expect(() => encodeFrame(undefined)).toThrow(TypeError);
  });

  it('matches JSON.stringify on arbitrary JSON-RPC-like messages, Unicode included', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(text, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(value, fc.array(value, { maxLength: 40 }), fc.integer(), (result, rows, id) => {
        const message = { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'x' }], structuredContent: { rows: [result, result, ...rows] } } };
        expect(encodeFrame(message).equals(Buffer.from(line(message), 'utf8'))).toBe(true);
        expect(encodeFrame(result === undefined ? null : result).equals(Buffer.from(line(result === undefined ? null : result), 'utf8'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
