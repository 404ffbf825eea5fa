// The dashboard's search of a store's returns (GraphQL `returns(filter: {search})`, its status counts and
// the returns CSV): the returns a merchant's words match, found through indexes, never by walking the store.
//
// 1. Exact shapes first: a search of one word that is a return number ("R777", "#R777", "777"), an order
//    name with or without "#" ("1007" finds "#1007"), an e-mail (any case) or an order's external id is
//    looked up through the store's indexes (Return(storeId, compatId), Order(storeId, name),
//    Order(storeId, lower(customerEmail)), Order(storeId, externalId)); when it finds returns, they are the
//    answer.
// 2. Otherwise free words through the engine's text search over one document per return ("ReturnSearch",
//    kept by triggers in the transaction of every write to what it holds; the migration
//    20261129020000_return_search builds and fills it): return number, order name and external id,
//    customer names and e-mail, the merchant's RMA id, SKUs and product titles, tracking numbers.
//    Every word must occur (AND), as a substring, case-insensitively, as the `contains` search before it.
//    - SQLite: FTS5 with the trigram tokenizer, and a store's documents in their own rowid range, so the
//      MATCH reads only that store's part of each posting list (plan: `SCAN t VIRTUAL TABLE INDEX 192:M1><`
//      then the document by primary key; no temporary B-tree, the rowid order is the index's own).
//      Trigram rather than unicode61 with prefix queries: it matches inside a word ("velace", "hopper@sh",
//      "1007" in "#11007") as the search did before, where prefix queries match word starts only and
//      split an e-mail into words.
//    - PostgreSQL: pg_trgm in a GIN index behind the store (btree_gin), `body ILIKE '%word%'` per word
//      (plan: `Bitmap Index Scan on "ReturnSearch_storeId_body_idx"` with the store and every word; for a
//      word most of the store carries, `Index Scan Backward using "ReturnSearch_storeId_docId_key"`, which
//      stops at SEARCH_BOUND matches).
//    A word of one or two characters has no trigram: it narrows the rows the longer words found (a
//    filter, never the index), and a search of such words alone finds only its exact shapes.
// 3. Bounded: at most SEARCH_BOUND returns, the newest documents first, read with their status and times
//    in the same statement (searchMatches). The list pages and counts them in memory (search-page.ts) and
//    reads only the page's returns by primary key; beside a tag or an order name, their ids narrow the
//    list (list.ts). A search matching more shows (and counts) the newest SEARCH_BOUND of them: more words
//    narrow it.
import type { RequestContext } from "../core/context.js";
import { TEXT_BOUNDS } from "../core/bounds.js";
import {
  containsPattern,
  essentialWords,
  ftsPhrase,
  INDEXED_WORD,
  joinedSql,
  searchWords,
  shortWordFilters,
  STORE_RANGE,
  wordLength,
} from "../core/text-search.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import type { Provider } from "../db/url.js";

export { containsPattern, ftsPhrase, searchWords };

/**
 * The most returns a search matches (newest documents first): the largest page of the list and of the
 * CSV. The list reads them as `id IN (…)`, and Prisma refuses more than 999 parameters on SQLite.
 */
export const SEARCH_BOUND = 500;

