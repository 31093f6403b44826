// Stems words exactly as the knowledge index does, by running them through the same FTS5
// tokenizer in a private in-memory database. Re-implementing Porter stemming in TypeScript would
// drift from SQLite's; asking SQLite guarantees that "cells" here is "cell" in the index too.
import Database from 'better-sqlite3';

/** Must equal the `tokenize` option of knowledge_fts in migration 0003. */
const TOKENIZE = 'porter unicode61 remove_diacritics 2';
const CACHE_LIMIT = 50_000;

export class KnowledgeTokenizer {
  private readonly db = new Database(':memory:');
  private readonly cache = new Map<string, readonly string[]>();
  private readonly clear;
  private readonly insert;
  private readonly read;

  constructor() {
    this.db.exec(`CREATE VIRTUAL TABLE words USING fts5 (word, tokenize = '${TOKENIZE}');
                  CREATE VIRTUAL TABLE word_tokens USING fts5vocab (words, 'instance');`);
    this.clear = this.db.prepare('DELETE FROM words');
    this.insert = this.db.prepare('INSERT INTO words (rowid, word) VALUES (?, ?)');
    this.read = this.db.prepare('SELECT doc, term FROM word_tokens ORDER BY doc, offset');
  }

  /** The index terms of each word (usually one; none for punctuation; several for "TGF-beta"). */
  stems(words: readonly string[]): Array<readonly string[]> {
    this.prime(words);
    return words.map((word) => this.cache.get(word) ?? []);
  }

  /** Tokenizes, in one batch, the words not seen yet; afterwards stemsOf() answers from memory. */
  prime(words: Iterable<string>): void {
    const wanted = new Set(words);
    let missing = [...wanted].filter((word) => !this.cache.has(word));
    if (missing.length === 0) return;
    // A bounded memo (a long-running server sees an open-ended vocabulary); on overflow it starts
    // over, keeping the words asked for now.
    if (this.cache.size + missing.length > CACHE_LIMIT) {
      this.cache.clear();
      missing = [...wanted];
    }
    this.tokenize(missing);
  }

  /** The index terms of one word; call prime() with it first (an unprimed word has none). */
  stemsOf(word: string): readonly string[] {
    return this.cache.get(word) ?? [];
  }

  private tokenize(words: readonly string[]): void {
    const found = new Map<number, string[]>();
    this.db.transaction(() => {
      this.clear.run();
      words.forEach((word, index) => this.insert.run(index + 1, word));
      for (const row of this.read.iterate() as IterableIterator<{ doc: number; term: string }>) {
        const terms = found.get(row.doc) ?? [];
        terms.push(row.term);
        found.set(row.doc, terms);
      }
    })();
    words.forEach((word, index) => this.cache.set(word, found.get(index + 1) ?? []));
  }

  close(): void {
    this.db.close();
  }
}

let shared: KnowledgeTokenizer | undefined;

/** One tokenizer per process: it holds no user data, only a scratch table and a memo. */
export function sharedTokenizer(): KnowledgeTokenizer {
  shared ??= new KnowledgeTokenizer();
  return shared;
}
