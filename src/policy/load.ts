// What the evaluator needs of an order, read from the database: its lines with the product's tags and
// type (the catalogue family whose external id the line names: one read for all lines), vendor, discount,
// first fulfillment and delivery, the units already returned or in a live return, and the customer's
// earlier returns. A line without a catalogue family, or a family without a type, has no product type.
import type { TransactionClient } from "../db/client.js";
import { RELEASED_STATUSES } from "../returns/transitions.js";
import type { CustomerHistory, OrderInput, PolicyVersionInput } from "./evaluate.js";
import type { PolicyRules } from "./rules.js";

type Db = Pick<
  TransactionClient,
  "order" | "orderLineItem" | "fulfillment" | "productFamily" | "returnItem" | "return" | "returnPolicyVersion"
>;

type OrderRow = {
  id: string;
  storeId: string;
  name: string;
  currency: string;
  placedAt: Date;
  tags: string;
  customerRecordId: string | null;
  customerEmail: string | null;
};

const parseTags = (text: string): string[] => {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

export async function loadOrderInput(db: Db, order: OrderRow, excludeReturnId?: string): Promise<OrderInput> {
  return (await loadOrderParts(db, [order], excludeReturnId)).get(order.id)!.input;
}

export type LineRow = Awaited<ReturnType<Db["orderLineItem"]["findMany"]>>[number];

/**
 * The evaluator's input of several orders of one store at once (a page of drafts): the same four reads
 * whatever their number, and each order's line rows as stored (their titles, for the pages that show them).
 */
export async function loadOrderParts(
  db: Db,
  orders: OrderRow[],
  excludeReturnId?: string,
): Promise<Map<string, { input: OrderInput; rows: LineRow[] }>> {
  const ids = [...new Set(orders.map((o) => o.id))];
  const out = new Map<string, { input: OrderInput; rows: LineRow[] }>();
  if (!ids.length) return out;
  const lines = await db.orderLineItem.findMany({ where: { orderId: { in: ids } }, orderBy: [{ orderId: "asc" }, { position: "asc" }] });
  const fulfillments = await db.fulfillment.findMany({
    where: { orderId: { in: ids } },
    select: { orderId: true, createdAt: true, deliveredAt: true, lineItems: { select: { lineItemId: true } } },
    orderBy: { createdAt: "asc" },
  });
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const stores = [...new Set(orders.map((o) => o.storeId))];
  const families = productIds.length
    ? await db.productFamily.findMany({
        where: { storeId: { in: stores }, externalId: { in: productIds } },
        select: { storeId: true, externalId: true, tags: true, productType: true },
      })
    : [];
  const familyOf = new Map(families.map((f) => [`${f.storeId}:${f.externalId}`, { tags: parseTags(f.tags), productType: f.productType }]));
  const already = await db.returnItem.groupBy({
    by: ["orderId", "lineItemId"],
    where: {
      orderId: { in: ids },
      return: { status: { notIn: [...RELEASED_STATUSES] }, ...(excludeReturnId ? { id: { not: excludeReturnId } } : {}) },
    },
    _sum: { quantity: true },
  });
  const returned = new Map(already.map((r) => [`${r.orderId}:${r.lineItemId}`, r._sum.quantity ?? 0]));
  for (const order of orders) {
    const rows = lines.filter((l) => l.orderId === order.id);
    const theirs = fulfillments.filter((f) => f.orderId === order.id);
    const input: OrderInput = {
      id: order.id,
      name: order.name,
      currency: order.currency,
      placedAt: order.placedAt,
      tags: parseTags(order.tags),
      lines: rows.map((l) => {
        // A line's fulfillment is the first that names it (or, without line lists, the order's first).
        const f = theirs.find((x) => x.lineItems.some((li) => li.lineItemId === l.id || li.lineItemId === l.externalId)) ?? theirs[0];
        const family = familyOf.get(`${order.storeId}:${l.productId}`);
        return {
          id: l.id,
          externalId: l.externalId,
          productId: l.productId,
          sku: l.sku,
          productType: family?.productType ?? null,
          vendor: l.vendor,
          tags: family?.tags ?? [],
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          discount: l.discount,
          returned: returned.get(`${order.id}:${l.id}`) ?? 0,
          fulfilledAt: f?.createdAt ?? null,
          deliveredAt: f?.deliveredAt ?? null,
        };
      }),
    };
    out.set(order.id, { input, rows });
  }
  return out;
}

/** The customer's returns in this store (by customer record, else e-mail), for the history rules. */
export async function loadHistory(db: Db, order: OrderRow, rules: PolicyRules | null, now: Date): Promise<CustomerHistory> {
  return (await loadHistories(db, [order], rules, now)).get(order.id) ?? { returnDates: [] };
}

/** The same for several orders of one store in one read (their customers' returns, then split per order). */
/** How far back the history rules look, in days (0: no rule looks at history). */
export const historyDays = (rules: PolicyRules | null) => Math.max(0, ...(rules?.reviewRules ?? []).map((r) => r.returnsInDays ?? 0));

/**
 * `since`: read from this instant instead of `historyDays` before `now` (a simulation's page reads the
 * history of all its returns at once, from its oldest return's window to its newest).
 */
export async function loadHistories(
  db: Db,
  orders: OrderRow[],
  rules: PolicyRules | null,
  now: Date,
  since?: Date,
): Promise<Map<string, CustomerHistory>> {
  const out = new Map<string, CustomerHistory>();
  const days = historyDays(rules);
  const known = orders.filter((o) => o.customerRecordId || o.customerEmail);
  if (!days || !known.length) return out;
  const records = [...new Set(known.flatMap((o) => (o.customerRecordId ? [o.customerRecordId] : [])))];
  const emails = [...new Set(known.flatMap((o) => (!o.customerRecordId && o.customerEmail ? [o.customerEmail] : [])))];
  const rows = await db.return.findMany({
    where: {
      storeId: { in: [...new Set(known.map((o) => o.storeId))] },
      createdAt: { gte: since ?? new Date(now.getTime() - days * 86_400_000), lte: now },
      order: {
        OR: [
          ...(records.length ? [{ customerRecordId: { in: records } }] : []),
          ...(emails.length ? [{ customerEmail: { in: emails } }] : []),
        ],
      },
    },
    select: { storeId: true, createdAt: true, order: { select: { customerRecordId: true, customerEmail: true } } },
    take: 10_000 * known.length,
  });
  for (const o of known) {
    const mine = rows.filter(
      (r) =>
        r.storeId === o.storeId &&
        (o.customerRecordId ? r.order?.customerRecordId === o.customerRecordId : r.order?.customerEmail === o.customerEmail),
    );
    out.set(o.id, { returnDates: mine.map((r) => r.createdAt) });
  }
  return out;
}

/** The store's latest published version (or version `number`), ready for the evaluator; null when none. */
export async function publishedVersion(db: Db, storeId: string, number?: number | null): Promise<PolicyVersionInput | null> {
  const row = await db.returnPolicyVersion.findFirst({
    where: { storeId, ...(number != null ? { number } : {}) },
    orderBy: { number: "desc" },
  });
  return row ? { number: row.number, rules: JSON.parse(row.rules) as PolicyRules, timeZone: row.timeZone } : null;
}
