import { money } from "../core/money.js";
import * as invoices from "./service.js";
import { CSV_HEADER, csvRow } from "./csv.js";
import type { Resolvers } from "../core/generated/schema.js";

export const invoicesResolvers = {
  Query: {
    invoices: (_, a, ctx) => invoices.listInvoices(ctx, a.storeId),
    invoice: (_, a, ctx) => invoices.getInvoice(ctx, a.id),
    pendingInvoice: (_, a, ctx) => invoices.pendingInvoice(ctx, a.storeId),
  },
  Invoice: {
    charge: async (i, _, ctx) => money(await invoices.chargeOf(ctx, i.id), i.currency),
    items: (i, a, ctx) => invoices.invoiceItems(ctx, i.id, a),
    // Same rows, same bytes as the REST CSV route (src/invoices/csv.ts formats both).
    itemsCsv: async (i, a, ctx) => {
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
    unitAmount: (i) => money(i.unitAmount, i.currency),
    amount: (i) => money(i.amount, i.currency),
  },
} satisfies Resolvers;
