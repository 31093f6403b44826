// Prepared statements for the knowledge repositories, kept per connection: ingestion and search
// run the same few statements thousands of times, and preparing one (an FTS5 query especially)
// costs 0.3-0.5 ms. The cache itself is the store's shared one (statements.ts).
export { cached as cachedStatement } from './statements.js';
