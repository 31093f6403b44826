// The stdio line framer (src-shared/node/lineFramer.ts) the server and the desktop host both read with:
// however a stream is cut into chunks, the same lines come out, and a line over the limit comes out
// only as its ends and its length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineFramer, type DroppedLine } from '../../../../src-shared/node/lineFramer.js';

type Event = { line: string } | { dropped: { head: string; tail: string; bytes: number } };

function frame(chunks: Buffer[], maxLineBytes: number, keptEndBytes: number): Event[] {
  const events: Event[] = [];
  const framer = new LineFramer({
    maxLineBytes,
    keptEndBytes,
    onLine: (line) => events.push({ line: line.toString('latin1') }),
    onDropped: (dropped: DroppedLine) => events.push({ dropped: { head: dropped.head.toString('latin1'), tail: dropped.tail.toString('latin1'), bytes: dropped.bytes } }),
  });
  for (const chunk of chunks) framer.push(chunk);
  return events;
}

/** What the framer must report for a stream of whole lines, computed from the lines themselves. */
function expected(lines: string[], maxLineBytes: number, keptEndBytes: number): Event[] {
  return lines.map((line) =>
    line.length > maxLineBytes ? { dropped: { head: line.slice(0, keptEndBytes), tail: line.slice(-keptEndBytes), bytes: line.length } } : { line },
  );
}

/** Cuts a buffer at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

describe('LineFramer', () => {
  it('gives the same lines and dropped lines however the stream is cut into chunks', () => {
    const lineText = fc.string({ unit: fc.constantFrom('a', 'b', '{', '"', '\r', 'é'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(lineText, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 8 }), (lines, offsets, maxLineBytes, keptEndBytes) => {
        const stream = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'latin1');
        expect(frame(cut(stream, offsets), maxLineBytes, keptEndBytes)).toEqual(expected(lines, maxLineBytes, keptEndBytes));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a line of exactly the limit and drops one a byte longer, going on with the next line', () => {
    const events = frame([Buffer.from('12345\n123456\nok\n')], 5, 2);
    expect(events).toEqual([{ line: '12345' }, { dropped: { head: '12', tail: '56', bytes: 6 } }, { line: 'ok' }]);
  });

  it('holds back a line until its newline arrives', () => {
    const events: string[] = [];
    const framer = new LineFramer({ maxLineBytes: 100, keptEndBytes: 4, onLine: (line) => events.push(line.toString()), onDropped: () => events.push('dropped') });
    framer.push(Buffer.from('{"id":1'));
    expect(events).toEqual([]);
    framer.push(Buffer.from('}\n{"id"'));
    expect(events).toEqual(['{"id":1}']);
  });

  it('copies the ends it keeps of a dropped line, so later writes to the chunk do not change them', () => {
    const chunk = Buffer.from('abcdefghij\n');
    const dropped: DroppedLine[] = [];
    const framer = new LineFramer({ maxLineBytes: 4, keptEndBytes: 3, onLine: () => undefined, onDropped: (line) => dropped.push(line) });
    framer.push(chunk);
    chunk.fill(0x78);
    expect(dropped.map((line) => [line.head.toString(), line.tail.toString(), line.bytes])).toEqual([['abc', 'hij', 10]]);
  });

  it('stops in the middle of a chunk when reset from a callback, and forgets the line in progress', () => {
    const lines: string[] = [];
    const framer: LineFramer = new LineFramer({
      maxLineBytes: 100,
      keptEndBytes: 4,
      onLine: (line) => {
        lines.push(line.toString());
        if (line.toString() === 'close') framer.reset();
      },
      onDropped: () => undefined,
    });
    framer.push(Buffer.from('one\nclose\nafter\npart'));
    expect(lines).toEqual(['one', 'close']);
    framer.push(Buffer.from('ial\nnext\n'));
    expect(lines).toEqual(['one', 'close', 'ial', 'next']);
  });
});
