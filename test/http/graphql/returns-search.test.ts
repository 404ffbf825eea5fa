// The dashboard's search through the GraphQL door on both databases (src/returns/search.ts): a return is
// found by every field a returns team types, never in another store, and the search index follows the
// writes in their own transaction (an order's new e-mail, an import, a label); arbitrary input never
// answers a 500 (an error, if any, is a 400 naming the search). Its plans: returns-search-plan.test.ts.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { SEARCH_BOUND } from "../../../src/returns/search.js";

const UPSERT = `mutation($s: ID!, $i: OrderInput!) { upsertOrder(storeId: $s, input: $i) { order { id name } } }`;
const CREATE = `mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id number } } }`;
const LIST = `query($s: ID!, $search: String, $status: ReturnStatus, $first: Int) {
  returns(storeId: $s, filter: { search: $search, status: $status }, first: $first) { nodes { id } statusCounts { status count } }
}`;
const IMPORT = `mutation($s: ID!, $r: [ReturnImportInput!]!) { importReturns(storeId: $s, returns: $r) { results { returnId error } } }`;

interface Customer {
  first: string;
  last: string;
  email: string;
}

describe.each(providers)("the returns search (%s)", (provider) => {
  let svc: TestService;
  const stores: Record<"a" | "b", { id: string; secret: string }> = {} as never;
  let n = 0;
  const gql = async (store: "a" | "b", q: string, v: Record<string, unknown>) =>
    expectNoErrors(await svc.http.graphql(q, { s: stores[store].id, ...v }, stores[store].secret));
  const found = async (store: "a" | "b", search: string) =>
    ((await gql(store, LIST, { search, first: 100 })).returns.nodes as { id: string }[]).map((r) => r.id).sort();

  beforeAll(async () => {
    svc = await startTestService(provider, NO_RATE_LIMITS);
    for (const s of ["a", "b"] as const) {
      const id = (await svc.createStore(`Search ${s}`)).id;
      stores[s] = { id, secret: (await svc.createApiClient(id, "all")).secret };
    }
  });
  afterAll(() => svc?.close());

  /** An order (a line with this SKU and title, a fulfillment with this tracking number) and a return of its line. */
  async function orderReturn(
    store: "a" | "b",
    c: Customer,
    o: { name: string; orderId?: string; sku: string; title: string; tracking?: string; label?: string },
  ) {
    const orderId = o.orderId ?? `SRCH-${provider}-${++n}`;
    const line = `${orderId}-1`;
    const input = (customer: Customer) => ({
      orderId,
      name: o.name,
      placedAt: "2026-11-01T10:00:00Z",
      currency: "USD",
      customer: { email: customer.email, firstName: customer.first, lastName: customer.last },
      lineItems: [{ id: line, productId: "p-1", sku: o.sku, title: o.title, quantity: 2, price: "10.00" }],
      ...(o.tracking ? { fulfillments: [{ id: `${orderId}-f`, lineItems: [{ id: line, quantity: 2 }], trackingNumber: o.tracking }] } : {}),
    });
    await gql(store, UPSERT, { i: input(c) });
    const items = [{ lineItemId: line, quantity: 1, reason: "Too big" }];
    const label = o.label ? { trackingNumber: o.label, carrier: "UPS" } : undefined;
    const made = (await gql(store, CREATE, { i: { provider: "custom", externalOrderId: orderId, items, label } })).createReturn.return;
    return {
      ...(made as { id: string; number: string }),
      orderId,
      // A re-sync of the order; with `tracking`, a fulfillment reported since.
      resync: (customer: Customer, tracking?: string) =>
        gql(store, UPSERT, {
          i: {
            ...input(customer),
            ...(tracking
              ? { fulfillments: [{ id: `${orderId}-f2`, lineItems: [{ id: line, quantity: 1 }], trackingNumber: tracking }] }
              : {}),
          },
        }),
    };
  }

  const ada: Customer = { first: "Ada", last: "Lovelace", email: "ada.lovelace@analytical.test" };
  const charles: Customer = { first: "Charles", last: "Babbage", email: "charles@engines.test" };

  it("finds a return by order name with or without #, e-mail, surname, number, SKU, product title, tracking numbers", async () => {
    const mine = await orderReturn("a", ada, {
      name: "#7001",
      orderId: `ADA-EXT-${provider}`,
      sku: "ENG-DIFF-01",
      title: "Difference Engine",
      tracking: "1Z999AA10123456784",
      label: "RTN-TRACK-5555",
    });
    const other = await orderReturn("a", charles, { name: "#7002", sku: "LOOM-77", title: "Jacquard loom" });
    const num = mine.number.slice(1);
    const searches = [
      "#7001",
      "7001", // merchants type the order name without its #
      "ada.lovelace@analytical.test",
      "ADA.LOVELACE@ANALYTICAL.TEST",
      "Lovelace",
      "lovel",
      "velac", // inside a word, as `contains` did
      "ada lovelace",
      "LOVELACE ada",
      mine.number,
      `#${mine.number}`,
      num,
      "ENG-DIFF-01",
      "diff-0",
      "difference engine",
      "1Z999AA1012", // the order's fulfillment
      "RTN-TRACK-5555", // the return's label
      `ADA-EXT-${provider}`, // the order's external id
    ];
    for (const search of searches) expect(await found("a", search), search).toEqual([mine.id]);
    expect(await found("a", "babbage loom")).toEqual([other.id]);
    expect(await found("a", "lovelace babbage")).toEqual([]);
    expect(await found("a", "analytical.test engines")).toEqual([]);

    // The counts are the search's matches, per status (the status filter aside).
    await gql("a", `mutation($id: ID!) { flagReturn(id: $id) { message } }`, { id: mine.id });
    const list = await gql("a", LIST, { search: "lovelace", status: "open" });
    expect(list.returns.nodes).toEqual([]);
    const counts = Object.fromEntries(list.returns.statusCounts.map((c: { status: string; count: number }) => [c.status, c.count]));
    expect(counts).toMatchObject({ open: 0, flagged: 1 });
    expect(Object.values(counts).reduce((a, b) => (a as number) + (b as number), 0)).toBe(1);
  });

  it("never finds another store's return, even with the same customer, order name and number", async () => {
    const twin = { ...ada, email: "ada.twin@analytical.test" };
    const inA = await orderReturn("a", twin, { name: "#8800", sku: "TWIN-1", title: "Twin tee" });
    const inB = await orderReturn("b", twin, { name: "#8800", sku: "TWIN-1", title: "Twin tee" });
    for (const search of ["#8800", "8800", "ada.twin@analytical.test", "twin tee", "TWIN-1", "ada.twin"]) {
      expect(await found("a", search), search).toEqual([inA.id]);
      expect(await found("b", search), search).toEqual([inB.id]);
    }
    // A number of the other store's return that this store does not have finds nothing here.
    const onlyB = await orderReturn("b", charles, { name: "#B-ONLY", sku: "B-ONLY-SKU", title: "B only" });
    expect(await found("b", "B-ONLY-SKU")).toEqual([onlyB.id]);
    expect(await found("a", "B-ONLY-SKU")).toEqual([]);
    expect(await found("a", "#B-ONLY")).toEqual([]);
  });

  it("follows an order's new e-mail and names in the transaction that writes them", async () => {
    const grace: Customer = { first: "Grace", last: "Hopper", email: "grace@navy.test" };
    const ret = await orderReturn("a", grace, { name: "#9100", sku: "COBOL-1", title: "Compiler manual" });
    expect(await found("a", "grace@navy.test")).toEqual([ret.id]);
    await ret.resync({ first: "Grace", last: "Murray", email: "admiral@navy.test" });
    expect(await found("a", "admiral@navy.test")).toEqual([ret.id]);
    expect(await found("a", "admiral")).toEqual([ret.id]);
    expect(await found("a", "grace@navy.test")).toEqual([]);
    expect(await found("a", "hopper")).toEqual([]);
    expect(await found("a", "grace murray")).toEqual([ret.id]);
    // A fulfillment reported after the return: its tracking number finds the return.
    await ret.resync({ first: "Grace", last: "Murray", email: "admiral@navy.test" }, "LATE-TRACK-314");
    expect(await found("a", "LATE-TRACK-314")).toEqual([ret.id]);
    // The document is written in the order's own transaction: rolled back with it.
    const prisma = svc.services.db.prisma;
    const order = await prisma.order.findFirstOrThrow({ where: { storeId: stores.a.id, externalId: ret.orderId } });
    const rollback = prisma.$transaction(async (tx) => {
      await tx.order.update({ where: { id: order.id }, data: { customerEmail: "rolled@back.test" } });
      throw new Error("roll back");
    });
    await expect(rollback).rejects.toThrow("roll back");
    expect(await found("a", "rolled@back.test")).toEqual([]);
    expect(await found("a", "admiral@navy.test")).toEqual([ret.id]);
    const bodies = await svc.services.db.prisma.$queryRawUnsafe<{ body: string }[]>(
      `SELECT "body" FROM "ReturnSearch" WHERE "returnId" = ${provider === "sqlite" ? "?" : "$1"}`,
      ret.id,
    );
    expect(bodies[0].body).toContain("admiral@navy.test");
    // A deleted return takes its document with it.
    await svc.services.db.prisma.return.delete({ where: { id: ret.id } });
    const left = await svc.services.db.prisma.$queryRawUnsafe<{ n: unknown }[]>(
      `SELECT COUNT(*) AS n FROM "ReturnSearch" WHERE "returnId" = ${provider === "sqlite" ? "?" : "$1"}`,
      ret.id,
    );
    expect(Number(left[0].n)).toBe(0);
    expect(await found("a", "admiral@navy.test")).toEqual([]);
  });

  it("keeps its triggers on every table it indexes (a SQLite table rebuild drops them)", async () => {
    const names =
      provider === "sqlite"
        ? await svc.services.db.prisma.$queryRawUnsafe<{ name: string }[]>(
            `SELECT tbl_name || ':' || name AS name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search%'`,
          )
        : await svc.services.db.prisma.$queryRawUnsafe<{ name: string }[]>(
            `SELECT tgrelid::regclass::text || ':' || tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%search%'`,
          );
    const tables = new Set(names.map((n) => n.name.split(":")[0].replaceAll('"', "")));
    for (const t of ["Return", "Order", "ReturnItem", "OrderLineItem", "Fulfillment", "ReturnShipping"]) expect(tables, t).toContain(t);
    if (provider === "sqlite") expect(tables).toContain("ReturnSearch"); // the FTS index follows its content table
  });

  it("finds an imported return by its customer, RMA id, SKU, product title and tracking number", async () => {
    const up = await svc.http.post(
      `/v2.2/stores/${stores.a.id}/products/bulk-upload`,
      { products: [{ title: "Brass gearwheel", variants: [{ sku: `AE-${provider}`, price: 100, currency: "USD" }] }] },
      { token: stores.a.secret },
    );
    expect(up.status, up.text).toBeLessThan(300);
    const productId = up.body.results[0].products[0].id;
    const imported = await gql("a", IMPORT, {
      r: [
        {
          products: [{ productId, quantity: 1 }],
          customer: { firstName: "Mary", lastName: "Somerville", email: "mary@somerville.test" },
          externalReferenceId: "RMA-4242",
          trackingNumber: "IMPORT-TRACK-99",
        },
      ],
    });
    const id = imported.importReturns.results[0].returnId as string;
    expect(id).toBeTruthy();
    for (const search of ["somerville", "mary@somerville.test", "RMA-4242", `AE-${provider}`, "brass gearwheel", "IMPORT-TRACK-99"])
      expect(await found("a", search), search).toEqual([id]);
  });

  it("short words narrow a search; alone they find only a return number or an order name", async () => {
    const ret = await orderReturn(
      "a",
      { first: "Al", last: "Xu", email: "al.xu@short.test" },
      { name: "#XU", sku: "XU-1", title: "Q tee" },
    );
    expect(await found("a", "al.xu@short xu")).toEqual([ret.id]);
    expect(await found("a", "al.xu@short zz")).toEqual([]);
    expect(await found("a", "#XU")).toEqual([ret.id]); // an exact order name
    expect(await found("a", "XU")).toEqual([ret.id]); // the same, without its #
    expect(await found("a", "Al")).toEqual([]); // two letters: no trigram, no exact shape
  });

  it("answers any input without a 500: quotes, FTS and LIKE operators, unicode, control characters", async () => {
    const probe = await orderReturn(
      "a",
      { first: "Zoë", last: "O'Brien-Łukasz", email: "zoe+tag@x.test" },
      {
        name: "#Q%_1",
        sku: 'SKU"QUOTE',
        title: "50% off_tee \\ back",
      },
    );
    // Odd characters are text like any other.
    for (const search of ["o'brien", "ŁUKASZ", "zoë", "zoe+tag@x.test", 'SKU"QUOTE', "50%", "off_tee", "\\ back", "#Q%_1"])
      expect(await found("a", search), search).toEqual([probe.id]);
    expect(await found("a", "5_%")).toEqual([]); // LIKE wildcards are literal
    const operators = fc.constantFrom(
      '"',
      '""',
      "*",
      "^",
      ":",
      "(",
      ")",
      "{body}:",
      "NEAR(a b)",
      "AND",
      "OR",
      "NOT",
      "-",
      "+",
      "%",
      "_",
      "\\",
      "'",
      "\u0000",
      "\uD800",
      "🏳️‍🌈",
      "e\u0301",
      "Ł",
      "' OR 1=1 --",
    );
    const term = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 8 }), operators);
    const search = fc.oneof(
      fc.array(term, { maxLength: 8 }).map((t) => t.join(" ")),
      fc.array(term, { maxLength: 6 }).map((t) => t.join("")),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const res = await svc.http.graphql(LIST, { s: stores.a.id, search: s }, stores.a.secret);
        if (res.errors) {
          // A refusal is a 400 naming the search (text that is not Unicode, e.g. a lone surrogate).
          expect(res.errors[0].extensions).toMatchObject({ status: 400 });
          expect(res.errors[0].extensions.field).toMatch(/search$/);
        } else {
          expect(res.data.returns.nodes.length).toBeLessThanOrEqual(SEARCH_BOUND);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    // Any 3-character piece of a name, in any case, still finds it.
    const name = "Lovelace";
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: name.length - 3 }),
        fc.integer({ min: 3, max: 8 }),
        fc.boolean(),
        async (at, len, upper) => {
          const piece = name.slice(at, at + len);
          const ids = await found("a", upper ? piece.toUpperCase() : piece.toLowerCase());
          expect(ids.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 20 },
    );
  });
});
