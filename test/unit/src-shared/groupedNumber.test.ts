import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupedNumber } from '../../../src-shared/groupedNumber.js';

describe('groupedNumber', () => {
  it('writes whole numbers as en-US does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect(groupedNumber(20_000)).toBe('20,000');
    expect(groupedNumber(999)).toBe('999');
    expect(groupedNumber(0)).toBe('0');
  });

  it('keeps the fraction as it is and leaves what it cannot group alone', () => {
    expect(groupedNumber(1234567.5)).toBe('1,234,567.5');
    expect(groupedNumber(-1234.25)).toBe('-1,234.25');
    expect(groupedNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(groupedNumber(Number.NaN)).toBe('NaN');
    expect(groupedNumber(1e21)).toBe('1e+21');
  });
});
