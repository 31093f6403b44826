// Chunking: header paths follow the heading stack, code and tables stand alone, no chunk exceeds
// the maximum, and no word is lost or reordered (property-tested).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, chunkBlocks } from '../../../../src-mcp/knowledge/chunking.js';
import type { Block } from '../../../../src-mcp/knowledge/extract/types.js';

describe('chunkBlocks', () => {
  it('tracks the heading stack, including skipped levels and returns to a higher level', () => {
    const chunks = chunkBlocks([
      { kind: 'prose', text: 'Preamble.' },
      { kind: 'heading', depth: 2, text: 'Methods' },
      { kind: 'heading', depth: 4, text: 'Staining' },
      { kind: 'prose', text: 'Sirius red.' },
      { kind: 'heading', depth: 3, text: 'Imaging' },
      { kind: 'table', text: 'a | b' },
      { kind: 'heading', depth: 1, text: 'Results' },
      { kind: 'code_block', text: 'x = 1' },
    ]);
    expect(chunks.map((c) => [c.seq, c.headerPath, c.contentType, c.content])).toEqual([
      [0, '', 'prose', 'Preamble.'],
      [1, 'Methods > Staining', 'prose', 'Sirius red.'],
      [2, 'Methods > Imaging', 'table', 'a | b'],
      [3, 'Results', 'code_block', 'x = 1'],
    ]);
  });

  it('groups short paragraphs up to the target size and splits long ones at sentences', () => {
    const sentence = 'Activated stellate cells secrete collagen. ';
    const chunks = chunkBlocks([{ kind: 'prose', text: sentence.repeat(100) }]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.content.length <= CHUNK_MAX_CHARS && c.content.endsWith('collagen.'))).toBe(true);
  });

  it('never exceeds the maximum and keeps every word in order (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,12}[.]?$/);
    const text = fc.array(word, { minLength: 1, maxLength: 400 }).map((words) => words.join(' '));
    const block: fc.Arbitrary<Block> = fc.oneof(
      fc.record({ kind: fc.constant('heading' as const), depth: fc.integer({ min: 1, max: 6 }), text: fc.stringMatching(/^[A-Z][a-z]{0,10}$/) }),
      fc.record({ kind: fc.constantFrom('prose' as const, 'code_block' as const, 'table' as const), text }),
      fc.record({ kind: fc.constant('prose' as const), text: fc.constant('x'.repeat(5000)) }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 30 }), (blocks) => {
        const chunks = chunkBlocks(blocks);
        const wordsIn = blocks.filter((b) => b.kind !== 'heading').flatMap((b) => b.text.split(/\s+/).filter(Boolean));
        const wordsOut = chunks.flatMap((c) => c.content.split(/\s+/).filter(Boolean));
        return chunks.every((c, i) => c.content.length <= CHUNK_MAX_CHARS && c.seq === i) && wordsOut.join('') === wordsIn.join('');
      }),
      { numRuns: 300 },
    );
  });
});

describe('plain text', () => {
  it('takes a short first line as the title and not as a paragraph; otherwise the file name', async () => {
    const { extractText } = await import('../../../../src-mcp/knowledge/extract/text.js');
    const titled = extractText('Lab notes\n\nFirst finding.\nContinued here.\n\nSecond finding.', { fallbackTitle: 'notes', sizeBytes: 1 });
    expect(titled.title).toBe('Lab notes');
    expect(titled.blocks.map((block) => block.text)).toEqual(['First finding. Continued here.', 'Second finding.']);
    const untitled = extractText('This file starts with a sentence.\n\nAnd goes on.', { fallbackTitle: 'notes', sizeBytes: 1 });
    expect(untitled.title).toBe('notes');
    expect(untitled.blocks).toHaveLength(2);
  });
});
