// Invoices: what the service bills a store per period, and their billable items. One invoice per
// store is `pending` (open, accumulating items); it is then `issued` and eventually `paid`.
// The charge is derived from the items (never stored twice).
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { indexBy } from "../core/loaders.js";
import { keysetOrder, type PageArgs, pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";

export const INVOICE_STATUSES = ["pending", "issued", "paid"] as const;
export const ITEM_PAGE_MAX = PAGE_SIZES.invoiceItems.max;

/** Newest first; not paginated (a store has one invoice per billing period). */
export function listInvoices(ctx: RequestContext, storeId: string) {
  return ctx.prisma.invoice.findMany({ where: { storeId }, orderBy: keysetOrder("createdAt") });
}

/** By id alone, within the caller's stores: another store's invoice is not found (null). */
export function getInvoice(ctx: RequestContext, id: string) {
  return ctx.prisma.invoice.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
}

/** The caller's open invoice. `storeId` may be omitted when the caller acts on exactly one store. */
export function pendingInvoice(ctx: RequestContext, storeId: string | null | undefined) {
  const stores = ctx.storeIds();
  const store = storeId ?? (stores.length === 1 ? stores[0] : null);
  if (!store) throw refuse("INVOICE_STORE_NEEDED");
  return ctx.prisma.invoice.findFirst({ where: { storeId: store, status: "pending" }, orderBy: keysetOrder("createdAt") });
}

/** Oldest first (as a statement reads), keyset over (occurredAt, id); pages of up to 1000 for CSV export. */
export function invoiceItems(ctx: RequestContext, invoiceId: string, args: PageArgs) {
  return pageOf(ctx.services.cursors, {
    list: `invoiceItems:${invoiceId}`,
    args,
    size: { default: PAGE_SIZES.invoiceItems.default, max: ITEM_PAGE_MAX },
    sortField: "occurredAt",
    direction: "asc",
    where: { invoiceId },
    findMany: (q) => ctx.prisma.invoiceItem.findMany(q),
  });
}

export function chargeOf(ctx: RequestContext, invoiceId: string): Promise<number> {
  return ctx.loaders
    .get("invoices.charge", async (ids: readonly string[]) => {
      const sums = await ctx.prisma.invoiceItem.groupBy({
        by: ["invoiceId"],
        where: { invoiceId: { in: [...ids] } },
        _sum: { amount: true },
      });
      return indexBy(ids, sums, (r) => r.invoiceId).map((r) => r?._sum.amount ?? 0);
    })
    .load(invoiceId);
}

export interface BillableInput {
  occurredAt?: Date;
  type: string;
  description?: string;
  orderName?: string | null;
  returnId?: string | null;
  quantity?: number;
  unitAmount: number;
  currency?: string;
}

/**
 * Adds a billable item to the store's pending invoice (opening one for the current month if none is
 * open). For other domains (returns processing, labels) and the demo seed.
 */
export async function addBillableItems(ctx: RequestContext, storeId: string, items: BillableInput[]) {
  return ctx.prisma.$transaction(async (tx) => {
    let invoice = await tx.invoice.findFirst({ where: { storeId, status: "pending" } });
    if (!invoice) {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      invoice = await tx.invoice.create({
        data: { id: newId("inv"), storeId, status: "pending", currency: "USD", periodStart: start, periodEnd: end },
      });
    } else {
      await tx.invoice.update({ where: { id: invoice.id }, data: { status: "pending" } });
    }
    const rows = items.map((it) => {
      const quantity = it.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1) throw refuse("INVOICE_QUANTITY_INVALID");
      return {
        id: newId("ivi"),
        invoiceId: invoice!.id,
        occurredAt: it.occurredAt ?? new Date(),
        type: it.type,
        description: it.description ?? "",
        orderName: it.orderName ?? null,
        returnId: it.returnId ?? null,
        quantity,
        unitAmount: it.unitAmount,
        amount: it.unitAmount * quantity,
        currency: (it.currency ?? invoice!.currency).toUpperCase(),
      };
    });
    await tx.invoiceItem.createMany({ data: rows });
    return invoice;
  });
}
