import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import * as invoices from "./service.js";

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
  },
  InvoiceItem: {
    unitAmount: (i: { unitAmount: number; currency: string }) => money(i.unitAmount, i.currency),
    amount: (i: { amount: number; currency: string }) => money(i.amount, i.currency),
  },
};
