// Keep-item lines (issue 24 part 4): where the published policy offers keep_item (the return worth less
// than `outcomes.keepItemBelow`), the shopper keeps the line, nothing ships back, and it is refunded its value
// when the return reaches the policy's `settleOn` event: at creation a return made only of kept lines is
// complete at once (and takes no label); on processing the kept line settles with the processing, once under
// concurrency, and is never restocked. The refund is the same on REST, GraphQL and the warehouse door.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatClient } from "../../support/compat.js";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody, type OrderFixture } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const RETURN_Q = `query($id: ID!) { return(id: $id) { status compatId items { id status compensation }
  totals { refund { amount { amount } } storeCredit { amount { amount } } }
  timeline { action fromStatus toStatus detail } } }`;

describe.each(providers)("keep-item lines (%s)", (provider) => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(provider);
  });
  afterAll(() => svc?.close());

  /** A store with its own key, and (unless `draft` is null) a published policy. */
  const store = async (name: string, draft: Record<string, unknown> | null) => {
    const id = (await svc.createStore(name)).id;
    const key = (await svc.createApiClient(id, "all")).secret;
    if (draft) {
      expect((await svc.http.put(`/v2.2/stores/${id}/return-policy/draft`, { draft }, { token: key })).status).toBe(200);
      expect((await svc.http.post(`/v2.2/stores/${id}/return-policy/publish`, {}, { token: key })).status).toBe(201);
    }
    return { id, key };
  };
  const create = (s: { id: string; key: string }, o: OrderFixture, items: Record<string, unknown>[], extra = {}) =>
    svc.http.post(`/v2.2/stores/${s.id}/returns`, returnBody(o, items as never, extra), { token: s.key });
  const read = async (key: string, id: string) => {
    const g = await svc.http.graphql(RETURN_Q, { id }, key);
    expect(g.errors).toBeUndefined();
    return g.data.return;
  };

  it("is refused without a policy offering it, naming the field, and above the policy's value", async () => {
    const none = await store("No policy", null);
    const o1 = await pushOrder(svc.http, none.id, none.key);
    const res = await create(none, o1, [{ lineItemId: o1.lineItems[1]!.id, quantity: 1, compensation: "keep_item" }]);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain("data.items[0].compensation");
    expect(res.body.detail).toContain("keepItemBelow");

    const s = await store("Keep below 30", { window: { days: 3650, from: "order" }, outcomes: { keepItemBelow: "30.00" } });
    const o2 = await pushOrder(svc.http, s.id, s.key);
    // 80.00 asked back: above 30.00, so the policy does not offer keep_item.
    const dear = await create(s, o2, [{ lineItemId: o2.lineItems[0]!.id, quantity: 2, compensation: "keep_item" }]);
    expect(dear.status).toBe(422);
    expect(dear.body.type).toContain("returns/policy-refused");
    expect(dear.body.detail).toContain("data.items[0]");
  });

  it("settles at creation: a return made only of kept lines is complete at once, refunded, without a label", async () => {
    const s = await store("Keep on creation", {
      window: { days: 3650, from: "order" },
      outcomes: { keepItemBelow: "30.00", settleOn: "created" },
    });
    const o = await pushOrder(svc.http, s.id, s.key);
    const kept = [{ lineItemId: o.lineItems[1]!.id, quantity: 1, compensation: "keep_item" }];
    const labelled = await create(s, o, kept, { label: { trackingNumber: "1Z999" } });
    expect(labelled.status).toBe(400);
    expect(JSON.stringify(labelled.body)).toContain("data.label");

    const res = await create(s, o, kept);
    expect(res.status).toBe(201);
    const ret = res.body.return;
    expect(ret.status).toBe("complete");
    expect(ret.items[0].status).toBe("processed");
    // 25.50 and its 2.00 tax go back to the original payment.
    expect(ret.totals.refund.amount).toEqual({ amount: "27.50", currency: "USD" });
    expect(ret.giftCards).toEqual([]);
    const g = await read(s.key, ret.id);
    expect(g.totals.refund.amount.amount).toBe("27.50");
    expect(g.timeline.map((t: { action: string; toStatus: string }) => `${t.action}:${t.toStatus}`)).toEqual([
      "created:open",
      "keep_items_settled:complete",
    ]);
    expect(JSON.parse(g.timeline[1].detail)).toEqual({ keptItemIds: [ret.items[0].id] });
    // The warehouse door reads the same refund.
    const details = await compatClient(svc, s.key).get(`/return/details?return_id=${g.compatId}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ outcome: "refund", refund: "27.50", gift_card: "0.00", state: expect.any(String) });
  });

  it("settles with the processing (the default event) once under concurrency, never restocked", async () => {
    const s = await store("Keep on processing", { window: { days: 3650, from: "order" }, outcomes: { keepItemBelow: "200.00" } });
    const o = await pushOrder(svc.http, s.id, s.key);
    const res = await create(s, o, [
      { lineItemId: o.lineItems[0]!.id, quantity: 1 },
      { lineItemId: o.lineItems[1]!.id, quantity: 1, compensation: "keep_item" },
    ]);
    expect(res.status).toBe(201);
    const ret = res.body.return;
    expect(ret.status).toBe("open");
    const [refundItem, keptItem] = ret.items.map((i: { id: string; status: string }) => i);
    expect(keptItem.status).toBe("open");
    // 40.00 + 1.00 tax for the refunded unit, 25.50 + 2.00 for the kept one.
    expect(ret.totals.refund.amount.amount).toBe("68.50");

    const restock = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: keptItem.id, processInput: { restock: true } }] },
      { token: s.key },
    );
    expect(restock.status).toBe(400);
    expect(JSON.stringify(restock.body)).toContain("products[0].processInput.restock");

    const tries = await Promise.all(
      [0, 1, 2].map(() => svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: refundItem.id }] }, { token: s.key })),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([200, 409, 409]);
    const g = await read(s.key, ret.id);
    expect(g.status).toBe("complete");
    expect(g.items.map((i: { status: string }) => i.status)).toEqual(["processed", "processed"]);
    const settled = g.timeline.filter((t: { detail: string | null }) => t.detail?.includes("keptItemIds"));
    expect(settled).toHaveLength(1);
    expect(JSON.parse(settled[0].detail).keptItemIds).toEqual([keptItem.id]);
    expect(g.totals.refund.amount.amount).toBe("68.50");
  });

  it("bulk processing restocks the returned line and never the kept one", async () => {
    const s = await store("Keep in bulk", { window: { days: 3650, from: "order" }, outcomes: { keepItemBelow: "200.00" } });
    const o = await pushOrder(svc.http, s.id, s.key);
    const res = await create(s, o, [
      { lineItemId: o.lineItems[0]!.id, quantity: 1 },
      { lineItemId: o.lineItems[1]!.id, quantity: 1, compensation: "keep_item" },
    ]);
    expect(res.status).toBe(201);
    const bulk = await svc.http.graphql(
      `mutation($ids: [ID!]!) { bulkReturnAction(ids: $ids, action: process) { ok message return { status items { status outcome } } } }`,
      { ids: [res.body.return.id] },
      s.key,
    );
    expect(bulk.errors).toBeUndefined();
    expect(bulk.data.bulkReturnAction).toEqual([
      {
        ok: true,
        message: expect.any(String),
        return: {
          status: "complete",
          items: [
            { status: "processed", outcome: "restock" },
            { status: "processed", outcome: null },
          ],
        },
      },
    ]);
  });

  it("settles on arrival: PUT status delivered issues the credit and settles the kept line, once", async () => {
    const s = await store("Keep on arrival", {
      window: { days: 3650, from: "order" },
      outcomes: { keepItemBelow: "200.00", settleOn: "delivered" },
    });
    const o = await pushOrder(svc.http, s.id, s.key);
    const res = await create(s, o, [
      { lineItemId: o.lineItems[0]!.id, quantity: 1, compensation: "store_credit" },
      { lineItemId: o.lineItems[1]!.id, quantity: 1, compensation: "keep_item" },
    ]);
    expect(res.status).toBe(201);
    const ret = res.body.return;
    expect(ret.giftCards).toEqual([]);
    expect(ret.items.map((i: { status: string }) => i.status)).toEqual(["open", "open"]);

    const arrived = await Promise.all(
      [0, 1].map(() => svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "delivered" }, { token: s.key })),
    );
    // The first moves it; the second finds it delivered already (not a status arrival comes from).
    expect(arrived.map((a) => a.status).sort()).toEqual([204, 409]);
    const after = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: s.key })).body.return;
    expect(after.status).toBe("delivered");
    expect(after.giftCards).toHaveLength(1);
    expect(after.giftCards[0].amount.amount).toBe("40.00");
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(["open", "processed"]);
    expect(after.totals.refund.amount.amount).toBe("27.50");
    expect(after.totals.storeCredit.amount.amount).toBe("40.00");
    const g = await read(s.key, ret.id);
    const entry = g.timeline.find((t: { toStatus: string; fromStatus: string }) => t.toStatus === "delivered" && t.fromStatus === "open");
    expect(JSON.parse(entry.detail)).toEqual({ giftCardsIssued: 1, keptItemIds: [after.items[1].id] });
    // Processing the credit line later issues nothing more and completes the return.
    const p = await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: after.items[0].id }] }, { token: s.key });
    expect(p.status).toBe(200);
    const done = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: s.key })).body.return;
    expect(done.status).toBe("complete");
    expect(done.giftCards).toEqual(after.giftCards);
    // A closed return cannot arrive again.
    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "delivered" }, { token: s.key })).status).toBe(409);
  });
});
