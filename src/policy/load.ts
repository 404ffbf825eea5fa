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
  const lines = await db.orderLineItem.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
  const fulfillments = await db.fulfillment.findMany({
    where: { orderId: order.id },
    select: { createdAt: true, deliveredAt: true, lineItems: { select: { lineItemId: true } } },
    orderBy: { createdAt: "asc" },
  });
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const families = productIds.length
    ? await db.productFamily.findMany({
        where: { storeId: order.storeId, externalId: { in: productIds } },
        select: { externalId: true, tags: true, productType: true },
      })
    : [];
  const familyOf = new Map(families.map((f) => [f.externalId, { tags: parseTags(f.tags), productType: f.productType }]));
  const already = await db.returnItem.groupBy({
    by: ["lineItemId"],
    where: {
      orderId: order.id,
      return: { status: { notIn: [...RELEASED_STATUSES] }, ...(excludeReturnId ? { id: { not: excludeReturnId } } : {}) },
    },
    _sum: { quantity: true },
  });
  const returned = new Map(already.map((r) => [r.lineItemId, r._sum.quantity ?? 0]));
  return {
    id: order.id,
    name: order.name,
    currency: order.currency,
    placedAt: order.placedAt,
    tags: parseTags(order.tags),
    lines: lines.map((l) => {
      // A line's fulfillment is the first that names it (or, without line lists, the order's first).
      const f =
        fulfillments.find((x) => x.lineItems.some((li) => li.lineItemId === l.id || li.lineItemId === l.externalId)) ?? fulfillments[0];
      return {
        id: l.id,
        externalId: l.externalId,
        productId: l.productId,
        sku: l.sku,
        productType: familyOf.get(l.productId)?.productType ?? null,
        vendor: l.vendor,
        tags: familyOf.get(l.productId)?.tags ?? [],
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        returned: returned.get(l.id) ?? 0,
        fulfilledAt: f?.createdAt ?? null,
        deliveredAt: f?.deliveredAt ?? null,
      };
    }),
  };
}

/** The customer's returns in this store (by customer record, else e-mail), for the history rules. */
export async function loadHistory(db: Db, order: OrderRow, rules: PolicyRules | null, now: Date): Promise<CustomerHistory> {
  const days = Math.max(0, ...(rules?.reviewRules ?? []).map((r) => r.returnsInDays ?? 0));
  if (!days) return { returnDates: [] };
  const who = order.customerRecordId
    ? { customerRecordId: order.customerRecordId }
    : order.customerEmail
      ? { customerEmail: order.customerEmail }
      : null;
  if (!who) return { returnDates: [] };
  const rows = await db.return.findMany({
    where: { storeId: order.storeId, createdAt: { gte: new Date(now.getTime() - days * 86_400_000), lte: now }, order: who },
    select: { createdAt: true },
    take: 10_000,
  });
  return { returnDates: rows.map((r) => r.createdAt) };
}

/** The store's latest published version (or version `number`), ready for the evaluator; null when none. */
export async function publishedVersion(db: Db, storeId: string, number?: number | null): Promise<PolicyVersionInput | null> {
  const row = await db.returnPolicyVersion.findFirst({
    where: { storeId, ...(number != null ? { number } : {}) },
    orderBy: { number: "desc" },
  });
  return row ? { number: row.number, rules: JSON.parse(row.rules) as PolicyRules, timeZone: row.timeZone } : null;
}
