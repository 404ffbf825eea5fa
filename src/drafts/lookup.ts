// Finding the shopper's order: order name plus a secondary input (the order's email or the postal code it
// shipped to). An unknown order and a wrong secondary input answer the same, after the same work: one
// order read, then both comparisons in constant time against the order's values or stand-ins.
//
// Throttling that an attacker cannot aim at a real shopper (issue 36, M2). Three counters a window:
// - per caller (source address, or the storefront's key): every lookup counts;
// - per order name *and* caller: failures only. Ten wrong answers lock that caller out of that order, not
//   the shopper, who asks from elsewhere;
// - per order name, failures from every caller together: past the ceiling the order is being guessed from
//   many places, so it stops taking the guessable answer (the postal code) and takes only its email, which
//   the real shopper knows and a guesser does not. It never locks the order.
// A correct answer gives its hits back, so a shopper's own successful lookups never count against them.
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestContext } from "../core/context.js";
import type { DomainError } from "../core/errors.js";
import { sourceOf } from "../core/rate-limit.js";
import { refuse } from "./refusals.js";

/** How a store lets shoppers name their order (the portal settings choose; the default takes either). */
export type LookupMethod = "email" | "postal_code" | "either";

/** Per window: lookups per caller; failures per order name and caller; failures per order name before it takes only its email. */
export const LOOKUP_LIMITS = { perCaller: 30, perOrderAndCaller: 10, perOrderBeforeEmailOnly: 20, windowMs: 15 * 60_000 } as const;

const digest = (text: string) => createHash("sha256").update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export const normalEmail = (s: string) => s.trim().toLowerCase();
export const normalPostalCode = (s: string) => s.replace(/[\s-]/g, "").toUpperCase();
/** "#1001", "1001" and " #1001 " name the same order. */
export const normalOrderName = (s: string) => s.trim().replace(/^#/, "").trim();

/**
 * Whether the shopper's secondary input matches the order, by the store's method. Both comparisons always
 * run (constant time each), so the answer's timing says nothing about which one matched or whether the
 * order exists (callers pass stand-ins for an unknown order).
 */
export function secondaryMatches(method: LookupMethod, order: { email: string | null; postalCode: string | null }, input: string): boolean {
  const email = sameText(normalEmail(input), order.email ? normalEmail(order.email) : "\u0000no-email");
  const zip = sameText(normalPostalCode(input), order.postalCode ? normalPostalCode(order.postalCode) : "\u0000no-zip");
  const given = input.trim() !== "";
  if (method === "email") return given && email;
  if (method === "postal_code") return given && zip;
  return given && (email || zip);
}

/** The postal code an order shipped to (its JSON address's postalCode or zip). */
export function postalCodeOf(shippingAddress: string | null): string | null {
  if (!shippingAddress) return null;
  try {
    const a = JSON.parse(shippingAddress) as Record<string, unknown>;
    const v = a.postalCode ?? a.zip;
    return typeof v === "string" && v.trim() ? v : null;
  } catch {
    return null;
  }
}

export const orderNotFound = (): DomainError => refuse("ORDER_NOT_FOUND");

const throttled = (seconds: number) => refuse("LOOKUP_THROTTLED", { minutes: Math.ceil(seconds / 60), seconds });
const emailOnly = () => refuse("LOOKUP_NEEDS_EMAIL");

/** The lookup's counters (see the head of this file); `settle` gives back a correct answer's hits. */
async function throttle(ctx: RequestContext, storeId: string, orderName: string) {
  const limiter = ctx.services.rateLimiter;
  if (!limiter) return { emailOnly: false, settle: async () => {} };
  const p = ctx.principal;
  const caller = p.kind === "apiClient" ? `key:${p.clientId}` : `addr:${sourceOf(ctx.clientAddress)}`;
  const w = LOOKUP_LIMITS.windowMs;
  const order = `draft-lookup:order:${storeId}:${orderName.toLowerCase()}`;
  const mine = `${order}:${caller}`;
  const [byCaller, byMe, byAll] = await Promise.all([
    limiter.hit(`draft-lookup:${caller}`, LOOKUP_LIMITS.perCaller, w),
    limiter.hit(mine, LOOKUP_LIMITS.perOrderAndCaller, w),
    limiter.hit(order, LOOKUP_LIMITS.perOrderBeforeEmailOnly, w),
  ]);
  const settle = async (ok: boolean) => {
    if (ok) await Promise.all([limiter.giveBack(mine, w, 1), limiter.giveBack(order, w, 1)]);
  };
  if (!byCaller.allowed || !byMe.allowed) {
    // Refused before the answer is compared, so this attempt is no failure of the order's (nor, when the
    // caller's own limit refused it, of this caller's on the order).
    await Promise.all([limiter.giveBack(order, w, 1), byMe.allowed ? limiter.giveBack(mine, w, 1) : null]);
    throw throttled(Math.max(byCaller.allowed ? 0 : byCaller.resetSeconds, byMe.allowed ? 0 : byMe.resetSeconds));
  }
  return { emailOnly: !byAll.allowed, settle };
}

/** The order the shopper names, or the one answer for "no such order" and "wrong email or postal code". */
export async function lookupOrder(ctx: RequestContext, storeId: string, orderName: string, secondaryInput: string, method: LookupMethod) {
  const name = normalOrderName(orderName);
  const counted = await throttle(ctx, storeId, name);
  const order = name
    ? await ctx.prisma.order.findFirst({ where: { storeId, name: { in: [name, `#${name}`] } }, orderBy: { createdAt: "asc" } })
    : null;
  const ok = secondaryMatches(
    counted.emailOnly ? "email" : method,
    { email: order?.customerEmail ?? null, postalCode: postalCodeOf(order?.shippingAddress ?? null) },
    secondaryInput,
  );
  await counted.settle(!!order && ok);
  // Under guessing, any answer that is not the order's email (right postal code, wrong anything) gets the
  // same "email needed", so it tells nothing; the email method never needed more.
  if (!(order && ok) && counted.emailOnly && method !== "email") throw emailOnly();
  if (!order || !ok) throw orderNotFound();
  return order;
}
