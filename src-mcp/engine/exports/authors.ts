// Citation authors arrive as one free-text string in whatever style the model or the source used
// ("Smith J, Doe A", "Smith, John and Doe, Jane", "John Smith; Jane Doe", "Smith et al.").
// BibTeX needs an `and`-separated list and keys need the first author's family name.

export interface AuthorName {
  /** As BibTeX should read it: "Family, Given" or the name as written. */
  bibtex: string;
  family: string;
}

export interface AuthorList {
  names: AuthorName[];
  /** "et al." was given: BibTeX writes `and others`. */
  etAl: boolean;
}

const ET_AL = /[,;]?\s*(?:et\s*al\.?|and\s+others)\s*$/i;
/** PubMed style initials after the family name: "Smith JA", "Smith J.A.". */
const INITIALS = /^(?:[A-Z]\.?){1,4}$/;

function parseName(raw: string): AuthorName | null {
  const name = raw.replace(/\s+/g, ' ').trim().replace(/^[,;]+|[,;]+$/g, '').trim();
  if (name.length === 0) return null;
  if (name.includes(',')) {
    const [family = '', ...given] = name.split(',').map((part) => part.trim());
    return { bibtex: given.length > 0 && given.join(' ') !== '' ? `${family}, ${given.join(' ')}` : family, family };
  }
  const tokens = name.split(' ');
  const last = tokens[tokens.length - 1] ?? '';
  if (tokens.length > 1 && INITIALS.test(last)) {
    const family = tokens.slice(0, -1).join(' ');
    return { bibtex: `${family}, ${last}`, family };
  }
  return { bibtex: name, family: last };
}

/** Splits on ";" or " and " first; a comma list is split only when its parts are whole names. */
export function parseAuthors(authors: string | undefined): AuthorList {
  if (authors === undefined) return { names: [], etAl: false };
  let text = authors.replace(/\s+&\s+/g, ' and ').trim();
  const etAl = ET_AL.test(text);
  text = text.replace(ET_AL, '').trim();
  let parts = text.includes(';') ? text.split(';') : text.split(/\s+and\s+/i);
  parts = parts.flatMap((part) => splitCommaList(part));
  const names = parts.map(parseName).filter((name): name is AuthorName => name !== null);
  return { names, etAl };
}

function splitCommaList(part: string): string[] {
  const pieces = part.split(',').map((piece) => piece.trim()).filter((piece) => piece.length > 0);
  if (pieces.length <= 1) return [part];
  // "Smith J, Doe A" and "John Smith, Jane Doe": every piece is a whole name.
  if (pieces.every((piece) => piece.includes(' '))) return pieces;
  // "Smith, J., Doe, A.": family/given pairs.
  if (pieces.length > 2 && pieces.length % 2 === 0 && pieces.filter((_, i) => i % 2 === 1).every((p) => INITIALS.test(p.replace(/\s/g, '')))) {
    const pairs: string[] = [];
    for (let i = 0; i < pieces.length; i += 2) pairs.push(`${pieces[i]}, ${pieces[i + 1]}`);
    return pairs;
  }
  return [part];
}
