// Random hex for record identifiers (src-mcp's engine and knowledge ids). One call to the OS's CSPRNG
// per few hundred identifiers instead of one each: a start_research makes three, and a separate
// randomBytes() call cost ~10 µs apiece on the call path (the bytes are the same quality).
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as lowercase hex (2 characters per byte). */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('hex');
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
