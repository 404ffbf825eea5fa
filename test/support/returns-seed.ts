// A store full of returns for read-cost tests and benchmarks: an all-scope API client, five orders
// pushed through the REST door, one return created through the door (its id is returned) and the
// rest inserted in bulk (one item per line of its order) so that seeding hundreds stays fast.
import { newId } from "../../src/core/ids.js";
import { pushOrder, returnBody } from "./orders.js";
import type { TestService } from "./server.js";

export interface SeededReturns {
  storeId: string;
  secret: string;
  /** The return made through REST. */
  returnId: string;
  /** The five orders the returns are made of (two lines of 1 000 units each). */
  orders: Awaited<ReturnType<typeof pushOrder>>[];
}

export async function seedReturns(svc: TestService, label: string, count: number): Promise<SeededReturns> {
  const storeId = (await svc.createStore(`Returns ${label}`)).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  const orders = [];
  for (let i = 0; i < 5; i++)
    orders.push(
      await pushOrder(svc.http, storeId, secret, {
        lines: [
          { id: `${label}-o${i}-a`, quantity: 1000 },
          { id: `${label}-o${i}-b`, quantity: 1000 },
        ],
      }),
    );
  const first = await svc.http.post(
    `/v2.2/stores/${storeId}/returns`,
    returnBody(
      orders[0],
      orders[0].lineItems.map((l) => ({ lineItemId: l.id, quantity: 1 })),
    ),
    { token: secret },
  );
  if (first.status !== 201) throw new Error(`return create failed: ${first.status} ${first.text}`);
  const prisma = svc.services.db.prisma;
  const lines = await prisma.orderLineItem.findMany({ where: { orderId: { in: orders.map((o) => o.internalId) } } });
  const returns = [];
  const items = [];
  for (let i = 1; i < count; i++) {
    const orderId = orders[i % orders.length].internalId;
    const id = newId("ret");
    returns.push({
      id,
      storeId,
      orderId,
      type: "return",
      status: i % 3 ? "open" : "flagged",
      createdByType: "system",
      createdAt: new Date(Date.now() - i * 1000),
    });
    for (const [p, line] of lines.filter((l) => l.orderId === orderId).entries()) {
      items.push({ id: newId("rit"), returnId: id, orderId, lineItemId: line.id, position: p, quantity: 1, reason: "Too big" });
    }
  }
  // In transactions of 500 returns: the roll-ups' triggers update the same few rows (one day, one reason, five
  // orders' products) for every item, and on PostgreSQL one transaction updating a row thousands of times
  // walks a growing chain of its versions (10 000 returns in one took over 300 s under CI's load).
  // Statistics after the first 500 of each on PostgreSQL: the search triggers' statements are planned once per
  // connection and kept; planned over empty tables, each item's refresh walks every item (returns-search-plan.test.ts).
  const analyzeOnce = async (i: number) => {
    if (i === 0 && svc.provider === "postgresql") await prisma.$executeRawUnsafe("ANALYZE");
  };
  for (let i = 0; i < returns.length; i += 500) {
    await prisma.return.createMany({ data: returns.slice(i, i + 500) });
    await analyzeOnce(i);
  }
  for (let i = 0; i < items.length; i += 500) {
    await prisma.returnItem.createMany({ data: items.slice(i, i + 500) });
    await analyzeOnce(i);
  }
  return { storeId, secret, returnId: first.body.return.id, orders };
}
