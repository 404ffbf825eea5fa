// Money, outcome and dates as the warehouse platform reads a return: its totals from our item values,
// its outcome from the items' compensations, a line's restock status, and edited/closed times from
// the timeline. Pure functions over values the resolvers load (resolvers.ts).
import { money } from "../core/money.js";
import { warehouseStateOf } from "./states.js";

/** An item's values in minor units (src/returns/service.ts itemValues) with its compensation and status. */
export interface ItemMoney {
  compensation: string;
  status: string;
  productValue: number;
  tax: number;
  refund: number;
}

/**
 * The platform's totals, exact in minor units: product value and tax of the items not rejected
 * (return_total their sum); refund and store credit split by the items' compensation (total their sum).
 */
export function warehouseTotals(items: ItemMoney[], paid?: { refund: number; storeCredit: number }) {
  const live = items.filter((i) => i.status !== "rejected");
  const sum = (list: ItemMoney[], pick: (i: ItemMoney) => number) => list.reduce((s, i) => s + pick(i), 0);
  const product = sum(live, (i) => i.productValue);
  const tax = sum(live, (i) => i.tax);
  const refund = sum(
    items.filter((i) => i.compensation === "refund" || i.compensation === "keep_item"),
    (i) => i.refund,
  );
  const storeCredit = sum(
    items.filter((i) => i.compensation === "store_credit"),
    (i) => i.refund,
  );
  // With the return's totals (src/returns/totals.ts), refund and credit are the same numbers as on every door.
  const r = paid ?? { refund, storeCredit };
  return { product, tax, returnTotal: product + tax, refund: r.refund, storeCredit: r.storeCredit, total: r.refund + r.storeCredit };
}

/** An item's refund split as the platform shows it: the item part (never below 0) and its tax (when anything is refunded). */
export function refundParts(item: Pick<ItemMoney, "refund" | "tax">) {
  return { beforeTax: Math.max(0, item.refund - item.tax), tax: item.refund > 0 ? item.tax : 0 };
}

/** refund, credit, exchange or a pair of them: the compensations a return's items take (a kept item is refunded). */
export function warehouseOutcome(compensations: string[]): string {
  const kinds = new Set(compensations);
  const refund = kinds.has("refund") || kinds.has("keep_item");
  const credit = kinds.has("store_credit");
  if (kinds.has("exchange")) return credit ? "exchange+credit" : refund ? "exchange+refund" : "exchange";
  if (refund && credit) return "credit+refund";
  return credit ? "credit" : "refund";
}

/** Whether the warehouse still has to restock an item: pending while open, rejected, else processed. */
export function restockStatusOf(itemStatus: string): "pending" | "rejected" | "processed" {
  return itemStatus === "open" ? "pending" : itemStatus === "rejected" ? "rejected" : "processed";
}

interface TimelineFact {
  action: string;
  toStatus: string;
  detail: string | null;
  createdAt: Date;
}

/** When items were last removed from the return: a remove_items, or a process / reset that removed items. */
export function editedAtOf(timeline: TimelineFact[]): Date | null {
  const removed = (t: TimelineFact) => {
    if (t.action === "remove_items") return true;
    if (!t.detail) return false;
    try {
      const detail = JSON.parse(t.detail) as { removedItemIds?: unknown };
      return Array.isArray(detail.removedItemIds) && detail.removedItemIds.length > 0;
    } catch {
      return false;
    }
  };
  return [...timeline].reverse().find(removed)?.createdAt ?? null;
}

/** When a return the platform reads as closed last entered a closed status (complete or rejected). */
export function closedAtOf(status: string, timeline: TimelineFact[]): Date | null {
  if (warehouseStateOf(status) !== "closed") return null;
  return [...timeline].reverse().find((t) => t.toStatus === "complete" || t.toStatus === "rejected")?.createdAt ?? null;
}

/** The platform's totals as Money in the return's currency (the `warehouseTotals` field and its webhook object). */
export function warehouseTotalsIn(items: ItemMoney[], currency: string, paid?: { refund: number; storeCredit: number }) {
  const t = warehouseTotals(items, paid);
  const m = (minor: number) => money(minor, currency);
  return {
    product: m(t.product),
    tax: m(t.tax),
    returnTotal: m(t.returnTotal),
    refund: m(t.refund),
    storeCredit: m(t.storeCredit),
    total: m(t.total),
  };
}

type ItemV = { item: { status: string }; tax: number; refund: number; currency: string };

/** The ReturnItem's fields the platform reads (its GraphQL resolvers, and its webhook object). */
export const WAREHOUSE_ITEM_FIELDS = {
  tax: (v: ItemV) => ({ amount: money(v.tax, v.currency) }),
  refundBeforeTax: (v: ItemV) => money(refundParts(v).beforeTax, v.currency),
  refundTax: (v: ItemV) => money(refundParts(v).tax, v.currency),
  restockStatus: (v: ItemV) => restockStatusOf(v.item.status),
};
