// A customer's store credit: the gift cards issued for their returns (linked by the customer record
// their orders carry, or by e-mail for an imported return) and the balance left, per currency.
import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { CustomerRow } from "./service.js";

/** Currencies a balance lists at most (the list bound of `Customer.storeCredit`). */
export const CREDIT_CURRENCIES = 20;

function cardsOf(ctx: RequestContext, c: Pick<CustomerRow, "id" | "storeId" | "email">, take: number) {
  return ctx.prisma.giftCard.findMany({
    where: { storeId: c.storeId, OR: [{ customerId: c.id }, { customerEmail: c.email.toLowerCase() }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

/** The customer's gift cards, newest first, at most `first`. */
export async function giftCardsOfCustomer(ctx: RequestContext, c: Pick<CustomerRow, "id" | "storeId" | "email">, first: number) {
  return (await cardsOf(ctx, c, first)).map((g) => ({
    id: g.id,
    code: g.code,
    amount: money(g.amount, g.currency),
    bonus: money(g.bonus, g.currency),
    balance: money(g.balance, g.currency),
    returnId: g.returnId,
    createdAt: g.createdAt,
  }));
}

/** What the customer can still spend, per currency (exact: sums of minor units). */
export async function storeCreditOf(ctx: RequestContext, c: Pick<CustomerRow, "id" | "storeId" | "email">) {
  const rows = await ctx.prisma.giftCard.groupBy({
    by: ["currency"],
    where: { storeId: c.storeId, OR: [{ customerId: c.id }, { customerEmail: c.email.toLowerCase() }] },
    _sum: { balance: true },
    orderBy: { currency: "asc" },
    take: CREDIT_CURRENCIES,
  });
  return rows.map((r) => money(r._sum.balance ?? 0, r.currency));
}
