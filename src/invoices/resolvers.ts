import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import * as invoices from "./service.js";
import { CSV_HEADER, csvRow } from "./csv.js";

type Ctx = RequestContext;

export const invoicesResolvers = {
  Query: {
    invoices: (_: unknown, a: { storeId: string }, ctx: Ctx) => invoices.listInvoices(ctx, a.storeId),
    invoice: (_: unknown, a: { id: string }, ctx: Ctx) => invoices.getInvoice(ctx, a.id),
    pendingInvoice: (_: unknown, a: { storeId?: string | null }, ctx: Ctx) => invoices.pendingInvoice(ctx, a.storeId),
  },
  Invoice: {
    charge: async (i: { id: string; currency: string }, _: unknown, ctx: Ctx) => money(await invoices.chargeOf(ctx, i.id), i.currency),
    items: (i: { id: string }, a: PageArgs, ctx: Ctx) => invoices.invoiceItems(ctx, i.id, a),
    // Same rows, same bytes as the REST CSV route (src/invoices/csv.ts formats both).
    itemsCsv: async (i: { id: string }, a: PageArgs, ctx: Ctx) => {
      const page = await invoices.invoiceItems(ctx, i.id, { first: a.first ?? 1000, after: a.after });
      const rows = page.nodes.map((it) =>
        csvRow(i.id, {
          id: it.id,
          occurredAt: it.occurredAt.toISOString(),
          type: it.type,
          description: it.description,
          orderName: it.orderName,
          returnId: it.returnId,
          quantity: it.quantity,
          unitAmount: money(it.unitAmount, it.currency),
          amount: money(it.amount, it.currency),
        }),
      );
      return { csv: (a.after ? "" : CSV_HEADER) + rows.join(""), rowCount: rows.length, pageInfo: page.pageInfo };
    },
  },
  InvoiceItem: {
    unitAmount: (i: { unitAmount: number; currency: string }) => money(i.unitAmount, i.currency),
    amount: (i: { amount: number; currency: string }) => money(i.amount, i.currency),
  },
};
