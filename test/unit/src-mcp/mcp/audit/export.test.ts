// CSV and JSON Lines formatting of audit exports: RFC 4180 quoting that survives any text, no
// spreadsheet formulas from assistant-controlled text, and JSON Lines with the arguments as objects.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvHeader, csvLine, CSV_COLUMNS, jsonlLine } from '../../../../../src-mcp/mcp/audit/export.js';
import type { AuditRow } from '../../../../../src-mcp/store/audit.js';
import { parseCsv } from '../../../../support/csv.js';

const row = (patch: Partial<AuditRow> = {}): AuditRow => ({
  id: 7,
  at: '2026-05-01T09:00:00.000Z',
  clientId: 'claude-desktop',
  action: 'tool:start_research',
  target: 'research://projects/res_1',
  arguments: '{"goal":"Why, \\"exactly\\", do cells age?"}',
  outcome: 'success',
  errorCode: null,
  durationMs: 3.25,
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
  ...patch,
});

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('tool:decide')).toBe('tool:decide');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    for (const lead of ['+', '-', '@', '\t']) expect(csvField(`${lead}1`).startsWith(`'${lead}`) || csvField(`${lead}1`).startsWith(`"'${lead}`)).toBe(true);
  });

  it('round-trips any text through an RFC 4180 reader, formula leads apostrophe-prefixed', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '=', '-') }), { minLength: 1, maxLength: 6 }), (cells) => {
        const text = `${cells.map(csvField).join(',')}\r\n`;
        expect(parseCsv(text)).toEqual([cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))]);
      }),
    );
  });
});

describe('audit rows as CSV and JSON Lines', () => {
  it('writes the header and one record per row, in the header\'s column order', () => {
    const parsed = parseCsv(csvHeader() + csvLine(row()) + csvLine(row({ id: 8, errorCode: 'invalid_input', outcome: 'error', target: null })));
    expect(parsed[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed[1]).toEqual(['7', '2026-05-01T09:00:00.000Z', 'claude-desktop', 'tool:start_research', 'research://projects/res_1', 'success', '', '3.25', row().arguments, 'a'.repeat(64), 'b'.repeat(64)]);
    expect(parsed[2]?.slice(4, 7)).toEqual(['', 'error', 'invalid_input']);
  });

  it('writes JSON Lines with the arguments as the object they were', () => {
    const line = jsonlLine(row());
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ id: 7, client_id: 'claude-desktop', arguments: { goal: 'Why, "exactly", do cells age?' }, error_code: null });
  });

  it('keeps arguments that are not JSON as text', () => {
    expect(JSON.parse(jsonlLine(row({ arguments: 'not json' }))).arguments).toBe('not json');
  });
});
