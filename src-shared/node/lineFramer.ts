// Newline-delimited framing of a byte stream, as MCP's stdio transport frames JSON-RPC messages:
// the server reads its requests with it (src-mcp/runtime/stdioTransport.ts) and the desktop host
// reads its server's answers with it (src-main/host/desktopStdioTransport.ts); it lives in
// src-shared/node because both processes need it (architecture.md, *Layers and folders*). Lines stay bytes, so a caller that only
// passes a line on never decodes it, and a line longer than the limit is dropped as it streams in,
// never held whole: only its ends are kept, for the caller to find which request it belonged to.

/** What is left of a line that was too long to keep. */
export interface DroppedLine {
  /** Its first bytes (at most keptEndBytes). */
  head: Buffer;
  /** Its last bytes before the newline (at most keptEndBytes). */
  tail: Buffer;
  /** Its whole length, newline excluded. */
  bytes: number;
}

export interface LineFramerOptions {
  /** The longest line kept; a longer one is dropped unread. */
  maxLineBytes: number;
  /** How much of each end of a dropped line is kept. */
  keptEndBytes: number;
  /** Each complete line, without its newline (a carriage return before it stays). */
  onLine: (line: Buffer) => void;
  onDropped: (line: DroppedLine) => void;
}

export class LineFramer {
  readonly #options: LineFramerOptions;
  #chunks: Buffer[] = [];
  #buffered = 0;
  #dropping: DroppedLine | undefined;
  /** Bumped by reset(), so a reset from inside a callback ends the push that made the call. */
  #generation = 0;

  constructor(options: LineFramerOptions) {
    this.#options = options;
  }

  /** Feeds the next bytes of the stream; calls back for every line they complete, in order. */
  push(chunk: Buffer): void {
    const generation = this.#generation;
    let data = chunk;
    while (data.length > 0 && generation === this.#generation) {
      const newline = data.indexOf(0x0a);
      const piece = newline < 0 ? data : data.subarray(0, newline);
      this.#take(piece);
      if (newline < 0) return;
      data = data.subarray(newline + 1);
      this.#endOfLine();
    }
  }

  /** Forgets the line in progress (the stream ended or was closed). */
  reset(): void {
    this.#generation++;
    this.#chunks = [];
    this.#buffered = 0;
    this.#dropping = undefined;
  }

  #take(piece: Buffer): void {
    const { maxLineBytes, keptEndBytes } = this.#options;
    if (this.#dropping !== undefined) {
      const dropping = this.#dropping;
      dropping.bytes += piece.length;
      if (dropping.head.length < keptEndBytes) dropping.head = firstBytes([dropping.head, piece], keptEndBytes);
      dropping.tail = lastBytes([dropping.tail, piece], keptEndBytes);
    } else if (this.#buffered + piece.length > maxLineBytes) {
      const parts = [...this.#chunks, piece];
      this.#dropping = { head: firstBytes(parts, keptEndBytes), tail: lastBytes(parts, keptEndBytes), bytes: this.#buffered + piece.length };
      this.#chunks = [];
      this.#buffered = 0;
    } else if (piece.length > 0) {
      this.#chunks.push(piece);
      this.#buffered += piece.length;
    }
  }

  #endOfLine(): void {
    const dropped = this.#dropping;
    if (dropped !== undefined) {
      this.#dropping = undefined;
      this.#options.onDropped(dropped);
      return;
    }
    // A line within one chunk is handed over as a view of it, without a copy.
    const line = this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks, this.#buffered);
    this.#chunks = [];
    this.#buffered = 0;
    this.#options.onLine(line);
  }
}

/** The first `count` bytes of the parts joined, copied: a view would keep a whole chunk alive. */
function firstBytes(parts: Buffer[], count: number): Buffer {
  const kept: Buffer[] = [];
  let length = 0;
  for (const part of parts) {
    if (length >= count) break;
    const slice = part.subarray(0, count - length);
    kept.push(slice);
    length += slice.length;
  }
  return Buffer.concat(kept, length);
}

/** The last `count` bytes of the parts joined, copied. */
function lastBytes(parts: Buffer[], count: number): Buffer {
  const kept: Buffer[] = [];
  let length = 0;
  for (let i = parts.length - 1; i >= 0 && length < count; i--) {
    const part = parts[i] as Buffer;
    const slice = part.subarray(Math.max(0, part.length - (count - length)));
    kept.unshift(slice);
    length += slice.length;
  }
  return Buffer.concat(kept, length);
}
