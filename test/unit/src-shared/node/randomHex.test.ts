// Identifiers come from a pool of CSPRNG bytes: every call must still get fresh bytes, across refills.
import { describe, expect, it } from 'vitest';
import { randomHex } from '../../../../src-shared/node/randomHex.js';

describe('randomHex', () => {
  it('returns the asked number of bytes as lowercase hex, never the same bytes twice across pool refills', () => {
    // 6 bytes each: 3,000 calls use more than four pools of 4,096 bytes.
    const ids = Array.from({ length: 3000 }, () => randomHex(6));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves requests larger than the pool directly', () => {
    expect(randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
  });
});
