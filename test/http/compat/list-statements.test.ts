// A compat list page costs a small, bounded number of SQL statements for 20 and for 750 returns (the
// core resolves every relation through DataLoader, in batches of at most 500 keys), never one per row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { pushOrder } from "../../support/orders.js";
import { newId } from "../../../src/core/ids.js";
import { compatClient } from "../../support/compat.js";

let nextCompatId = 500_000;

describe.each(providers)("compat list statement count (%s)", (provider) => {
  let svc: TestService;
  let statements = 0;
  let counting = false;

  beforeAll(async () => {
    // Rate limiting off: on PostgreSQL the limiter adds its counts on a 100 ms timer, which can fall inside
    // the counted request; these tests count the page's own statements.
    svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS },
      {
        onQuery: (e: any) => {
          if (counting) {
            statements++;
            if (process.env.SHOW_SQL) console.log(String(e.query ?? e.sql ?? JSON.stringify(e)).slice(0, 160));
          }
        },
      },
    );
  });
  afterAll(() => svc?.close());

  async function storeWithReturns(count: number) {
    const storeId = (await svc.createStore(`Compat count ${count}`)).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const orders = [];
    for (let i = 0; i < 5; i++)
      orders.push(
        await pushOrder(svc.http, storeId, secret, {
          lines: [
            { id: `w${count}-o${i}-a`, quantity: 1000 },
            { id: `w${count}-o${i}-b`, quantity: 1000 },
          ],
        }),
      );
    const prisma = svc.services.db.prisma;
    const lines = await prisma.orderLineItem.findMany({ where: { orderId: { in: orders.map((o) => o.internalId) } } });
    const returns = [];
    const items = [];
    for (let i = 0; i < count; i++) {
      const orderId = orders[i % orders.length].internalId;
      const id = newId("ret");
      returns.push({
        id,
        compatId: ++nextCompatId,
        storeId,
        orderId,
        type: "return",
        status: i % 3 ? "open" : "flagged",
        createdByType: "system",
        createdAt: new Date(Date.now() - (i + 1) * 1000),
      });
      for (const [p, line] of lines.filter((l) => l.orderId === orderId).entries()) {
        items.push({ id: newId("rit"), returnId: id, orderId, lineItemId: line.id, position: p, quantity: 1, reason: "Too big" });
      }
    }
    await prisma.return.createMany({ data: returns });
    await prisma.returnItem.createMany({ data: items });
    return compatClient(svc, secret);
  }

  async function countPage(c: ReturnType<typeof compatClient>, size: number) {
    await c.get(`/return/list?paginate=true&pageSize=1`); // warm up (auth's lastUsedAt write)
    statements = 0;
    counting = true;
    const started = performance.now();
    const res = await c.get(`/return/list?paginate=true&pageSize=${size}`);
    const ms = performance.now() - started;
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body.returns).toHaveLength(size);
    expect(res.body.returns[0].line_items).toHaveLength(2);
    return { statements, ms };
  }

  it("is constant in the page size", { timeout: 120_000 }, async () => {
    const small = await countPage(await storeWithReturns(20), 20);
    const large = await countPage(await storeWithReturns(750), 750);
    console.log(
      `compat list (${provider}): 20 returns ${small.statements} statements ${small.ms.toFixed(0)} ms; 750 returns ${large.statements} statements ${large.ms.toFixed(0)} ms`,
    );
    // 750 keys make two batches (500 + 250) of the two per-return loaders (items, timeline): +2.
    expect(large.statements).toBe(small.statements + 2);
    expect(large.statements).toBeLessThanOrEqual(12);
  });
});
