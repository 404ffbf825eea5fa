// The steps of a random store history that the roll-up property tests share (overview-rollup.test.ts,
// overview-measures.test.ts): a return made of an order's lines, an item processed or rejected, a status set,
// each through the merchant API, on the orders and returns the history has made so far.
import fc from "fast-check";
import type { HttpClient } from "./http.js";
import type { customOrderBody } from "./orders.js";

export const REASONS = ["Too big", "Too small", "Damaged", "Changed mind"];

export type ReturnStep =
  | { kind: "return"; order: number; picks: { line: number; quantity: number; reason: number; credit: boolean }[] }
  | { kind: "process"; ret: number; item: number; adjustment: number; reject: boolean }
  | { kind: "status"; ret: number; status: string };

/** The steps' generators, weighted as both tests weigh them; `statuses`: what a status step may set. */
export const returnSteps = (statuses: string[], statusWeight: number) => [
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("return" as const),
      order: fc.nat(),
      picks: fc.array(fc.record({ line: fc.nat(), quantity: fc.integer({ min: 1, max: 2 }), reason: fc.nat(3), credit: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("process" as const),
      ret: fc.nat(),
      item: fc.nat(),
      adjustment: fc.integer({ min: 0, max: 60 }),
      reject: fc.boolean(),
    }),
  },
  {
    weight: statusWeight,
    arbitrary: fc.record({ kind: fc.constant("status" as const), ret: fc.nat(), status: fc.constantFrom(...statuses) }),
  },
];

export interface History {
  http: HttpClient;
  storeId: string;
  secret: string;
  orders: { id: string; body: ReturnType<typeof customOrderBody> }[];
  returns: { id: string; items: string[] }[];
}

/** The `i`th of a list, wrapping; undefined when it is empty. */
export const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

/** Runs one step through the merchant API; a refused step (an order with no units left, say) changes nothing. */
export async function applyReturnStep(h: History, o: ReturnStep): Promise<void> {
  const token = { token: h.secret };
  if (o.kind === "return") {
    const order = pick(h.orders, o.order);
    if (!order) return;
    const items = o.picks.map((p) => ({
      lineItemId: order.body.lineItems[p.line % order.body.lineItems.length]!.id,
      quantity: p.quantity,
      reason: REASONS[p.reason],
      ...(p.credit ? { compensation: "store_credit" } : {}),
    }));
    const res = await h.http.post(
      `/v2.2/stores/${h.storeId}/returns`,
      { data: { provider: "custom", externalOrderId: order.id, items } },
      token,
    );
    if (res.status === 201) h.returns.push({ id: res.body.return.id, items: res.body.return.items.map((i: { id: string }) => i.id) });
  } else if (o.kind === "process") {
    const ret = pick(h.returns, o.ret);
    const item = ret && pick(ret.items, o.item);
    if (!ret || !item) return;
    const product = o.reject
      ? { _id: item, reject: true }
      : { _id: item, processInput: { restock: false, newMerchantAdjustment: o.adjustment / 10 } };
    await h.http.post(`/v2.2/returns/${ret.id}/process`, { products: [product] }, token);
  } else {
    const ret = pick(h.returns, o.ret);
    if (ret) await h.http.put(`/v2.2/returns/${ret.id}/status`, { status: o.status }, token);
  }
}

/** An order deleted, or a return moved back in time (days and hours), by number among those made so far. */
export const orderAndDateSteps = [
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteOrder" as const), order: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("backdate" as const),
      ret: fc.nat(),
      days: fc.integer({ min: 0, max: 80 }),
      hours: fc.integer({ min: 0, max: 23 }),
    }),
  },
];

const DAY_MS = 86_400_000;

/**
 * Two periods whose end cuts through the day of the store's first return, on the side that holds it: one leaves
 * the return out by an edge taken off a whole day, one takes it in by a part of a day added (src/returns/period.ts
 * `periodParts` reads an end covering more than half its day as the day less the rest). Both kinds whatever the
 * hour the test runs at; none when the store has no return.
 */
export function edgePeriods(firstCreatedAt: Date | null | undefined): [number, number][] {
  if (!firstCreatedAt) return [];
  const t = firstCreatedAt.getTime();
  const morning = t - Math.floor(t / DAY_MS) * DAY_MS < DAY_MS / 2;
  return morning
    ? [
        [t + 1, t + 30 * DAY_MS],
        [t - 30 * DAY_MS, t + 1],
      ]
    : [
        [t - 30 * DAY_MS, t],
        [t, t + 30 * DAY_MS],
      ];
}