/** "R12", "#R12", "r-12" or "12" → 12: how a merchant types a return number. */
export function returnNumberOf(text: string): number | null {
  const m = /^#?r?-?(\d{1,9})$/i.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * The exact-shape lookup of a one-word search: returns by number, order name, external id or e-mail,
 * one index each (a UNION: an OR of them walked the store's orders on SQLite). The returns of the
 * store's orders are the store's: they are found by their order (Return(orderId)), not by their store.
 */
export function exactShapeStatement(storeId: string, word: string): Prisma.Sql {
  const number = returnNumberOf(word);
  const names = word.startsWith("#") ? [word, word.slice(1)] : [word, `#${word}`];
  // CROSS JOIN: SQLite takes the order first; PostgreSQL plans it as any inner join.
  const byOrder = (where: Prisma.Sql) =>
    Prisma.sql`SELECT r."id" AS "returnId" FROM "Order" o CROSS JOIN "Return" r WHERE o."storeId" = ${storeId} AND ${where} AND r."orderId" = o."id"`;
  const parts = [
    ...(number == null
      ? []
      : [Prisma.sql`SELECT r."id" AS "returnId" FROM "Return" r WHERE r."storeId" = ${storeId} AND r."compatId" = ${number}`]),
    byOrder(Prisma.sql`o."name" IN (${Prisma.join(names)})`),
    byOrder(Prisma.sql`o."externalId" = ${word}`),
    ...(word.includes("@") ? [byOrder(Prisma.sql`lower(o."customerEmail") = lower(${word})`)] : []),
  ];
  return Prisma.sql`${Prisma.join(parts, " UNION ")} LIMIT ${SEARCH_BOUND}`;
}

/**
 * The text search of a store's documents for these words (at least one of INDEXED_WORD characters or
 * more), the newest SEARCH_BOUND matches first; null when no word is long enough to search the index.
 */
export function textSearchStatement(provider: Provider, storeId: string, words: string[]): Prisma.Sql | null {
  const indexed = words.filter((w) => wordLength(w) >= INDEXED_WORD);
  if (indexed.length === 0) return null;
  // Short words: a filter on the rows the index found (an expression no index serves, by design).
  const short = shortWordFilters(provider, words, Prisma.sql`s."body"`);
  if (provider === "sqlite") {
    const match = indexed.map(ftsPhrase).join(" AND ");
    return Prisma.sql`SELECT s."returnId" AS "returnId" FROM "ReturnSearchText" t JOIN "ReturnSearch" s ON s."docId" = t.rowid
      WHERE t."ReturnSearchText" MATCH ${match}
        AND t.rowid >= (SELECT k."key" * ${STORE_RANGE} FROM "ReturnSearchStore" k WHERE k."storeId" = ${storeId})
        AND t.rowid < (SELECT (k."key" + 1) * ${STORE_RANGE} FROM "ReturnSearchStore" k WHERE k."storeId" = ${storeId})
        AND s."storeId" = ${storeId}${joinedSql(short)}
      ORDER BY t.rowid DESC LIMIT ${SEARCH_BOUND}`;
  }
  const like = indexed.map((w) => Prisma.sql` AND s."body" ILIKE ${containsPattern(w)}`);
  return Prisma.sql`SELECT s."returnId" AS "returnId" FROM "ReturnSearch" s
    WHERE s."storeId" = ${storeId}${joinedSql(like)}${joinedSql(short)}
    ORDER BY s."docId" DESC LIMIT ${SEARCH_BOUND}`;
}

/** A return the search matches, with what its list orders, filters and counts it by. */
export interface SearchMatch {
  id: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A search statement's returns with their status and times, read with them in one statement (by primary
 * key, at most SEARCH_BOUND): the list pages, filters and counts them without asking the database again.
 * The search stays a subquery with its own LIMIT, so neither engine reorders it behind the join.
 */
function withReturn(sql: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT r."id" AS "id", r."status" AS "status", r."createdAt" AS "createdAt", r."updatedAt" AS "updatedAt"
    FROM (${sql}) m JOIN "Return" r ON r."id" = m."returnId"`;
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(v as string | number));

/** The store's returns the search matches, at most SEARCH_BOUND (see the top of this file). */
export async function searchMatches(ctx: RequestContext, storeId: string, search: string): Promise<SearchMatch[]> {
  if (search.length > TEXT_BOUNDS.short) return []; // refused with a 400 naming the field (list.ts) before this runs
  const words = searchWords(search);
  const read = async (sql: Prisma.Sql) =>
    (await ctx.laggingReads.$queryRaw<SearchMatch[]>(withReturn(sql))).map((m) => ({
      id: m.id,
      status: m.status,
      createdAt: asDate(m.createdAt),
      updatedAt: asDate(m.updatedAt),
    }));
  if (words.length === 1) {
    const exact = await read(exactShapeStatement(storeId, words[0]));
    if (exact.length > 0) return exact;
  }
  const text = textSearchStatement(ctx.services.db.provider, storeId, essentialWords(words));
  return text ? read(text) : [];
}
