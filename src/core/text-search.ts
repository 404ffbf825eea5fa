// What the returns' and the customers' searches share (src/returns/search.ts, src/customers/search.ts): how a
// merchant's words are split, and how one word is asked of each engine's text index (SQLite FTS5 with the
// trigram tokenizer, PostgreSQL pg_trgm), so both searches read words the same way.
import { Prisma } from "../db/generated/sqlite/client.js";
import type { Provider } from "../db/url.js";

/** Words of a search that count (more are ignored). */
export const SEARCH_WORDS = 5;
/** The shortest word a trigram index can find. */
export const INDEXED_WORD = 3;
/**
 * A store's documents occupy the SQLite FTS rowids [key × 2⁴⁰, (key + 1) × 2⁴⁰), the key being the store's
 * row in ReturnSearchStore (migrations 20261129020000_return_search, 20261129051500_customer_search).
 */
export const STORE_RANGE = Prisma.raw("1099511627776");

/**
 * The words of a search: split on white space, control characters (NUL included, which PostgreSQL
 * text cannot hold) counted as space, at most SEARCH_WORDS of them.
 */
export function searchWords(search: string): string[] {
  return search
    .replace(/\p{Cc}/gu, " ")
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS);
}

export const wordLength = (word: string) => [...word].length;

/**
 * The words a search must look for: every word must occur, so a word found inside another of them (in any
 * case: "hopper" in "Shopper300") is implied by it and dropped, as is a repeated word. Each word left is a
 * filter the engine evaluates per row (a PostgreSQL ILIKE on a long document), and a word most documents
 * carry also makes the index read every document: at 1 000 000 returns "Shopper300 Hopper" took 580 ms,
 * "Shopper300" alone 113 ms. Contained in both the lower and the upper case, so a letter whose cases do not
 * fold both ways keeps its word.
 */
export function essentialWords(words: string[]): string[] {
  const inside = (a: string, b: string) => b.toLowerCase().includes(a.toLowerCase()) && b.toUpperCase().includes(a.toUpperCase());
  return words.filter((w, i) => !words.some((o, j) => j !== i && inside(w, o) && (!inside(o, w) || j < i)));
}

/** An FTS5 string of one word: a quoted phrase, its quotes doubled, so no input is FTS5 syntax. */
export const ftsPhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** An ILIKE pattern that finds the word anywhere, its `\`, `%` and `_` taken literally. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const joinedSql = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, "") : Prisma.empty);

/**
 * Words of one or two characters have no trigram: a filter (`instr`/`strpos`, case-insensitive) on the
 * rows the longer words found, never the index.
 */
export function shortWordFilters(provider: Provider, words: string[], body: Prisma.Sql): Prisma.Sql[] {
  const find = Prisma.raw(provider === "sqlite" ? "instr" : "strpos");
  return words.filter((w) => wordLength(w) < INDEXED_WORD).map((w) => Prisma.sql` AND ${find}(lower(${body}), lower(${w})) > 0`);
}
