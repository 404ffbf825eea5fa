// What the core itself refuses (access, rate limits, idempotency keys, amounts, pages), as codes with their
// parameters (src/core/refusals.ts); each code's English is the detail every door has always answered.
import { quoted, refusalList } from "./refusals.js";

export const CORE_REFUSALS = refusalList<{
  /** The caller (`who`: apiClient or shopper) made more than `limit` requests this minute: retry in `seconds`. */
  RATE_LIMITED: { who: string; limit: number; seconds: number };
  /** The operation is for staff users only. */
  STAFF_ONLY: Record<string, never>;
  /** A shopper session reaches only its own draft return. */
  SHOPPER_ONLY_DRAFT: Record<string, never>;
  /** The API secret lacks the scope `scope`. */
  MISSING_SCOPE: { scope: string };
  /** No store `storeId` for these credentials. */
  STORE_NOT_FOR_CREDENTIALS: { storeId: string };
  /** The request with the key `key` ran past its time and was taken over by a retry. */
  IDEMPOTENCY_TAKEN_OVER: { key: string };
  /** The idempotency key is empty or longer than `max`. */
  IDEMPOTENCY_KEY_LENGTH: { min: number; max: number };
  /** A request with the key `key` is still being processed. */
  IDEMPOTENCY_IN_FLIGHT: { key: string };
  /** The key `key` was used with a different request in the last `hours` hours. */
  IDEMPOTENCY_REUSED: { key: string; hours: number };
  /** `value` is not a decimal amount. */
  AMOUNT_INVALID: { field: string; value: string | number };
  /** An amount has more decimals than `currency` allows (`decimals`). */
  AMOUNT_TOO_PRECISE: { field: string; currency: string; decimals: number };
  /** An amount is too large. */
  AMOUNT_TOO_LARGE: { field: string };
  /** `value` is not a 3-letter currency code. */
  CURRENCY_INVALID: { field: string; value: string };
  /** The page cursor was not sent back as it was given. */
  CURSOR_INVALID: { field: string };
  /** A page size is not a whole number from 1 to `max` (`value`: what was sent). */
  PAGE_SIZE_INVALID: { field: string; max: number; value: string };
  /** Both `after` and `before` were sent. */
  PAGE_AFTER_AND_BEFORE: Record<string, never>;
}>("Access, requests and amounts", {
  RATE_LIMITED: {
    status: 429,
    type: "rate-limit/exceeded",
    en: (p) =>
      `${p.who === "shopper" ? "This shopper session (or its source address)" : "This API client"} made more than ${p.limit} requests this minute; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
  STAFF_ONLY: {
    status: 403,
    type: "auth/staff-only",
    en: () => "This operation is only available to staff users in the merchant dashboard.",
  },
  SHOPPER_ONLY_DRAFT: { status: 403, type: "auth/shopper-only-draft", en: () => "A shopper session reaches only its own draft return." },
  MISSING_SCOPE: {
    status: 403,
    type: "auth/missing-scope",
    en: (p) => `The API secret lacks the \`${p.scope}\` scope this operation requires; add it to the API client in Settings → Developer.`,
  },
  STORE_NOT_FOR_CREDENTIALS: {
    status: 404,
    type: "stores/not-found",
    title: "Store not found",
    en: (p) => `No store ${quoted(p.storeId)} for these credentials; use the store id the API secret was issued for.`,
  },
  IDEMPOTENCY_TAKEN_OVER: {
    status: 409,
    type: "request/idempotency-key-in-flight",
    title: "Request in progress",
    en: (p) =>
      `The request with the idempotency key ${quoted(p.key)} ran past IDEMPOTENCY_IN_FLIGHT_MS and was taken over by a retry; this attempt was rolled back.`,
  },
  IDEMPOTENCY_KEY_LENGTH: {
    status: 400,
    field: "idempotencyKey",
    en: (p) => `\`idempotencyKey\` must have ${p.min} to ${p.max} characters.`,
  },
  IDEMPOTENCY_IN_FLIGHT: {
    status: 409,
    type: "request/idempotency-key-in-flight",
    title: "Request in progress",
    en: (p) => `A request with the idempotency key ${quoted(p.key)} is still being processed; retry shortly.`,
  },
  IDEMPOTENCY_REUSED: {
    status: 422,
    type: "request/idempotency-key-reused",
    title: "Idempotency key reused",
    en: (p) =>
      `The idempotency key ${quoted(p.key)} was already used with a different request in the last ${p.hours} hours; use a new key for a new request.`,
  },
  AMOUNT_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be a decimal amount such as "12.50"; got ${quoted(p.value)}.`,
  },
  AMOUNT_TOO_PRECISE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` has more decimals than ${p.currency} allows (${p.decimals}).`,
  },
  AMOUNT_TOO_LARGE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` is too large.` },
  CURRENCY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be a 3-letter ISO 4217 currency code; got ${quoted(p.value)}.`,
  },
  CURSOR_INVALID: {
    status: 400,
    type: "request/invalid-cursor",
    field: (p) => p.field,
    en: () => "The page cursor is invalid: pass the exact value of the previous page's `endCursor` unchanged.",
  },
  PAGE_SIZE_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `Page size must be an integer from 1 to ${p.max}; got ${p.value}.`,
  },
  PAGE_AFTER_AND_BEFORE: { status: 400, field: "before", en: () => "Give either `after` or `before`, not both." },
});

export const refuse = CORE_REFUSALS.refuse;
