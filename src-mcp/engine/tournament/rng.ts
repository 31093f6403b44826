// A small seedable PRNG. Everything random in the tournament (bootstrap resampling, prior draws,
// slot order, pairing tie-breaks) draws from it, never from Math.random, so a match log and a
// seed reproduce a leaderboard bit for bit on any machine.
//
// xoshiro128** (Blackman & Vigna 2018): four 32-bit words, so it runs on plain JS numbers with
// Math.imul, is fast, and passes BigCrush. It is seeded through splitmix32 so that nearby seeds
// (0, 1, 2, ...) give unrelated streams.

export interface Rng {
  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** A fair coin. */
  coin(): boolean;
  /** Standard normal draw (Box-Muller; both halves are used). */
  normal(): number;
}

const TWO_POW_32 = 4294967296;

/** Creates a generator; any integer seed works (it is reduced to 32 bits). */
export function createRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError(`An RNG seed must be a finite number (got ${seed}).`);
  let mix = Math.trunc(seed) >>> 0;
  const splitmix = (): number => {
    mix = (mix + 0x9e3779b9) >>> 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let s0 = splitmix();
  let s1 = splitmix();
  let s2 = splitmix();
  let s3 = splitmix();
  // The all-zero state is the one state xoshiro never leaves.
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const next = (): number => nextUint32() / TWO_POW_32;
  let spare: number | null = null;

  return {
    next,
    int(n: number): number {
      // Scaling a 32-bit draw is biased by at most n / 2^32: far below anything a tournament can see.
      return Math.floor(next() * n);
    },
    coin(): boolean {
      return (nextUint32() & 1) === 1;
    },
    normal(): number {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return value;
      }
      // 1 - next() is in (0, 1], so the logarithm is finite.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      const angle = 2 * Math.PI * next();
      spare = radius * Math.sin(angle);
      return radius * Math.cos(angle);
    },
  };
}

function rotl(x: number, bits: number): number {
  return (x << bits) | (x >>> (32 - bits));
}

/**
 * Mixes a seed with labels into a new 32-bit seed (FNV-1a over the parts), so that independent
 * uses of one user-facing seed (bootstrap, pairing after the 40th match, ...) get independent streams.
 */
export function deriveSeed(seed: number, ...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5 ^ (Math.trunc(seed) >>> 0);
  const feed = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    hash ^= 0xff;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const part of parts) feed(String(part));
  return hash >>> 0;
}
