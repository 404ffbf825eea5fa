// The core's own refusals (src/core/core-refusals.ts: access, rate limits, idempotency, amounts, pages) in the merchant's words.
import { fieldOf, type RefusalWords, typed } from "./types.js";

export const CORE_WORDS: RefusalWords = {
  RATE_LIMITED: (p) => `Too many requests this minute (more than ${p.limit}); try again in ${p.seconds} seconds.`,
  STAFF_ONLY: () => "Only staff users can do this, from the dashboard.",
  SHOPPER_ONLY_DRAFT: () => "A shopper can only reach their own return.",
  MISSING_SCOPE: (p) => `This API client lacks the ${p.scope} permission; add it in Settings → Developer.`,
  STORE_NOT_FOR_CREDENTIALS: () => "This store does not exist, or you cannot reach it.",
  IDEMPOTENCY_TAKEN_OVER: () => "This request took too long and was retried; nothing of this attempt was kept.",
  IDEMPOTENCY_KEY_LENGTH: (p) => `The request's key must have ${p.min} to ${p.max} characters.`,
  IDEMPOTENCY_IN_FLIGHT: () => "The same request is still being processed; try again shortly.",
  IDEMPOTENCY_REUSED: () => "This request's key was already used for another request; start a new one.",
  AMOUNT_INVALID: (p) => `${typed(p.value)} is not an amount; enter one such as 12.50.`,
  AMOUNT_TOO_PRECISE: (p) => `${fieldOf(p, "This amount")} has more decimals than ${p.currency} allows (${p.decimals}).`,
  AMOUNT_TOO_LARGE: () => "This amount is too large.",
  CURRENCY_INVALID: (p) => `${typed(p.value)} is not a currency; enter its three-letter code, such as USD.`,
  CURSOR_INVALID: () => "This page could not be found again; go back to the first page.",
  PAGE_SIZE_INVALID: (p) => `Show 1 to ${p.max} at a time.`,
  PAGE_AFTER_AND_BEFORE: () => "Go one page forward or back, not both.",
};
