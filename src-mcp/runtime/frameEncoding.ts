// A JSON-RPC message as the UTF-8 bytes of one stdio line: exactly JSON.stringify(message) + "\n",
// made in pieces. V8 keeps a string of Latin-1 characters at one byte per character, and both
// JSON.stringify and the UTF-8 encoder have fast paths for such strings; a single character beyond
// Latin-1 anywhere in a message (an em dash in a tool's Markdown, a Greek letter in a hypothesis)
// makes the whole serialised frame two bytes per character, which doubled the cost of serialising
// and encoding a page of rows (issue 17: ~0.3 ms of a 50-row get_leaderboard, ~3 ms of 500 rows).
// Here each row of a page is serialised on its own and each piece is written as UTF-8 into the
// frame's one buffer (Pieces), so only a piece that holds a wider character pays for it (the
// pieces were once joined and encoded together: see Pieces.finish). Measured in one process
// (load 3–6): a 50-row page with an em dash in its text 0.69× the time of JSON.stringify plus
// Buffer.from, 500 rows 0.75×, 500 rows with a Greek letter in every tenth 0.61×; an all-ASCII
// 50-row page pays ~0.05 ms more for the pieces. Splitting one level less (rows whole) cost nothing
// on ASCII but left rows with wide characters at 0.83–1.09×.
// Rows are serialised in runs of RUN while their text stays narrow (one JSON.stringify per run, not
// per row: a call's own overhead was ~20% of a narrow page's encoding), and one by one from the
// first run that holds a wide character on, since wide rows tend to come together (a project
// written in Greek): at most one run is serialised twice. Testing a narrow string for WIDE costs
// nothing (V8 knows it holds no wider character).

/** message → result → structuredContent → rows → one row: each row of a page is one piece. */
const SPLIT_DEPTH = 4;
/** Any UTF-16 code unit beyond Latin-1 (surrogates included). */
const WIDE = /[\u0100-\uffff]/;
const NEWLINE = '\n';
/** Rows serialised together while their text stays narrow. */
const RUN = 16;

class Pieces {
  readonly #texts: string[] = [];
  #bytes = 0;

  add(text: string): void {
    this.#texts.push(text);
    this.#bytes += Buffer.byteLength(text, 'utf8');
  }

  /**
   * The pieces' UTF-8 written one after another into one buffer of their total length. Joining
   * them first and encoding the joined text cost a copy of the whole frame as a string and a
   * slower encode of it: 0.45 ms for a 1,000-row page by column (256 KB) where writing the pieces
   * takes 0.11 ms (in one process, medians of 12, load 4-8). A piece is a whole JSON text or a
   * punctuation mark, never half a surrogate pair, so its bytes are those it has in the frame.
   */
  finish(): Buffer {
    const frame = Buffer.allocUnsafe(this.#bytes);
    let offset = 0;
    for (const text of this.#texts) offset += frame.write(text, offset, 'utf8');
    return frame;
  }
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON's text for a value left whole; undefined where JSON has none (undefined, a function, a symbol). */
function leafText(value: unknown): string | undefined {
  return JSON.stringify(value) as string | undefined;
}

/** Appends `value` as JSON; false when JSON has no text for it. */
function append(value: unknown, pieces: Pieces, depth: number): boolean {
  if (depth >= SPLIT_DEPTH || !isPlainContainer(value)) {
    const text = leafText(value);
    if (text === undefined) return false;
    pieces.add(text);
    return true;
  }
  if (Array.isArray(value)) {
    pieces.add('[');
    let index = 0;
    // Items left whole (a page's rows): in narrow runs first, as the header says.
    if (depth + 1 >= SPLIT_DEPTH) {
      while (index < value.length - 1) {
        const run = JSON.stringify(value.slice(index, index + RUN));
        if (WIDE.test(run)) break;
        // The run's items without its brackets; JSON.stringify writes null for an item with no JSON text, as below.
        if (index > 0) pieces.add(',');
        pieces.add(run.slice(1, -1));
        index += RUN;
      }
    }
    for (; index < value.length; index += 1) {
      if (index > 0) pieces.add(',');
      if (!append(value[index], pieces, depth + 1)) pieces.add('null');
    }
    pieces.add(']');
    return true;
  }
  pieces.add('{');
  let separator = '';
  for (const key of Object.keys(value)) {
    const item = value[key];
    const whole = depth + 1 >= SPLIT_DEPTH || !isPlainContainer(item);
    const text = whole ? leafText(item) : undefined;
    // What JSON.stringify leaves out of an object: keys whose value has no JSON text.
    if (whole && text === undefined) continue;
    pieces.add(`${separator}${JSON.stringify(key)}:`);
    if (text === undefined) append(item, pieces, depth + 1);
    else pieces.add(text);
    separator = ',';
  }
  pieces.add('}');
  return true;
}

/** The bytes of `${JSON.stringify(message)}\n`. */
export function encodeFrame(message: unknown): Buffer {
  const pieces = new Pieces();
  if (!append(message, pieces, 0)) throw new TypeError('a JSON-RPC message must serialise to JSON');
  pieces.add(NEWLINE);
  return pieces.finish();
}
