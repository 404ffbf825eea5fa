// A line's return window: how long (the policy's, the shortest matching window rule, the longest matching
// extension), from when (order, fulfillment or delivery, store time), and whether it is still open.
import type { Decision } from "./evaluation.js";
import { finalSale } from "./evaluate-rules.js";
import { DAY, type OrderInput, type OrderLineInput, type PolicyContext, anyTag, hit } from "./evaluate-input.js";
import type { PolicyRules } from "./rules.js";
import { dayOfDate, localDay, startOfLocalDay } from "./zone.js";

/**
 * The window step: when the line's window ends (its decision pushed), or refused (the refusal pushed) when
 * the window is zero days, has no anchor yet, or has ended.
 */
export function windowOf(ctx: PolicyContext, l: OrderLineInput, decisions: Decision[]): { refused: boolean; endsAt: Date | null } {
  const { r, zone, order, now } = ctx;
  const endsAt = windowEnd(r, zone, order, l, decisions);
  if (endsAt === undefined) return { refused: true, endsAt: null };
  if (endsAt && now.getTime() >= endsAt.getTime()) {
    decisions.push({
      effect: "refuse",
      rule: decisions.at(-1)?.effect === "window" ? decisions.at(-1)!.rule : "window",
      name: "Return window",
      code: "WINDOW_ENDED",
      params: { endsAt, zone, askedAt: now },
    });
    return { refused: true, endsAt: null };
  }
  return { refused: false, endsAt };
}

/** When the line's window ends (midnight after its last day, store time), null without one, undefined when refused. */
function windowEnd(r: PolicyRules, zone: string, order: OrderInput, l: OrderLineInput, decisions: Decision[]): Date | null | undefined {
  let days = r.window.days;
  let rule = "window";
  let name = "Return window";
  let shortest: number | null = null;
  r.windowRules.forEach((w, i) => {
    const match =
      anyTag(w.tags, l.tags) ?? (hit(w.skus, l.sku) ? l.sku : null) ?? (hit(w.productTypes, l.productType) ? l.productType : null);
    if (match == null || (shortest != null && w.days >= shortest)) return;
    shortest = w.days;
    days = w.days;
    rule = `windowRules[${i}]`;
    name = w.name;
  });
  if (days === 0) {
    decisions.push(finalSale(rule, { windowDays: 0 }, name));
    return undefined;
  }
  const ordered = localDay(order.placedAt.getTime(), zone);
  r.extensions.forEach((e, i) => {
    if (ordered < dayOfDate(e.orderedFrom) || ordered > dayOfDate(e.orderedTo) || e.days <= days) return;
    days = e.days;
    rule = `extensions[${i}]`;
    name = e.name;
  });
  let anchor: Date | null = order.placedAt;
  if (r.window.from === "fulfillment") anchor = l.fulfilledAt;
  else if (r.window.from === "delivery")
    anchor = l.deliveredAt ?? (l.fulfilledAt ? new Date(l.fulfilledAt.getTime() + r.window.transitDays * DAY) : null);
  if (!anchor) {
    decisions.push({
      effect: "refuse",
      rule: "window.from",
      name: "Return window",
      code: "NOT_FULFILLED",
      params: { from: r.window.from },
    });
    return undefined;
  }
  const end = new Date(startOfLocalDay(localDay(anchor.getTime(), zone) + days + 1, zone));
  const estimated = r.window.from === "delivery" && !l.deliveredAt;
  decisions.push({
    effect: "window",
    rule,
    name,
    code: "WINDOW_OPEN",
    params: { endsAt: end, zone, days, from: r.window.from, anchor, ...(estimated ? { transitDays: r.window.transitDays } : {}) },
  });
  return end;
}
