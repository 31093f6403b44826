// What every config editor needs before it parses: strict UTF-8 decoding with the byte-order mark
// set aside (and put back on write), and the file's own habits (line endings, indentation) so
// that inserted text looks like the scientist's.
import { RegistrationError } from './errors.js';

export const BOM = '\uFEFF';

export interface TextStyle {
  eol: '\n' | '\r\n';
  /** One level of indentation: a tab or some spaces. */
  indentUnit: string;
  /** The document has no line breaks (minified): insert compact text on the same line. */
  compact: boolean;
}

export interface ConfigText {
  bom: string;
  /** The text without its BOM; all offsets refer to it. */
  text: string;
  style: TextStyle;
}

export function decodeConfigText(bytes: Uint8Array, source: string): ConfigText {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new RegistrationError(
      'UNPARSEABLE_CONFIG',
      `The settings file ${source} is not UTF-8 text. Co-Scientist left it untouched; save it as UTF-8 and try again.`,
      { configPath: source },
    );
  }
  const bom = decoded.startsWith(BOM) ? BOM : '';
  const text = decoded.slice(bom.length);
  return { bom, text, style: detectStyle(text) };
}

export function detectStyle(text: string): TextStyle {
  const firstBreak = text.indexOf('\n');
  const eol = firstBreak > 0 && text[firstBreak - 1] === '\r' ? '\r\n' : '\n';
  let smallestSpaces = Infinity;
  for (const line of text.split('\n')) {
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (indent === '' || indent.length === line.replace(/\r$/, '').length) continue;
    if (indent.startsWith('\t')) return { eol, indentUnit: '\t', compact: false };
    smallestSpaces = Math.min(smallestSpaces, indent.length);
  }
  const indentUnit = Number.isFinite(smallestSpaces) ? ' '.repeat(smallestSpaces) : '  ';
  return { eol, indentUnit, compact: text.trim() !== '' && !text.trim().includes('\n') };
}

/** 1-based line and column of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** Offset of the start of the line holding `offset`. */
export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line break ending the line that holds `offset` (or the end of the text). */
export function lineEndOf(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/** Whether only spaces or tabs precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStartOf(text, offset), offset).trim() === '';
}

/** Leading whitespace of the line that contains `offset`. */
export function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStartOf(text, offset)))?.[0] ?? '';
}

/** The refusal for a file we cannot parse: names the file, the format, the reason and the position. */
export function unparseable(source: string, format: string, reason: string, line: number, column: number): RegistrationError {
  return new RegistrationError(
    'UNPARSEABLE_CONFIG',
    `The settings file ${source} is not valid ${format}: ${reason} at line ${line}, column ${column}. ` +
      'Co-Scientist left it untouched; correct that spot in a text editor (or move the file aside) and try again.',
    { configPath: source },
  );
}

export function notAnObject(source: string, what: string): RegistrationError {
  return new RegistrationError(
    'NOT_AN_OBJECT',
    `The settings file ${source} holds ${what}. Co-Scientist left it untouched so as not to erase it; fix that by hand (or move the file aside) and try again.`,
    { configPath: source },
  );
}

export function duplicateKey(source: string, key: string, count: number, where: string): RegistrationError {
  return new RegistrationError(
    'DUPLICATE_KEY',
    `The settings file ${source} has "${key}" ${count} times in ${where}; programs disagree on which one counts. ` +
      'Co-Scientist left it untouched; delete the extra copies and try again.',
    { configPath: source },
  );
}

export function emptyConfig(source: string, client: string): RegistrationError {
  return new RegistrationError(
    'EMPTY_CONFIG',
    `The settings file ${source} is empty (or holds only comments), and ${client} does not read that as an empty configuration. ` +
      `Co-Scientist left it untouched; delete the file (Co-Scientist will then create it) or start ${client} once so it writes its defaults, and try again.`,
    { configPath: source },
  );
}
