// The dashboard's search of a store's customers (GraphQL `customers(search)`): every word of 3 characters or
// more matches part of the e-mail, first or last name, case-insensitively, through the engine's text index
// (migration 20261129051500_customer_search), never by walking the store's customers (a store of 1 000 000
// returns has about 330 000 of them). Shorter words narrow what the longer ones found; a search of short
// words alone look through the store's most recently updated customers (SHORT_SEARCH_WINDOW).
// - SQLite: FTS5 trigram over one document per customer, the store's documents in their own rowid range
//   (as the returns' search: src/returns/search.ts), newest customers first.
// - PostgreSQL: pg_trgm in a GIN index behind the store over the customer row's own e-mail and names; for a
//   word most of the store carries, the planner walks Customer(storeId, updatedAt) instead and stops at the bound.
// Bounded like the returns' search: at most CUSTOMER_SEARCH_BOUND customers (SQLite: the newest; PostgreSQL:
// the most recently updated); more words narrow it.
import type { RequestContext } from "../core/context.js";
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

/** The most customers a search matches (newest first): the list's largest page, and under Prisma's 999 bound parameters. */
export const CUSTOMER_SEARCH_BOUND = 500;

/** The words of a customer as the PostgreSQL index spells them (spelled so, it is used); SQLite reads it too. */
const BODY = Prisma.raw(`(c."email" || ' ' || COALESCE(c."firstName", '') || ' ' || COALESCE(c."lastName", ''))`);

/** How many of the most recently updated customers a search of short words alone looks through. */
export const SHORT_SEARCH_WINDOW = 5000;

export function customerSearchStatement(provider: Provider, storeId: string, words: string[]): Prisma.Sql {
  const indexed = words.filter((w) => wordLength(w) >= INDEXED_WORD);
  if (indexed.length === 0) {
    // No trigram to look up ("Li", "Wu"): the store's most recently updated customers, a bounded window.
    return Prisma.sql`SELECT c."id" AS "id" FROM (SELECT "id", "email", "firstName", "lastName", "updatedAt" FROM "Customer"
        WHERE "storeId" = ${storeId} ORDER BY "updatedAt" DESC, "id" DESC LIMIT ${SHORT_SEARCH_WINDOW}) c
      WHERE 1 = 1${joinedSql(shortWordFilters(provider, words, BODY))}
      ORDER BY c."updatedAt" DESC, c."id" DESC LIMIT ${CUSTOMER_SEARCH_BOUND}`;
  }
  if (provider === "sqlite") {
    const short = shortWordFilters(provider, words, Prisma.sql`s."body"`);
    return Prisma.sql`SELECT s."customerId" AS "id" FROM "CustomerSearchText" t JOIN "CustomerSearch" s ON s."docId" = t.rowid
      WHERE t."CustomerSearchText" MATCH ${indexed.map(ftsPhrase).join(" AND ")}
        AND t.rowid >= (SELECT k."key" * ${STORE_RANGE} FROM "ReturnSearchStore" k WHERE k."storeId" = ${storeId})
        AND t.rowid < (SELECT (k."key" + 1) * ${STORE_RANGE} FROM "ReturnSearchStore" k WHERE k."storeId" = ${storeId})
        AND s."storeId" = ${storeId}${joinedSql(short)}
      ORDER BY t.rowid DESC LIMIT ${CUSTOMER_SEARCH_BOUND}`;
  }
  const like = indexed.map((w) => Prisma.sql` AND ${BODY} ILIKE ${containsPattern(w)}`);
  const short = shortWordFilters(provider, words, BODY);
  return Prisma.sql`SELECT c."id" AS "id" FROM "Customer" c
    WHERE c."storeId" = ${storeId}${joinedSql(like)}${joinedSql(short)}
    ORDER BY c."updatedAt" DESC, c."id" DESC LIMIT ${CUSTOMER_SEARCH_BOUND}`;
}

/**
 * The ids of the store's customers the search matches, at most CUSTOMER_SEARCH_BOUND (null: no search). A
 * search of words of one or two characters alone (no trigram to look up) looks through the store's
 * SHORT_SEARCH_WINDOW most recently updated customers.
 */
export async function searchCustomerIds(ctx: RequestContext, storeId: string, search: string | null | undefined): Promise<string[] | null> {
  const words = searchWords(search ?? "");
  if (words.length === 0) return null;
  const statement = customerSearchStatement(ctx.services.db.provider, storeId, essentialWords(words));
  return (await ctx.prisma.$queryRaw<{ id: string }[]>(statement)).map((r) => r.id);
}
