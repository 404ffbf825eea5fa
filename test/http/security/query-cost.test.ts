// Issue 13, finding 1: lists without `first` used to count as 1 in the cost limit, so nested
// `returns { fullOrder { returns … } }` multiplied past any bound. Now every list counts at its bound,
// and the attack is refused before anything executes, stating its cost and the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const RETURNS = 3;

/** `levels` of fullOrder → returns under `start` (within the depth limit), three aliases of it. */
function attack(levels: number, start: (alias: string, inner: string) => string): string {
  let inner = "id status";
  for (let i = 0; i < levels; i++) inner = `id fullOrder { id returns { ${inner} } }`;
  return `{ ${["a", "b", "c"].map((alias) => start(alias, inner)).join(" ")} }`;
}

describe.each(providers)("GraphQL cost of nested lists (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let all: string;
  let returnsRead: string;
  let returnsAndOrdersRead: string;
  let orderId: string;
  let returnId: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_GRAPHQL_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    all = (await svc.createApiClient(storeId, "all")).secret;
    returnsRead = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    returnsAndOrdersRead = (await svc.createApiClient(storeId, ["returns_read", "orders_read"])).secret;
    const order = await pushOrder(svc.http, storeId, all, { lines: [{ id: "L1", quantity: RETURNS }] });
    orderId = order.externalId;
    for (let i = 0; i < RETURNS; i++) {
      const res = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: "L1", quantity: 1 }]), {
        token: all,
      });
      expect(res.status, res.text).toBe(201);
      returnId = res.body.return.id;
    }
  });
  afterAll(() => svc?.close());

  async function refused(query: string, token: string) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await fetch(svc.coreUrl + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // The in-process service's CPU time (and the client's bit): wall time on a loaded box swings with whatever else runs.
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `[${provider}] nested query refused in ${ms.toFixed(1)} ms (HTTP round trip; ${cpuMs.toFixed(1)} ms CPU): ${body.errors?.[0]?.message.slice(0, 80)}`,
    );
    expect(res.status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", status: 400 });
    expect(body.errors?.[0].message).toMatch(/estimated cost is at least \d+; the limit is 25000000/);
    expect(cpuMs).toBeLessThan(500);
  }

  it("refuses the nested returns of an order before executing, with its cost and the limit", async () => {
    await refused(
      attack(4, (alias, inner) => `${alias}: order(storeId: "${storeId}", id: "${orderId}") { returns { ${inner} } }`),
      all,
    );
  });

  it("refuses the same from one return: 403 for a returns_read key (an order's returns need orders_read), else by cost", async () => {
    const query = attack(5, (alias, inner) => `${alias}: return(id: "${returnId}") { ${inner} }`);
    const forbidden = await svc.http.graphql(query, {}, returnsRead);
    expect(forbidden.data ?? null).toBeNull();
    expect(forbidden.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    await refused(query, returnsAndOrdersRead);
  });

  it("refuses 30 aliases of a 750-row warehouse page before executing (issue 36, M3), and answers two", async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: warehouseReturns(storeId: "${storeId}", pageSize: 750) { returns { id } }`).join(" ")} }`;
    const res = await fetch(svc.coreUrl + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${all}` },
      body: JSON.stringify({ query: aliases(30) }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
    expect(res.status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", status: 400 });
    expect(body.errors?.[0].message).toMatch(/at least \d+ rows of pages .*; the limit is 1500/);
    const two = await svc.http.graphql(aliases(2), {}, all);
    expect(two.errors).toBeUndefined();
  });

  it("still answers a one-level read of the same lists", async () => {
    const res = await svc.http.graphql(
      `{ order(storeId: "${storeId}", id: "${orderId}") { returns { id items { id } timeline { action } comments { id } } lineItems { id } fulfillments { id } } }`,
      {},
      all,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.order.returns).toHaveLength(RETURNS);
  });
});
