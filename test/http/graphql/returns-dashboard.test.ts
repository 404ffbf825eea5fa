// The returns side of the dashboard, through the GraphQL door on both databases: search, sort and
// status counts of the list, its CSV, the bulk action, the overview, and the adjustment bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";

const UPSERT = `mutation($s: ID!, $i: OrderInput!) { upsertOrder(storeId: $s, input: $i) { order { id name } } }`;
const CREATE = `mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id number status items { id } } } }`;
const LIST = `query($s: ID!, $search: String, $sort: ReturnSort, $status: ReturnStatus, $first: Int) {
  returns(storeId: $s, filter: { search: $search, status: $status }, sort: $sort, first: $first) { nodes { id number order { name } } statusCounts { status count } }
}`;
const PROCESS = `mutation($id: ID!, $items: [ProcessReturnItemInput!]!) { processReturn(id: $id, items: $items) { return { status items { status productAdjustment refund { amount { amount } } } } } }`;
const BULK = `mutation($ids: [ID!]!, $action: BulkReturnAction!, $reason: String) {
  bulkReturnAction(ids: $ids, action: $action, reason: $reason) { id ok message errorType return { status items { status outcome } } }
}`;
const OVERVIEW = `query($s: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $s, from: $from, to: $to) {
    from to returnCount unitCount byDay { day count } byStatus { status count } byReason { reason units }
    values { currency refund { amount } storeCredit { amount } exchange { amount } } topProducts { productId title units }
  }
}`;

