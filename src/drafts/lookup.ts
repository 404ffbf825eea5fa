// Finding the shopper's order: order name plus a secondary input (the order's email or the postal code it
// shipped to). An unknown order and a wrong secondary input answer the same, after the same work: one
// order read, then both comparisons in constant time against the order's values or stand-ins. Lookups are
// throttled per caller (source address, or the storefront's key) and per order name.
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestContext } from "../core/context.js";
import { DomainError } from "../core/errors.js";

/** How a store lets shoppers name their order (the portal settings choose; the default takes either). */
export type LookupMethod = "email" | "postal_code" | "either";

/** Attempts per window: per caller, and per order name of a store. */
export const LOOKUP_LIMITS = { perCaller: 30, perOrder: 10, windowMs: 15 * 60_000 } as const;

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

export function orderNotFound(): DomainError {
  return new DomainError({
    code: "NOT_FOUND",
    status: 404,
    type: "drafts/order-not-found",
    title: "Order not found",
    detail: "No order matches this order number and email or postal code; check both and try again.",
    field: "input.secondaryInput",
  });
}

function throttled(resetSeconds: number): DomainError {
  return new DomainError({
    code: "RATE_LIMITED",
    status: 429,
    type: "drafts/order-lookup-throttled",
    title: "Too many lookups",
    detail: `Too many order lookups; retry in ${resetSeconds} s.`,
    extra: { retryAfter: resetSeconds },
  });
}

/** Counts one attempt against the caller and the order name; refuses past either limit. */
async function throttle(ctx: RequestContext, storeId: string, orderName: string) {
  const limiter = ctx.services.rateLimiter;
  if (!limiter) return;
  const p = ctx.principal;
  const caller = p.kind === "apiClient" ? `key:${p.clientId}` : `addr:${ctx.clientAddress ?? "unknown"}`;
  const w = LOOKUP_LIMITS.windowMs;
  const [a, b] = await Promise.all([
    limiter.hit(`draft-lookup:${caller}`, LOOKUP_LIMITS.perCaller, w),
    limiter.hit(`draft-lookup:order:${storeId}:${orderName.toLowerCase()}`, LOOKUP_LIMITS.perOrder, w),
  ]);
  if (!a.allowed || !b.allowed) throw throttled(Math.max(a.allowed ? 0 : a.resetSeconds, b.allowed ? 0 : b.resetSeconds));
}

/** The order the shopper names, or the one answer for "no such order" and "wrong email or postal code". */
export async function lookupOrder(ctx: RequestContext, storeId: string, orderName: string, secondaryInput: string, method: LookupMethod) {
  const name = normalOrderName(orderName);
  await throttle(ctx, storeId, name);
  const order = name
    ? await ctx.prisma.order.findFirst({ where: { storeId, name: { in: [name, `#${name}`] } }, orderBy: { createdAt: "asc" } })
    : null;
  const ok = secondaryMatches(
    method,
    { email: order?.customerEmail ?? null, postalCode: postalCodeOf(order?.shippingAddress ?? null) },
    secondaryInput,
  );
  if (!order || !ok) throw orderNotFound();
  return order;
}
