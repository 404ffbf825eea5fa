// Why a return was admitted as it was: the policy version recorded on it, evaluated as at its creation
// over its own lines (the return itself not counted as already returned, the customer's earlier returns
// only). The return's page shows these rules; nothing is stored twice.
import type { RequestContext } from "../core/context.js";
import { evaluate } from "./evaluate.js";
import { loadHistory, loadOrderInput, publishedVersion } from "./load.js";

export async function explainReturn(
  ctx: RequestContext,
  ret: { id: string; storeId: string; orderId: string | null; policyVersion: number | null; createdAt: Date },
) {
  if (ret.policyVersion == null || !ret.orderId) return null;
  const [order, version, items] = await Promise.all([
    ctx.prisma.order.findUnique({ where: { id: ret.orderId } }),
    publishedVersion(ctx.prisma, ret.storeId, ret.policyVersion),
    ctx.prisma.returnItem.findMany({ where: { returnId: ret.id }, orderBy: { position: "asc" } }),
  ]);
  if (!order || !version) return null;
  const input = await loadOrderInput(ctx.prisma, order, ret.id);
  const asked = items
    .filter((it) => it.lineItemId && input.lines.some((l) => l.id === it.lineItemId))
    .map((it) => ({ lineId: it.lineItemId!, quantity: it.quantity, reasonCode: it.reasonCode }));
  const history = await loadHistory(ctx.prisma, order, version.rules, ret.createdAt);
  history.returnDates = history.returnDates.filter((d) => d < ret.createdAt);
  return evaluate(version, input, asked, history, ret.createdAt);
}