describe.each(providers)("the dashboard's returns operations over GraphQL (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let n = 0;
  const gql = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, secret));

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Dashboard returns")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  /** An order of one customer with a 28.00 tee (2.24 tax) and a 129.00 jacket, and a return of both. */
  async function customerReturn(first: string, last: string, reason = "Too big", compensation = "refund") {
    const id = `DASH-${provider}-${++n}`;
    await gql(UPSERT, {
      s: storeId,
      i: {
        orderId: id,
        name: `#D${n}`,
        placedAt: "2026-11-01T10:00:00Z",
        currency: "USD",
        customer: { email: `${first.toLowerCase()}.${last.toLowerCase()}@shop.test`, firstName: first, lastName: last },
        lineItems: [
          { id: `${id}-tee`, productId: "prod-tee", title: "Organic tee", quantity: 1, price: "28.00", tax: "2.24" },
          { id: `${id}-jacket`, productId: "prod-jacket", title: "Rain jacket", quantity: 1, price: "129.00" },
        ],
      },
    });
    const items = [`${id}-tee`, `${id}-jacket`].map((lineItemId) => ({ lineItemId, quantity: 1, reason, compensation }));
    return (await gql(CREATE, { s: storeId, i: { provider: "custom", externalOrderId: id, items } })).createReturn.return as {
      id: string;
      number: string;
      status: string;
      items: { id: string }[];
    };
  }

  it("refuses an adjustment above the item's value with a 400 naming the field, and changes nothing", async () => {
    const ret = await customerReturn("Adjust", "Ment");
    // The cap the dashboard checks before sending is the core's own answer.
    const caps = await gql(`query($id: ID!) { return(id: $id) { items { maxMerchantAdjustment { amount currency } } } }`, { id: ret.id });
    expect(caps.return.items[0].maxMerchantAdjustment).toEqual({ amount: "30.24", currency: "USD" });
    const res = await svc.http.graphql(
      PROCESS,
      {
        id: ret.id,
        items: [
          { itemId: ret.items[0].id, restock: true, merchantAdjustment: "500.00" },
          { itemId: ret.items[1].id, restock: true },
        ],
      },
      secret,
    );
    expect(res.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      status: 400,
      field: "items[0].merchantAdjustment",
    });
    expect(res.errors?.[0].message).toMatch(/^`items\[0\]\.merchantAdjustment` \(500\.00\) must not exceed/);
    expect(res.errors?.[0].message).toContain("must not exceed the item's value of 30.24 USD");
    const read = await gql(`query($id: ID!) { return(id: $id) { status items { status productAdjustment } timeline { action } } }`, {
      id: ret.id,
    });
    expect(read.return).toEqual({
      status: "open",
      items: [
        { status: "open", productAdjustment: null },
        { status: "open", productAdjustment: null },
      ],
      timeline: [{ action: "created" }],
    });

    // The REST door answers the same rule as a 400 problem naming its field.
    const rest = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: ret.items[0].id, processInput: { restock: true, newMerchantAdjustment: 500 } }] },
      { token: secret },
    );
    expect(rest.status).toBe(400);
    expect(rest.body.field).toBe("products[0].processInput.newMerchantAdjustment");
    // The core names its own input; the door quotes the field the client sent.
    expect(rest.body.detail).toMatch(/^`products\[0\]\.processInput\.newMerchantAdjustment` \(500\.00\) must not exceed/);

    // The whole value (tax included) is the most it takes: the refund is then zero.
    const ok = await gql(PROCESS, {
      id: ret.id,
      items: [
        { itemId: ret.items[0].id, restock: true, merchantAdjustment: "30.24" },
        { itemId: ret.items[1].id, restock: true },
      ],
    });
    expect(ok.processReturn.return.items[0]).toEqual({
      status: "processed",
      productAdjustment: "30.24",
      refund: { amount: { amount: "0.00" } },
    });
  });

  it("finds returns by email, part of a name, order name or number; sorts; counts per status", async () => {
    const grace = await customerReturn("Grace", "Hopper");
    const alan = await customerReturn("Alan", "Turing");
    expect(grace.number).toMatch(/^R\d+$/);
    const ids = async (v: Record<string, unknown>) =>
      (await gql(LIST, { s: storeId, ...v })).returns.nodes.map((r: { id: string }) => r.id);

    expect(await ids({ search: "grace.hopper@shop.test" })).toEqual([grace.id]);
    expect(await ids({ search: "GRACE.HOPPER@SHOP" })).toEqual([grace.id]);
    expect(await ids({ search: "alan tur" })).toEqual([alan.id]);
    expect(await ids({ search: "hopper alan" })).toEqual([]);
    expect(await ids({ search: `#D${n}` })).toEqual([alan.id]);
    expect(await ids({ search: grace.number })).toEqual([grace.id]);
    expect(await ids({ search: grace.number.slice(1) })).toEqual([grace.id]);
    expect(await ids({ search: "nobody@nowhere.test" })).toEqual([]);

    const newest = await ids({});
    expect(newest.slice(0, 2)).toEqual([alan.id, grace.id]);
    expect(await ids({ sort: "OLDEST" })).toEqual([...newest].reverse());
    await gql(`mutation($id: ID!) { flagReturn(id: $id) { message } }`, { id: grace.id });
    expect((await ids({ sort: "UPDATED" }))[0]).toBe(grace.id);

    // Counts follow the search but not the status filter (they are the tabs of that filter).
    const list = await gql(LIST, { s: storeId, search: "shop.test", status: "open" });
    const counts = Object.fromEntries(list.returns.statusCounts.map((c: { status: string; count: number }) => [c.status, c.count]));
    expect(counts).toMatchObject({ open: 1, flagged: 1, complete: 1, rejected: 0 });
    expect(list.returns.statusCounts).toHaveLength(10);
    expect(list.returns.nodes.map((r: { id: string }) => r.id)).toEqual([alan.id]);

    const long = await svc.http.graphql(LIST, { s: storeId, search: "x".repeat(256) }, secret);
    expect(long.errors?.[0].extensions).toMatchObject({ status: 400, field: "filter.search" });
  });

  it("exports the filtered list as CSV, a page at a time, the header on the first page only", async () => {
    const q = `query($s: ID!, $search: String, $first: Int, $after: String) { returnsCsv(storeId: $s, filter: { search: $search }, first: $first, after: $after) { csv rowCount pageInfo { hasNextPage endCursor } } }`;
    const [first, second] = [await customerReturn("Csv", "Export"), await customerReturn("Csv", "Export")];
    const p1 = (await gql(q, { s: storeId, search: "csv.export", first: 1 })).returnsCsv;
    expect(p1.rowCount).toBe(1);
    expect(p1.pageInfo.hasNextPage).toBe(true);
    const p2 = (await gql(q, { s: storeId, search: "csv.export", first: 1, after: p1.pageInfo.endCursor })).returnsCsv;
    expect(p2.pageInfo.hasNextPage).toBe(false);
    const lines = (p1.csv + p2.csv).split("\r\n");
    expect(lines[0]).toBe(
      "number,return_id,created_at,updated_at,status,type,order_name,customer_name,customer_email,item_count,refund,store_credit,currency",
    );
    expect(lines.slice(1, 3).map((l: string) => l.split(",").slice(0, 2))).toEqual([
      [second.number, second.id],
      [first.number, first.id],
    ]);
    expect(lines[1].split(",").slice(4)).toEqual([
      "open",
      "return",
      `#D${n}`,
      "Csv Export",
      "csv.export@shop.test",
      "2",
      "159.24",
      "0.00",
      "USD",
    ]);
    expect(lines[3]).toBe("");
  });

  it("processes, flags or rejects several returns at once, each on its own, reporting every row", async () => {
    const [a, b, c] = [await customerReturn("Bulk", "One"), await customerReturn("Bulk", "Two"), await customerReturn("Bulk", "Three")];
    await gql(`mutation($id: ID!) { rejectReturn(id: $id) { message } }`, { id: c.id });
    // An unknown id refuses the whole request before anything changes.
    const unknown = await svc.http.graphql(BULK, { ids: [a.id, "ret_nope"], action: "process" }, secret);
    expect(unknown.errors?.[0].extensions).toMatchObject({ status: 404, type: "returns/not-found" });
    expect(unknown.errors?.[0].message).toContain('"ret_nope"');
    expect((await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("open");

    const res = (await gql(BULK, { ids: [a.id, c.id, b.id], action: "process" })).bulkReturnAction;
    expect(res.map((r: { id: string; ok: boolean }) => [r.id, r.ok])).toEqual([
      [a.id, true],
      [c.id, false],
      [b.id, true],
    ]);
    expect(res[0].return).toEqual({
      status: "complete",
      items: [
        { status: "processed", outcome: "restock" },
        { status: "processed", outcome: "restock" },
      ],
    });
    expect(res[1]).toMatchObject({
      errorType: "returns/nothing-to-process",
      message: "This return is rejected: no item is left to process.",
      return: null,
    });
    const stored = await svc.services.db.prisma.return.findMany({ where: { id: { in: [a.id, b.id, c.id] } }, orderBy: { id: "asc" } });
    expect(Object.fromEntries(stored.map((r) => [r.id, r.status]))).toEqual({ [a.id]: "complete", [b.id]: "complete", [c.id]: "rejected" });

    const d = await customerReturn("Bulk", "Four");
    const flagged = (await gql(BULK, { ids: [d.id], action: "flag", reason: "Check serials" })).bulkReturnAction;
    expect(flagged[0]).toMatchObject({ ok: true, return: { status: "flagged" } });

    const twice = await svc.http.graphql(BULK, { ids: [d.id, d.id], action: "reject" }, secret);
    expect(twice.errors?.[0].extensions).toMatchObject({ status: 400, field: "ids" });
    const longReason = await svc.http.graphql(BULK, { ids: [d.id], action: "reject", reason: "x".repeat(2001) }, secret);
    expect(longReason.errors?.[0].extensions).toMatchObject({ status: 400, field: "reason" });
    const tooMany = await svc.http.graphql(BULK, { ids: Array.from({ length: 101 }, (_, i) => `ret_${i}`), action: "reject" }, secret);
    expect(tooMany.errors?.[0].extensions).toMatchObject({ status: 400, field: "ids" });
  });

  it("sums a period: per day, status and reason, the value asked back, the most-returned products", async () => {
    const other = (await svc.createStore("Overview")).id;
    const before = storeId;
    storeId = other;
    secret = (await svc.createApiClient(other, "all")).secret;
    try {
      const r1 = await customerReturn("View", "One", "Too small");
      await customerReturn("View", "Two", "Too small", "store_credit");
      const r3 = await customerReturn("View", "Three", "Damaged");
      await gql(PROCESS, {
        id: r1.id,
        items: [
          { itemId: r1.items[0].id, restock: true, merchantAdjustment: "8.00" },
          { itemId: r1.items[1].id, reject: true },
        ],
      });
      await gql(`mutation($id: ID!) { resetReturn(id: $id) { message } }`, { id: r3.id });

      const o = (await gql(OVERVIEW, { s: other })).returnsOverview;
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      expect(o.from).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
      expect(o.byDay[0].day).toBe(`${today.slice(0, 8)}01`);
      expect(o.byDay.find((d: { day: string }) => d.day === today).count).toBe(3);
      expect(o.byDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(3);
      expect(o).toMatchObject({ returnCount: 3, unitCount: 6 });
      expect(o.byReason).toEqual([
        { reason: "Too small", units: 4 },
        { reason: "Damaged", units: 2 },
      ]);
      expect(o.byStatus.filter((s: { count: number }) => s.count)).toEqual([
        { status: "open", count: 1 },
        { status: "complete", count: 1 },
        { status: "deleted", count: 1 },
      ]);
      // r1: tee 30.24 − 8.00, jacket rejected; r2: store credit 30.24 + 129.00; r3 reset: not counted.
      expect(o.values).toEqual([
        { currency: "USD", refund: { amount: "22.24" }, storeCredit: { amount: "159.24" }, exchange: { amount: "0.00" } },
      ]);
      expect(o.topProducts).toEqual([
        { productId: "prod-jacket", title: "Rain jacket", units: 3 },
        { productId: "prod-tee", title: "Organic tee", units: 3 },
      ]);

      const empty = (await gql(OVERVIEW, { s: other, from: "2020-01-01T00:00:00Z", to: "2020-01-08T00:00:00Z" })).returnsOverview;
      expect(empty).toMatchObject({ returnCount: 0, byReason: [], values: [], topProducts: [] });
      expect(empty.byDay).toHaveLength(7);
      const tooLong = await svc.http.graphql(OVERVIEW, { s: other, from: "2020-01-01T00:00:00Z", to: "2022-01-01T00:00:00Z" }, secret);
      expect(tooLong.errors?.[0].extensions).toMatchObject({ status: 400, field: "from" });
      const backwards = await svc.http.graphql(OVERVIEW, { s: other, from: "2020-01-02T00:00:00Z", to: "2020-01-01T00:00:00Z" }, secret);
      expect(backwards.errors?.[0].extensions).toMatchObject({ status: 400, field: "to" });
    } finally {
      storeId = before;
    }
  });
});
