-- 0003: the knowledge base. Collections of documents, cut into chunks that SQLite FTS5 indexes;
-- which collections ground which research project; which folders the scientist allowed us to
-- read; and which documents each project's runs actually read (so citations can be verified).

CREATE TABLE knowledge_collections (
  id          TEXT PRIMARY KEY,
  -- Names are what people and assistants type, so they are unique regardless of case.
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind        TEXT NOT NULL CHECK (kind IN ('fundamental', 'project-specific')),
  description TEXT NOT NULL DEFAULT '',
  created_by  TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

-- A research project searches its linked collections by default.
CREATE TABLE knowledge_collection_projects (
  collection_id TEXT NOT NULL REFERENCES knowledge_collections (id) ON DELETE CASCADE,
  project_id    TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  linked_by     TEXT NOT NULL,
  linked_at     TEXT NOT NULL,
  PRIMARY KEY (collection_id, project_id)
);
CREATE INDEX knowledge_links_by_project ON knowledge_collection_projects (project_id);

-- One row per document: a file, one entry of a .bib file (`<path>#<key>`), or content an
-- assistant added (`source` is then its URL or identifier). `content_hash` makes re-ingesting
-- idempotent: the same bytes are skipped, changed bytes replace the chunks.
CREATE TABLE knowledge_documents (
  id            TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES knowledge_collections (id) ON DELETE CASCADE,
  source        TEXT NOT NULL,
  origin        TEXT NOT NULL CHECK (origin IN ('file', 'augmented')),
  format        TEXT NOT NULL CHECK (format IN ('markdown', 'text', 'pdf', 'html', 'bibtex')),
  title         TEXT NOT NULL,
  content_hash  TEXT NOT NULL,
  size_bytes    INTEGER NOT NULL,
  doi           TEXT,
  pmid          TEXT,
  arxiv_id      TEXT,
  url           TEXT,
  authors       TEXT,
  year          TEXT,
  chunk_count   INTEGER NOT NULL,
  added_by      TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  UNIQUE (collection_id, source)
);
CREATE INDEX knowledge_documents_by_collection ON knowledge_documents (collection_id, title);
-- Citations resolve by identifier (normalised lowercase), so each has its own index.
CREATE INDEX knowledge_documents_by_doi ON knowledge_documents (doi) WHERE doi IS NOT NULL;
CREATE INDEX knowledge_documents_by_pmid ON knowledge_documents (pmid) WHERE pmid IS NOT NULL;
CREATE INDEX knowledge_documents_by_arxiv ON knowledge_documents (arxiv_id) WHERE arxiv_id IS NOT NULL;
CREATE INDEX knowledge_documents_by_url ON knowledge_documents (url) WHERE url IS NOT NULL;
CREATE INDEX knowledge_documents_by_title ON knowledge_documents (title COLLATE NOCASE);

-- Chunks are immutable: a changed document gets all-new chunks. `title` is copied from the
-- document because the full-text index reads its columns from this table; `collection_id`
-- lets a search filter by collection without a join through documents.
CREATE TABLE knowledge_chunks (
  id            INTEGER PRIMARY KEY,
  document_id   TEXT NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
  collection_id TEXT NOT NULL,
  seq           INTEGER NOT NULL,
  title         TEXT NOT NULL,
  header_path   TEXT NOT NULL,
  content_type  TEXT NOT NULL CHECK (content_type IN ('prose', 'code_block', 'table')),
  content       TEXT NOT NULL,
  UNIQUE (document_id, seq)
);

-- The full-text index, external-content over knowledge_chunks (the text is stored once).
-- Porter stemming lets "cells" find "cell"; remove_diacritics 2 lets "naive" find "naïve".
-- Collections are filtered by joining knowledge_chunks, not inside the match: FTS5's bm25()
-- counts every row of every phrase in a query, and a collection covers many rows.
CREATE VIRTUAL TABLE knowledge_fts USING fts5 (
  title, header_path, content,
  content = 'knowledge_chunks',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
-- BM25 weights per column: a match in the title counts most, then headings, then the text.
INSERT INTO knowledge_fts (knowledge_fts, rank) VALUES ('rank', 'bm25(4.0, 2.0, 1.0)');

-- External-content indexes must be told about every change with the old values; these triggers
-- do it for inserts and deletes, including deletes cascaded from a document or collection.
CREATE TRIGGER knowledge_chunks_indexed AFTER INSERT ON knowledge_chunks
BEGIN
  INSERT INTO knowledge_fts (rowid, title, header_path, content)
  VALUES (new.id, new.title, new.header_path, new.content);
END;
CREATE TRIGGER knowledge_chunks_unindexed AFTER DELETE ON knowledge_chunks
BEGIN
  INSERT INTO knowledge_fts (knowledge_fts, rowid, title, header_path, content)
  VALUES ('delete', old.id, old.title, old.header_path, old.content);
END;
CREATE TRIGGER knowledge_chunks_are_immutable BEFORE UPDATE ON knowledge_chunks
BEGIN SELECT RAISE(ABORT, 'knowledge_chunks are replaced, never updated'); END;

-- Folders the scientist allowed ingestion from (real paths, symlinks resolved). Only the
-- desktop app adds them, so an assistant cannot widen what it may read.
CREATE TABLE knowledge_roots (
  path     TEXT PRIMARY KEY,
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL
);

-- Which knowledge-base documents a project's runs read (were shown as grounding or search
-- results). A citation is verified only when it resolves to one of these.
CREATE TABLE project_document_reads (
  project_id    TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  document_id   TEXT NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
  first_read_at TEXT NOT NULL,
  last_read_at  TEXT NOT NULL,
  read_count    INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, document_id)
);
CREATE INDEX project_document_reads_by_document ON project_document_reads (document_id);
