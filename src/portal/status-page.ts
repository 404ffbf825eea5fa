// A return's public status page, reached by the token of its status link (status-link.ts): what the shopper
// reads — number, order, what happened when, the items and their outcomes, how it goes back, the money and
// its state — and nothing of the store's account. A token this service did not sign, or one naming a return
// of another store than the handle's, answers null (the same as no return).
import type { RequestContext } from "../core/context.js";
import { systemContext } from "../core/context.js";
import { formatReturnNumber } from "../returns/list.js";
import { returnParts } from "../returns/payload.js";
import { totalsMinor } from "../returns/fields.js";
import { money } from "../core/money.js";
import { shippingOf } from "../shipping/service.js";
import { returnIdOfStatusToken, statusLink } from "./status-link.js";
import { settingsView } from "./service.js";

export const STEP_KINDS = [
  "requested",
  "label_issued",
  "delivered",
  "received",
  "refunded",
  "credit_issued",
  "exchange_shipped",
  "cancelled",
] as const;
type StepKind = (typeof STEP_KINDS)[number];

/** Statuses that end a return without anything paid out. */
const CANCELLED = ["rejected", "deleted"];
/** Statuses a return reaches once the warehouse has the parcel and processes it. */
const RECEIVED = ["in_review", "complete"];

export async function returnStatusPage(ctx: RequestContext, handle: string, token: string) {
  const returnId = returnIdOfStatusToken(ctx.config, token);
  if (!returnId) return null;
  const portal = await ctx.prisma.portalSettings.findUnique({ where: { handle: handle.toLowerCase() } });
  if (!portal) return null;
  const owned = await ctx.prisma.return.findFirst({ where: { id: returnId, storeId: portal.storeId }, select: { id: true } });
  if (!owned) return null;
  // Read as the store's system (the shopper holds no credential): the same batched reads every door uses.
  const sys = systemContext(ctx.services, portal.storeId, "status-page");
  const [{ r, order, currency, values }, store, shipping, timeline, cards] = await Promise.all([
    returnParts(sys, portal.storeId, returnId),
    sys.prisma.store.findUnique({ where: { id: portal.storeId }, select: { timeZone: true } }),
    shippingOf(sys, returnId),
    sys.prisma.returnTimelineEntry.findMany({ where: { returnId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    sys.prisma.giftCard.findMany({ where: { returnId }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  const totals = totalsMinor(values, r);
  const cancelled = CANCELLED.includes(r.status);

  const steps: { kind: StepKind; at: Date }[] = [{ kind: "requested", at: r.createdAt }];
  const first = (kind: StepKind, at: Date | undefined) => {
    if (at && !steps.some((s) => s.kind === kind)) steps.push({ kind, at });
  };
  if (shipping?.method === "prepaid_label" && shipping.trackingNumber) first("label_issued", shipping.createdAt);
  for (const e of timeline) {
    if (e.toStatus === "delivered" && e.fromStatus !== "delivered") first("delivered", e.createdAt);
    if (RECEIVED.includes(e.toStatus) && !RECEIVED.includes(e.fromStatus ?? "")) first("received", e.createdAt);
    if (e.toStatus === "complete" && totals.refund > 0) first("refunded", e.createdAt);
    if (e.action === "exchange_shipped") first("exchange_shipped", e.createdAt);
    if (CANCELLED.includes(e.toStatus) && e.fromStatus !== e.toStatus) first("cancelled", e.createdAt);
  }
  first("credit_issued", cards[0]?.createdAt);
  // Oldest first; steps at the same instant in the order a return lives them.
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || STEP_KINDS.indexOf(a.kind) - STEP_KINDS.indexOf(b.kind));

  const address = portal.returnAddress ? settingsView(portal).returnAddress : null;
  return {
    returnNumber: formatReturnNumber(r.compatId) ?? "",
    orderName: order?.name ?? "",
    status: r.status,
    createdAt: r.createdAt,
    timeZone: store?.timeZone ?? "UTC",
    timeline: steps,
    items: values.map((v) => ({
      title: v.line?.title ?? v.item.productTitle ?? "",
      variantTitle: v.line?.variantTitle ?? v.item.variantTitle ?? null,
      quantity: v.item.quantity,
      reason: v.item.reason || null,
      reasonCode: v.item.reasonCode || null,
      outcome: v.item.compensation,
      exchangeTitle: exchangeTitle(v.exchangeItem),
    })),
    shipping: shipping && { ...shipping },
    returnAddress: address,
    refund: totals.refund > 0 ? money(totals.refund, currency) : null,
    storeCredit: totals.storeCredit > 0 ? money(totals.storeCredit, currency) : null,
    refundState: cancelled || totals.refund <= 0 ? "none" : r.status === "complete" ? "refunded" : "pending",
    creditState: cancelled && !cards.length ? "none" : cards.length ? "issued" : totals.storeCredit > 0 ? "pending" : "none",
  };
}

function exchangeTitle(x: unknown): string | null {
  const e = x as { product?: { name?: string }; variant?: { name?: string } } | undefined;
  if (!e?.variant?.name) return null;
  return e.product?.name && e.product.name !== e.variant.name ? `${e.product.name} · ${e.variant.name}` : e.variant.name;
}

/**
 * A return's status page as an absolute URL (the link its confirmation email carries), or null: only from
 * PUBLIC_URL (never a request's Host), and only for a store with a returns portal. Batched per request.
 */
export async function publicStatusUrl(ctx: RequestContext, storeId: string, returnId: string): Promise<string | null> {
  const base = ctx.config.publicUrl;
  if (!base) return null;
  const handle = await ctx.loaders
    .get("portal.handleByStore", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.portalSettings.findMany({
        where: { storeId: { in: [...ids] } },
        select: { storeId: true, handle: true },
      });
      const by = new Map(rows.map((r) => [r.storeId, r.handle]));
      return ids.map((id) => by.get(id) ?? null);
    })
    .load(storeId);
  return handle ? statusLink(ctx.config, handle, returnId, base) : null;
}
