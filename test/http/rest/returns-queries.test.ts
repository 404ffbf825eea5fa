// A returns page costs the same small number of SQL statements for 20 and for 500 returns:
// relations resolve through DataLoader, never one query per row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { newId } from "../../../src/core/ids.js";

describe.each(providers)("returns list statement count (%s)", (provider) => {
  let svc: TestService;
  let statements = 0;
  let counting = false;

  beforeAll(async () => {
    // No background dispatcher: its polling would be counted too.
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false" }, { onQuery: () => counting && statements++ });
  });
  afterAll(() => svc?.close());

  async function storeWithReturns(count: number) {
    const storeId = (await svc.createStore(`Count ${count}`)).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    // Five orders pushed through the real door; one return made through it, the rest inserted in bulk.
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await pushOrder(svc.http, storeId, secret, { lines: [{ id: `c${count}-o${i}-a`, quantity: 1000 }, { id: `c${count}-o${i}-b`, quantity: 1000 }] }));
    const first = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(orders[0], [{ lineItemId: orders[0].lineItems[0].id, quantity: 1 }]), { token: secret });
    expect(first.status).toBe(201);
    const prisma = svc.services.db.prisma;
    const lines = await prisma.orderLineItem.findMany({ where: { orderId: { in: orders.map((o) => o.internalId) } } });
    const returns = [];
    const items = [];
    for (let i = 1; i < count; i++) {
      const orderId = orders[i % orders.length].internalId;
      const id = newId("ret");
      returns.push({ id, storeId, orderId, type: "return", status: i % 3 ? "open" : "flagged", createdByType: "system", createdAt: new Date(Date.now() - i * 1000) });
      for (const [p, line] of lines.filter((l) => l.orderId === orderId).entries()) {
        items.push({ id: newId("rit"), returnId: id, orderId, lineItemId: line.id, position: p, quantity: 1, reason: "Too big" });
      }
    }
    await prisma.return.createMany({ data: returns });
    await prisma.returnItem.createMany({ data: items });
    return { storeId, secret };
  }

  async function countPage(storeId: string, secret: string, size: number) {
    await svc.http.get(`/v2.2/stores/${storeId}/returns?page-size=1`, { token: secret }); // warm up (auth's lastUsedAt write)
    statements = 0;
    counting = true;
    const res = await svc.http.get(`/v2.2/stores/${storeId}/returns?page-size=${size}`, { token: secret });
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body.returns).toHaveLength(size);
    return statements;
  }

  it("is constant in the page size", { timeout: 60_000 }, async () => {
    const small = await storeWithReturns(20);
    const large = await storeWithReturns(500);
    const for20 = await countPage(small.storeId, small.secret, 20);
    const for500 = await countPage(large.storeId, large.secret, 500);
    console.log(`statements per returns page (${provider}): 20 → ${for20}, 500 → ${for500}`);
    expect(for20).toBe(for500);
    expect(for20).toBeLessThanOrEqual(8);
  });
});
