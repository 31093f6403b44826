// Finding an object's members in its UTF-8 bytes without parsing it (src-main/host/jsonMembers.ts):
// for any JSON object, each member's span parses to that member's value, members named in
// `expand` are read one level further in the same pass, and broken structure is refused naming
// where, never answered with a wrong span.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MalformedJsonError, objectMembers, spanValue, type ObjectMembers } from '../../../../src-main/host/jsonMembers.js';

const bytesOf = (value: unknown, space?: number): Buffer => Buffer.from(JSON.stringify(value, null, space), 'utf8');

/** Every member's span parses back to its value; expanded members recursively. */
function expectSpansMatch(bytes: Buffer, members: ObjectMembers, value: Record<string, unknown>): void {
  expect([...members.spans.keys()]).toEqual(Object.keys(value));
  for (const [key, span] of members.spans) expect(spanValue(bytes, span)).toEqual(value[key]);
  for (const [key, inner] of members.objects) expectSpansMatch(bytes, inner, value[key] as Record<string, unknown>);
}

describe('objectMembers', () => {
  it('gives every member of any JSON object the span of its value, whatever the strings hold and however it is spaced', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), fc.constantFrom(undefined, 2), (generated, space) => {
        // What JSON can say of it (-0 is written 0).
        const value = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
        const bytes = bytesOf(value, space);
        expectSpansMatch(bytes, objectMembers(bytes), value);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the members named in expand in the same pass, and only those', () => {
    const frame = { result: { content: [{ type: 'text', text: 'a "quoted" \\ }] text' }], structuredContent: { rows: [], next_cursor: 'WzAsMTAwXQ', nested: { deep: 1 } } }, jsonrpc: '2.0', id: 'cosci-text-1' };
    const bytes = bytesOf(frame);
    const members = objectMembers(bytes, { result: { structuredContent: {} } });
    expectSpansMatch(bytes, members, frame);
    expect([...members.objects.keys()]).toEqual(['result']);
    expect([...(members.objects.get('result')?.objects.keys() ?? [])]).toEqual(['structuredContent']);
    expect(members.objects.get('result')?.objects.get('structuredContent')?.objects.size).toBe(0);
  });

  it.each([
    ['an unterminated string', '{"a":"abc}', /unterminated string at byte 5/],
    ['a mismatched bracket', '{"a":[1,2}}', /mismatched bracket at byte 9/],
    ['an unclosed array', '{"a":[1,[2]', /unclosed object or array at byte 5/],
    ['a missing colon', '{"a" 1}', /expected ":" after "a" at byte 5/],
    ['a missing comma', '{"a":1 "b":2}', /expected "," or "}" after the value of "a" at byte 7/],
    ['text after the object', '{"a":1}x', /unexpected text after the object at byte 7/],
    ['an array instead of an object', '[1]', /expected an object at byte 0/],
    ['a cut-off object', '{"a":1,', /expected a member name at byte 7/],
    ['an escaped quote that does not end the string', '{"a":"x\\"}', /unterminated string/],
  ])('refuses %s, naming where', (_what, text, message) => {
    expect(() => objectMembers(Buffer.from(text))).toThrow(MalformedJsonError);
    expect(() => objectMembers(Buffer.from(text))).toThrow(message);
  });

  it('refuses any object cut short', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.nat(), (value, cut) => {
        const bytes = bytesOf(value);
        const end = cut % (bytes.length - 1);
        expect(() => objectMembers(bytes.subarray(0, end))).toThrow(MalformedJsonError);
      }),
      { numRuns: 300 },
    );
  });
});
