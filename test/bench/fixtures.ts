// The data the read measures share, made once per database: a store with an all-scope API client,
// five orders pushed through the REST door, one return created through the door and RETURNS more
// inserted in bulk (two items each), like test/http/rest/returns-queries.test.ts does.
import { newId } from "../../src/core/ids.js";
import { pushOrder, returnBody } from "../support/orders.js";
import type { Ctx } from "./lib.js";

export interface ReadFixture {
  storeId: string;
  secret: string;
  /** The return made through REST (measure 1 reads it). */
  returnId: string;
  returns: number;
}

const RETURNS = 800;
const made = new WeakMap<object, Promise<ReadFixture>>();

export function readFixture(ctx: Ctx): Promise<ReadFixture> {
  let p = made.get(ctx.svc);
  if (!p) {
    p = make(ctx);
    made.set(ctx.svc, p);
  }
  return p;
}

async function make({ svc }: Ctx): Promise<ReadFixture> {
  const storeId = (await svc.createStore("Bench reads")).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  const orders = [];
  for (let i = 0; i < 5; i++) orders.push(await pushOrder(svc.http, storeId, secret, { lines: [{ id: `b-o${i}-a`, quantity: 1000 }, { id: `b-o${i}-b`, quantity: 1000 }] }));
  const first = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(orders[0], [{ lineItemId: orders[0].lineItems[0].id, quantity: 1 }, { lineItemId: orders[0].lineItems[1].id, quantity: 1 }]), { token: secret });
  if (first.status !== 201) throw new Error(`return create failed: ${first.status} ${first.text}`);
  const prisma = svc.services.db.prisma;
  const lines = await prisma.orderLineItem.findMany({ where: { orderId: { in: orders.map((o) => o.internalId) } } });
  const returns = [];
  const items = [];
  for (let i = 1; i < RETURNS; i++) {
    const orderId = orders[i % orders.length].internalId;
    const id = newId("ret");
    returns.push({ id, storeId, orderId, type: "return", status: i % 3 ? "open" : "flagged", createdByType: "system", createdAt: new Date(Date.now() - i * 1000) });
    for (const [p, line] of lines.filter((l) => l.orderId === orderId).entries()) {
      items.push({ id: newId("rit"), returnId: id, orderId, lineItemId: line.id, position: p, quantity: 1, reason: "Too big" });
    }
  }
  await prisma.return.createMany({ data: returns });
  await prisma.returnItem.createMany({ data: items });
  return { storeId, secret, returnId: first.body.return.id, returns: RETURNS };
}
