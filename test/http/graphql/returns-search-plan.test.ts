// The plans of a dashboard search, read from the statements a real GraphQL request runs (both
// databases): the words go through the FTS5 / pg_trgm index of the store's search documents, the list
// and its status counts read the matches by primary key, and no statement scans the store's returns,
// documents or orders. SQLite has no statistics here (its plans are the same at every size). PostgreSQL
// costs a scan of a few thousand rows below an index lookup, so its plans are read with enable_seqscan
// off: an index that is missing or cannot serve a condition still shows as a Seq Scan (a probe of
// 20 000 returns chose the trigram index unaided; facades/dashboard/guides/performance.md, "Search at scale").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import type { QueryEvent } from "../../../src/db/client.js";

/** Returns in the searched store: PostgreSQL walks a store of 5 000 through its (storeId, docId) index rather than the trigram one. */
const RETURNS = { sqlite: 5_000, postgresql: 20_000 } as const;
const LIST = `query($s: ID!, $search: String) {
  returns(storeId: $s, filter: { search: $search }, first: 20) { nodes { id } statusCounts { status count } }
}`;

describe.each(providers)("the plans of a returns search (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let capturing = false;
  const statements: QueryEvent[] = [];

  beforeAll(async () => {
    svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS },
      { onQuery: (e) => capturing && statements.push(e) },
    );
    storeId = (await svc.createStore("Search plans")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const other = (await svc.createStore("Search plans, another store")).id;
    // One return of a customer no other return has, through the doors.
    const orderId = `PLAN-GRACE-${provider}`;
    const gql = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, secret));
    const order = await gql(`mutation($s: ID!, $i: OrderInput!) { upsertOrder(storeId: $s, input: $i) { order { id } } }`, {
      s: storeId,
      i: {
        orderId,
        name: "#PLAN-1",
        placedAt: "2026-11-01T10:00:00Z",
        currency: "USD",
        customer: { email: "grace@plan.test", firstName: "Grace", lastName: "Hopper" },
        lineItems: [{ id: `${orderId}-1`, productId: "p", sku: "PLAN-SKU", title: "Plan tee", quantity: 1, price: "5.00" }],
      },
    });
    const ret = await gql(`mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id } } }`, {
      s: storeId,
      i: { provider: "custom", externalOrderId: orderId, items: [{ lineItemId: `${orderId}-1`, quantity: 1, reason: "Too big" }] },
    });
    await seed(storeId, "a", RETURNS[provider], order.upsertOrder.order.id, ret.createReturn.return.id);
    await seed(other, "b", 500, order.upsertOrder.order.id, ret.createReturn.return.id);
    // Statistics as a database in service has them (PostgreSQL's autovacuum).
    if (provider === "postgresql") await svc.services.db.prisma.$executeRawUnsafe(`ANALYZE`);
  }, 300_000);

  /**
   * `count` orders of Ada Lovelace (an e-mail each), a line, a return and its item each, set-based (the
   * triggers write the search documents); dates copied from a row the service wrote, in its format.
   */
  async function seed(store: string, tag: string, count: number, dateOrder: string, dateReturn: string) {
    // 500 rows a statement, each its own transaction, and on PostgreSQL over a year of days, as a store's
    // returns are: the roll-up triggers add each return to its day's counts row, and 20 000 returns of one
    // day made one row 20 000 versions that every update walked (two minutes of seeding; the service
    // writes one return a transaction).
    // Statistics after the first 500 on PostgreSQL: the search triggers' statements are planned once per
    // connection and kept (PL/pgSQL's plan cache); planned over empty tables, the refresh walked every
    // return item, so each 500 cost more than the one before (0.4 s, then 5.4 s at 20 000). A service
    // heals at autovacuum's next ANALYZE; a seed of two minutes does not wait for it.
    for (let from = 1; from <= count; from += 500) {
      await seedRange(store, tag, from, Math.min(count, from + 499), dateOrder, dateReturn);
      if (from === 1 && provider === "postgresql") await svc.services.db.prisma.$executeRawUnsafe("ANALYZE");
    }
  }

  async function seedRange(store: string, tag: string, from: number, to: number, dateOrder: string, dateReturn: string) {
    const p = (n: number) => (provider === "sqlite" ? "?" : `$${n}`);
    const series = `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to})`;
    const run = (sql: string, ...params: unknown[]) => svc.services.db.prisma.$executeRawUnsafe(`${series} ${sql}`, ...params);
    const id = (kind: string) => `'${kind}_plan${tag}_' || i`;
    await run(
      `INSERT INTO "Order" ("id", "storeId", "provider", "externalId", "name", "source", "currency", "customerEmail",
         "customerFirstName", "customerLastName", "placedAt", "createdAt", "updatedAt")
       SELECT ${id("ord")}, ${p(1)}, 'custom', 'PLAN-EXT-' || i, '#' || (10000 + i), 'custom_sync', 'USD',
         'customer' || i || '@shop.test', 'Ada', 'Lovelace', o."placedAt", o."createdAt", o."updatedAt"
       FROM s, "Order" o WHERE o."id" = ${p(2)}`,
      store,
      dateOrder,
    );
    await run(
      `INSERT INTO "OrderLineItem" ("id", "orderId", "position", "externalId", "productId", "sku", "title", "quantity")
       SELECT ${id("oli")}, ${id("ord")}, 0, 'L1', 'prod', 'SKU-' || (i % 20), 'Plan product ' || (i % 20), 1 FROM s`,
    );
    await run(
      `INSERT INTO "Return" ("id", "storeId", "orderId", "type", "status", "createdByType", "compatId", "createdAt", "updatedAt")
       SELECT ${id("ret")}, ${p(1)}, ${id("ord")}, 'return', CASE WHEN i % 3 = 0 THEN 'flagged' ELSE 'open' END, 'system',
         1000 + i, ${provider === "sqlite" ? `r."createdAt"` : `r."createdAt" - (i % 365) * interval '1 day'`}, r."updatedAt"
       FROM s, "Return" r WHERE r."id" = ${p(2)}`,
      store,
      dateReturn,
    );
    await run(
      `INSERT INTO "ReturnItem" ("id", "returnId", "orderId", "lineItemId", "position", "quantity")
       SELECT ${id("rit")}, ${id("ret")}, ${id("ord")}, ${id("oli")}, 0, 1 FROM s`,
    );
  }
  afterAll(() => svc?.close());

  /** The statements one search request ran, each with its plan's lines. */
  async function plansOf(search: string) {
    statements.length = 0;
    capturing = true;
    try {
      const data = expectNoErrors(await svc.http.graphql(LIST, { s: storeId, search }, secret));
      expect(data.returns.nodes.length).toBeGreaterThan(0);
    } finally {
      capturing = false;
    }
    const reads = statements.filter(
      (e) => /[`"](Return|ReturnSearch|ReturnSearchText|Order)[`"]/.test(e.query) && /^\s*SELECT/i.test(e.query),
    );
    expect(reads.length).toBeGreaterThan(0);
    const plans = [];
    for (const e of reads) {
      const params = JSON.parse(e.params) as unknown[];
      const explain = provider === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
      const prisma = svc.services.db.prisma;
      const rows =
        provider === "sqlite"
          ? await prisma.$queryRawUnsafe<Record<string, unknown>[]>(explain + e.query, ...params)
          : await prisma.$transaction(async (tx) => {
              await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
              return tx.$queryRawUnsafe<Record<string, unknown>[]>(explain + e.query, ...params);
            });
      const lines = rows.map((r) => String(provider === "sqlite" ? r.detail : r["QUERY PLAN"]));
      plans.push({ query: e.query, lines });
      if (process.env.SHOW_PLANS) console.log(`${provider} ${JSON.stringify(search)}: ${e.query.slice(0, 160)}…\n${lines.join("\n")}`);
    }
    return plans;
  }

  /**
   * No line of any plan walks a table (SQLite `SCAN` but an FTS MATCH, PostgreSQL `Seq Scan`) or a store
   * (an index searched by the store alone: SQLite `(storeId=?)`, PostgreSQL an Index Cond on "storeId" only),
   * but the store key's lookup and PostgreSQL's newest-first walk of the store's documents, which stops at
   * SEARCH_BOUND matches (the plan it takes for a word most of the store carries).
   */
  function expectNoScan(plans: { query: string; lines: string[] }[]) {
    for (const p of plans) {
      const scans = p.lines.filter((l, i) =>
        provider === "sqlite"
          ? // `SCAN m`: the search's own matches (a subquery bounded by its LIMIT), joined to their returns by key.
            (/^SCAN (?!m$)/.test(l.trim()) && !/VIRTUAL TABLE INDEX \d+:M/.test(l)) || /^SEARCH (?!k ).*\(storeId=\?\)$/.test(l.trim())
          : /Seq Scan on/.test(l) ||
            (/Index Cond: \("storeId" = '[^']*'::text\)$/.test(l) &&
              !/Index Scan Backward using "ReturnSearch_storeId_docId_key"/.test(p.lines[i - 1])),
      );
      expect(scans, `${p.query}\n${p.lines.join("\n")}`).toEqual([]);
    }
  }

  it("free words: through the text index of the store's documents, then the matches by primary key", async () => {
    for (const search of ["hopper", "grace hopp", "plan-sku"]) {
      const plans = await plansOf(search);
      expectNoScan(plans);
      const all = plans.flatMap((p) => p.lines).join("\n");
      if (provider === "sqlite") expect(all, search).toMatch(/SCAN t VIRTUAL TABLE INDEX \d+:M/);
      else expect(all, search).toMatch(/Bitmap Index Scan on "ReturnSearch_storeId_body_idx"/);
      // The page reads its returns by id, not the store's index of returns; the counts come from the
      // matches the search read (src/returns/search-page.ts): no statement counts returns.
      const list = plans.filter((p) => /FROM ([`"](main|public)[`"]\.)?[`"]Return[`"]/.test(p.query) && !/ReturnSearch/.test(p.query));
      expect(list.length, search).toBeGreaterThanOrEqual(1);
      expect(plans.filter((p) => /GROUP BY/.test(p.query)).map((p) => p.query)).toEqual([]);
      for (const p of list) expect(p.lines.join("\n"), p.query).toMatch(provider === "sqlite" ? /\(id=\?\)/ : /Return_pkey/);
    }
  });

  it("exact shapes: a return number, an order name without its # and an e-mail through the store's indexes", async () => {
    for (const search of ["R1", "PLAN-1", "GRACE@PLAN.TEST"]) {
      const plans = await plansOf(search);
      expectNoScan(plans);
      // Found by the exact lookup: no text search ran.
      expect(
        plans.some((p) => /ReturnSearch/.test(p.query)),
        search,
      ).toBe(false);
    }
  });

  it("a word every return of the store carries stays bounded and scans nothing", async () => {
    // The seeded orders are all Ada Lovelace's.
    const plans = await plansOf("lovelace");
    expectNoScan(plans);
  });
});
