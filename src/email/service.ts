// The store's shopper emails as the dashboard lists them: newest first, with the return's number.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS } from "../core/bounds.js";

export async function listOutbox(ctx: RequestContext, storeId: string) {
  const rows = await ctx.prisma.emailMessage.findMany({
    where: { storeId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIST_BOUNDS.storeEmails,
  });
  const returns = await ctx.prisma.return.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.returnId))] } },
    select: { id: true, compatId: true },
  });
  const numbers = new Map(returns.map((r) => [r.id, r.compatId == null ? null : `R${r.compatId}`]));
  return rows.map((r) => ({ ...r, returnNumber: numbers.get(r.returnId) ?? null }));
}
