// What the draft flow refuses a shopper, as data: a stable code and its parameters beside the API's English
// detail. The portal words each code from the shopper's catalogue (src/core/words, key `refusal.<CODE>`), so a
// shopper reads every refusal in their language; REST and the warehouse door keep answering the detail they
// always did. Add a code here and its sentence to every catalogue (test/unit/words-catalogues.test.ts checks
// both ways); a reworded detail never changes a code.
import type { FieldProblem, Refusal } from "../core/errors.js";
import type { WordKey } from "../core/words/index.js";

/** Each code's parameters (numbers as numbers; a question as the merchant wrote it). */
export interface RefusalParams {
  /** No order matches the order number and email or postal code (also: unknown order). */
  ORDER_NOT_FOUND: Record<string, never>;
  /** Too many lookups from this place, or of this order from here: retry in `minutes`. */
  LOOKUP_THROTTLED: { minutes: number };
  /** The order has had many failed lookups from elsewhere: only its email opens it for now. */
  LOOKUP_NEEDS_EMAIL: Record<string, never>;
  /** The line named is not one of the order's. */
  NOT_A_LINE: Record<string, never>;
  /** The line is already in the draft. */
  ALREADY_IN_DRAFT: Record<string, never>;
  /** At most `max` units of this line can be returned. */
  TOO_MANY_UNITS: { max: number };
  /** The reason chosen is not one of the store's. */
  REASON_NOT_LISTED: Record<string, never>;
  /** The outcome chosen is not offered for this item (with this reason). */
  OUTCOME_NOT_OFFERED: Record<string, never>;
  /** A variant to exchange for was named without choosing an exchange. */
  EXCHANGE_NEEDS_OUTCOME: Record<string, never>;
  /** The variant named is not one this item can be exchanged for. */
  VARIANT_NOT_OFFERED: Record<string, never>;
  /** The variant named has fewer than `units` in stock. */
  VARIANT_OUT_OF_STOCK: { units: number };
  /** The item holds `max` photos already. */
  TOO_MANY_PHOTOS: { max: number };
  /** The file sent is not a JPEG, PNG or WebP picture. */
  PHOTO_NOT_IMAGE: Record<string, never>;
  /** The draft's photos would exceed `maxMb` MB. */
  PHOTO_DRAFT_FULL: { maxMb: string };
  /** The store's open drafts hold as many photo bytes as they may. */
  PHOTO_STORE_FULL: Record<string, never>;
  /** An item needs its reason. */
  NEED_REASON: Record<string, never>;
  /** The reason asks `question`; it needs an answer. */
  NEED_ANSWER: { question: string };
  /** The reason needs a photo of the item. */
  NEED_PHOTO: Record<string, never>;
  /** An exchange needs its variant chosen. */
  NEED_VARIANT: Record<string, never>;
  /** The draft needs at least one item. */
  NEED_ITEMS: Record<string, never>;
  /** The refund form chosen is not offered for every item. */
  CREDIT_NOT_OFFERED: Record<string, never>;
  /** The way of sending the items back is not offered. */
  METHOD_NOT_OFFERED: Record<string, never>;
}

export type RefusalCode = keyof RefusalParams;

/** The catalogue key that words a code. */
export const refusalKey = (code: RefusalCode) => `refusal.${code}` as const satisfies WordKey;

/** Every code (the catalogue test reads them). */
export const REFUSAL_CODES = [
  "ORDER_NOT_FOUND",
  "LOOKUP_THROTTLED",
  "LOOKUP_NEEDS_EMAIL",
  "NOT_A_LINE",
  "ALREADY_IN_DRAFT",
  "TOO_MANY_UNITS",
  "REASON_NOT_LISTED",
  "OUTCOME_NOT_OFFERED",
  "EXCHANGE_NEEDS_OUTCOME",
  "VARIANT_NOT_OFFERED",
  "VARIANT_OUT_OF_STOCK",
  "TOO_MANY_PHOTOS",
  "PHOTO_NOT_IMAGE",
  "PHOTO_DRAFT_FULL",
  "PHOTO_STORE_FULL",
  "NEED_REASON",
  "NEED_ANSWER",
  "NEED_PHOTO",
  "NEED_VARIANT",
  "NEED_ITEMS",
  "CREDIT_NOT_OFFERED",
  "METHOD_NOT_OFFERED",
] as const satisfies readonly RefusalCode[];

/** A refusal of `code` with its parameters. */
export function refusal<C extends RefusalCode>(
  code: C,
  ...params: RefusalParams[C] extends Record<string, never> ? [] : [RefusalParams[C]]
): Refusal {
  return { code, params: (params[0] ?? {}) as Record<string, string | number> };
}

/** A field's problem with its refusal. */
export const problem = (field: string, detail: string, r: Refusal): FieldProblem => ({ field, detail, refusal: r });
