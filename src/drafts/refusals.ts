// What the draft flow refuses, as data (src/core/refusals.ts): a stable code, its parameters, and the API's English
// detail made from them (REST, GraphQL and the warehouse door answer it as they always did). The portal words each
// code from the shopper's catalogue (src/core/words, key `refusal.<CODE>`), so a shopper reads every refusal in
// their language. Add a code here and its sentence to every catalogue (test/unit/words-catalogues.test.ts checks
// both ways); a reworded detail never changes a code. A reason among a fixed few is a parameter (`reason`).
import { quoted, refusalList } from "../core/refusals.js";
import type { WordKey } from "../core/words/index.js";
import { API_FORMAT, shopperWords } from "../core/decisions/render.js";
import { decisionOfParams } from "../core/decisions/codes.js";
import { INVENTORY_REFUSALS } from "../inventory/refusals.js";
import { POLICY_REFUSALS } from "../policy/refusals.js";
import { RETURN_REFUSALS } from "../returns/refusals.js";

const words = (code: string | number) => String(code).replaceAll("_", " ");
/** A comma-separated list of codes in words, or `none`. */
const listed = (list: string | number, none: string) => String(list).split(/,\s*/).filter(Boolean).map(words).join(", ") || none;
const mb = (bytes: string | number) => `${Math.round((Number(bytes) / (1024 * 1024)) * 10) / 10} MB`;
const PHOTO_QUOTA = "drafts/photo-quota-exceeded";

/** The English the creation path answered for its refusal `cause` (a code of the policy's or the returns' list) with its parameters. */
function creationEnglish(p: Record<string, string | number>): string {
  const { cause, ...params } = p;
  // A code of the list, its parameters as it made them (they travelled as the cause's): read as any code of it.
  for (const list of [POLICY_REFUSALS, RETURN_REFUSALS] as const)
    if ((list.codes as readonly string[]).includes(String(cause)))
      return (list.detail as unknown as (code: string, q: Record<string, string | number>) => string)(String(cause), params);
  return `The return was not accepted (${String(cause)}).`;
}

export const DRAFT_REFUSALS = refusalList<{
  /** No order matches the order number and email or postal code (also: unknown order). */
  ORDER_NOT_FOUND: Record<string, never>;
  /** Too many lookups from this place, or of this order from here: retry in `seconds` (`minutes`, rounded up). */
  LOOKUP_THROTTLED: { minutes: number; seconds: number };
  /** The order has had many failed lookups from elsewhere: only its email opens it for now. */
  LOOKUP_NEEDS_EMAIL: Record<string, never>;
  /** `line` is not a line of the order `order`. */
  NOT_A_LINE: { field: string; line: string; order: string };
  /** The line `line` is already in the draft. */
  ALREADY_IN_DRAFT: { line: string };
  /** At most `max` units can be returned, not `quantity` (`line`: the line added; empty when the draft is finalized). */
  TOO_MANY_UNITS: { field: string; max: number; quantity: number; line: string };
  /** The reason `reason` is not one of the store's `reasons` (comma-separated). */
  REASON_NOT_LISTED: { reason: string; reasons: string };
  /** The outcome `outcome` is not among those `offered` (comma-separated) for this item (with the reason `reason`, when one). */
  OUTCOME_NOT_OFFERED: { field: string; outcome: string; offered: string; reason: string };
  /** A variant to exchange for was named without choosing an exchange. */
  EXCHANGE_NEEDS_OUTCOME: Record<string, never>;
  /** No variant `variant` in the store's catalogue. */
  VARIANT_UNKNOWN: { field: string; variant: string };
  /** The variant `variant` is not one this item (line `line`) can be exchanged for; `offered` are (comma-separated). */
  VARIANT_NOT_OFFERED: { field: string; variant: string; line: string; offered: string };
  /** The variant `variant` has fewer than `units` in stock. */
  VARIANT_OUT_OF_STOCK: { field: string; variant: string; units: number };
  /**
   * The line `line` cannot be returned: `refusal` is why, as a decision code (FINAL_SALE, NOT_FULFILLED, …), `decision`
   * the code of the decision the shopper reads ("" when none) and `decision.<name>` each of its parameters, as text.
   */
  LINE_NOT_RETURNABLE: {
    field: string;
    line: string;
    refusal: string;
    decision: string;
    [decisionParam: `decision.${string}`]: string;
  };
  /**
   * Submitting, the return's creation refused it: `cause` is its code (POLICY_REFUSED, RETURN_OUTCOME_NEEDS_POLICY,
   * RETURN_QUANTITY_EXCEEDED) and the other parameters are that code's.
   */
  RETURN_NOT_ACCEPTED: { cause: string; [causeParam: string]: string | number };
  /** Submitting, no location holds `units` of the exchange's `sku` for line `line` any more (`at`: the item the creation path named). */
  EXCHANGE_NOT_HELD: { field: string; at: string; line: string; sku: string; units: number };
  /** Photos past the most allowed (`max`): `scope` ITEM (an upload), LINKS (links given; `uploaded` of `count` are uploads, else 0) or DRAFT (the draft's). */
  TOO_MANY_PHOTOS: { scope: string; max: number; count: number; uploaded: number };
  /** The photo is refused: `reason` LINK (a shopper gives a link), NOT_BASE64, or NOT_IMAGE (`kind`: the file's type, if known). */
  PHOTO_NOT_IMAGE: { reason: string; kind: string };
  /** A photo of `size` bytes would bring the draft's photos to `total`, over `max` (`maxMb` MB). */
  PHOTO_DRAFT_FULL: { maxMb: string; size: number; total: number; max: number };
  /** The store's open drafts hold `used` bytes of photos, `max` at most. */
  PHOTO_STORE_FULL: { used: number; max: number };
  /** `photo` is not one of the item's photos. */
  PHOTO_NOT_ON_ITEM: { photo: string };
  /** No item `id` in the draft. */
  ITEM_NOT_FOUND: { id: string };
  /** An item needs its reason (one of `reasons`, comma-separated). */
  NEED_REASON: { field: string; reasons: string };
  /** The reason asks `question`; it needs an answer. */
  NEED_ANSWER: { field: string; question: string };
  /** The reason `reason` needs a photo of the item. */
  NEED_PHOTO: { field: string; reason: string };
  /** An exchange needs its variant chosen. */
  NEED_VARIANT: { field: string };
  /** The draft needs at least one item. */
  NEED_ITEMS: Record<string, never>;
  /** Item number `item` has no outcome of its own and the draft no credit type. */
  ITEM_NEEDS_OUTCOME: { item: number };
  /** The credit type `creditType` is not offered for item number `item` (`offered`, comma-separated). */
  CREDIT_NOT_OFFERED: { creditType: string; item: number; offered: string };
  /** The way of sending the items back `method` is not offered; `offered` are (comma-separated, maybe none). */
  METHOD_NOT_OFFERED: { field: string; method: string; offered: string };
  /** A part of the address is empty. */
  ADDRESS_PART_EMPTY: { field: string };
  /** The address's country is not a two-letter code. */
  ADDRESS_COUNTRY_INVALID: { field: string };
  /** The language is not a language tag. */
  LANGUAGE_INVALID: Record<string, never>;
  /** The e-mail address is not one. */
  CUSTOMER_EMAIL_INVALID: Record<string, never>;
  /** No draft `id` for these credentials. */
  DRAFT_NOT_FOUND: { id: string };
  /** The draft was not named. */
  DRAFT_ID_REQUIRED: Record<string, never>;
  /** The draft's order was deleted. */
  DRAFT_ORDER_GONE: Record<string, never>;
  /** The order `order` has `max` open drafts already. */
  DRAFT_TOO_MANY_OPEN: { order: string; max: number };
  /** The draft is `state` (submitted, cancelled, expired): nothing changes it. */
  DRAFT_CLOSED: { state: string };
  /** `action` is possible only while the draft is one of `allowed` (comma-separated); it is `state`. */
  DRAFT_WRONG_STATE: { action: string; allowed: string; state: string };
}>("Draft returns", {
  ORDER_NOT_FOUND: {
    status: 404,
    type: "drafts/order-not-found",
    title: "Order not found",
    field: "input.secondaryInput",
    en: () => "No order matches this order number and email or postal code; check both and try again.",
  },
  LOOKUP_THROTTLED: {
    status: 429,
    type: "drafts/order-lookup-throttled",
    title: "Too many lookups",
    en: (p) => `Too many order lookups; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
  LOOKUP_NEEDS_EMAIL: {
    status: 422,
    type: "drafts/order-lookup-needs-email",
    title: "Email address needed",
    field: "input.secondaryInput",
    en: () => "This order has had many failed lookups: for now it opens only with the email address it was placed with.",
  },
  NOT_A_LINE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` ${quoted(p.line)} is not a line item of order ${p.order}.` },
  ALREADY_IN_DRAFT: {
    status: 400,
    field: "input.lineItemId",
    en: (p) => `\`input.lineItemId\` ${quoted(p.line)} is already in this draft; change its quantity by removing it and adding it again.`,
  },
  TOO_MANY_UNITS: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      p.line
        ? `\`${p.field}\` may be at most ${p.max} for line item ${p.line}; got ${p.quantity}.`
        : `\`${p.field}\` may now be at most ${p.max}; got ${p.quantity}.`,
  },
  REASON_NOT_LISTED: {
    status: 400,
    field: "input.reasonCode",
    en: (p) => `\`input.reasonCode\` ${quoted(p.reason)} is not one of the store's reasons: ${p.reasons}.`,
  },
  OUTCOME_NOT_OFFERED: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\`: the store offers ${listed(p.offered, "nothing")} for this item${p.reason ? ` with reason ${p.reason}` : ""}, not ${words(p.outcome)}.`,
  },
  EXCHANGE_NEEDS_OUTCOME: {
    status: 400,
    field: "input.exchangeVariant",
    en: () => "`input.exchangeVariant` goes with the outcome exchange: set `input.outcome` to exchange (where the store offers it).",
  },
  VARIANT_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.variant)} is no variant in this store's catalogue.`,
  },
  VARIANT_NOT_OFFERED: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` ${quoted(p.variant)} is not a variant of the returned product at its price (line item ${p.line}); choose one of: ${p.offered || "none"}.`,
  },
  VARIANT_OUT_OF_STOCK: {
    status: 422,
    type: "drafts/exchange-variant-unavailable",
    title: "Exchange variant unavailable",
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.variant)}: fewer than ${p.units} unit(s) are in stock; choose another variant.`,
  },
  LINE_NOT_RETURNABLE: {
    status: 422,
    type: "drafts/line-not-returnable",
    title: "Not returnable",
    field: (p) => p.field,
    en: (p) =>
      `Line item ${p.line} cannot be returned: ${p.decision ? shopperWords(decisionOfParams(p)!, API_FORMAT) : "the store's policy does not allow it."}`,
  },
  RETURN_NOT_ACCEPTED: {
    status: 422,
    type: "drafts/policy-refused",
    title: "Return not accepted by the store's policy",
    en: (p) => creationEnglish(p),
  },
  EXCHANGE_NOT_HELD: {
    status: 422,
    type: "drafts/exchange-variant-unavailable",
    title: "Exchange variant unavailable",
    field: (p) => p.field,
    en: (p) => INVENTORY_REFUSALS.detail("EXCHANGE_OUT_OF_STOCK", { field: p.at, lineItemId: p.line, quantity: p.units, sku: p.sku }),
  },
  TOO_MANY_PHOTOS: {
    status: 400,
    type: (p) => (p.scope === "DRAFT" ? PHOTO_QUOTA : "request/invalid"),
    field: (p) => (p.scope === "ITEM" ? "itemId" : p.scope === "LINKS" ? "input.photos" : "contentBase64"),
    en: (p) =>
      p.scope === "ITEM"
        ? `\`itemId\`: this item already has ${p.count} photos, the most it may hold; remove one before adding another.`
        : p.scope === "LINKS"
          ? `\`input.photos\`: the item would hold ${p.count} photos (${p.uploaded} uploaded); at most ${p.max} are allowed.`
          : `\`contentBase64\`: this draft return already holds ${p.count} photos, the most one draft may hold (${p.max}); remove one before adding another.`,
  },
  PHOTO_NOT_IMAGE: {
    status: 400,
    field: (p) => (p.reason === "LINK" ? "input.photos" : "contentBase64"),
    en: (p) =>
      p.reason === "LINK"
        ? "`input.photos`: a shopper session adds photos by uploading them (addDraftReturnPhoto), not by link."
        : p.reason === "NOT_BASE64"
          ? "`contentBase64` is not base64: send the photo's bytes base64-encoded (a data: URL is accepted)."
          : `\`contentBase64\` is not a JPEG, PNG or WebP image (${p.kind ? `it is a ${p.kind} file` : "it is not an image file"}); send a photo in one of those formats.`,
  },
  PHOTO_DRAFT_FULL: {
    status: 400,
    type: PHOTO_QUOTA,
    field: "contentBase64",
    en: (p) =>
      `\`contentBase64\`: this photo (${mb(p.size)}) would bring the draft return's photos to ${mb(p.total)}, over the ${mb(p.max)} one draft may hold; send a smaller photo or remove one.`,
  },
  PHOTO_STORE_FULL: {
    status: 400,
    type: PHOTO_QUOTA,
    field: "contentBase64",
    en: (p) =>
      `\`contentBase64\`: the store's open draft returns already hold ${mb(p.used)} of photos, and ${mb(p.max)} is the most they may hold together; try again once some are submitted, or ask the store.`,
  },
  PHOTO_NOT_ON_ITEM: { status: 400, field: "photo", en: (p) => `\`photo\` ${quoted(p.photo)} is not one of this item's photos.` },
  ITEM_NOT_FOUND: {
    status: 404,
    type: "drafts/item-not-found",
    title: "Item not found",
    en: (p) => `No item ${quoted(p.id)} in this draft return.`,
  },
  NEED_REASON: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\`: choose one of ${p.reasons}.` },
  NEED_ANSWER: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\`: the reason asks "${p.question}"; answer it.` },
  NEED_PHOTO: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\`: the reason ${p.reason} needs a photo of the item.` },
  NEED_VARIANT: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\`: choose the variant given in exchange.` },
  NEED_ITEMS: { status: 400, field: "items", en: () => "`items`: add at least one item before finalizing." },
  ITEM_NEEDS_OUTCOME: {
    status: 400,
    field: "creditType",
    en: (p) => `\`creditType\`: item ${p.item} has no outcome of its own; set the credit type first.`,
  },
  CREDIT_NOT_OFFERED: {
    status: 400,
    field: "creditType",
    en: (p) =>
      `\`creditType\` ${words(p.creditType)} is not offered for item ${p.item} (the store offers ${listed(p.offered, "nothing")}).`,
  },
  METHOD_NOT_OFFERED: {
    status: 422,
    type: "drafts/return-method-not-offered",
    title: "Return method not offered",
    field: (p) => p.field,
    en: (p) =>
      p.offered
        ? `\`${p.field}\` ${p.method} is not offered by this store; choose one of: ${p.offered}.`
        : `\`${p.field}\`: this store offers no return method yet (its returns portal settings name them).`,
  },
  ADDRESS_PART_EMPTY: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be empty.` },
  ADDRESS_COUNTRY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an ISO 3166-1 alpha-2 code such as "US".`,
  },
  LANGUAGE_INVALID: {
    status: 400,
    field: "input.language",
    en: () => '`input.language` must be a 2-letter language code with an optional region, such as "en" or "fr-CA".',
  },
  CUSTOMER_EMAIL_INVALID: { status: 400, field: "email", en: () => "`email` must be an email address such as jane@example.com." },
  DRAFT_NOT_FOUND: {
    status: 404,
    type: "drafts/not-found",
    title: "Draft return not found",
    en: (p) => `No draft return ${quoted(p.id)} for these credentials.`,
  },
  DRAFT_ID_REQUIRED: { status: 400, field: "id", en: () => "`id` is required: name the draft return by its id or number." },
  DRAFT_ORDER_GONE: {
    status: 404,
    type: "drafts/order-not-found",
    title: "Order not found",
    en: () => "The draft's order no longer exists.",
  },
  DRAFT_TOO_MANY_OPEN: {
    status: 409,
    type: "drafts/too-many-open-drafts",
    title: "Too many open draft returns",
    en: (p) => `Order ${p.order} already has ${p.max} open draft returns; finish or cancel one first.`,
  },
  DRAFT_CLOSED: {
    status: 422,
    type: "drafts/closed",
    title: "Draft return closed",
    en: (p) => `The draft return is ${words(p.state)}: nothing can change it now.`,
  },
  DRAFT_WRONG_STATE: {
    status: 422,
    type: "drafts/wrong-state",
    title: "Not possible in this state",
    en: (p) =>
      `${p.action} is possible while the draft is ${String(p.allowed).split(",").map(words).join(" or ")}; it is ${words(p.state)}.`,
  },
});

export type RefusalCode = (typeof DRAFT_REFUSALS.codes)[number];

/** Every code (the catalogue tests read them); each has its sentence `refusal.<CODE>` in every shopper catalogue. */
export const REFUSAL_CODES = DRAFT_REFUSALS.codes;
/** Fails to compile when a code has no sentence in the shopper's catalogue. */
export const refusalKey = (code: RefusalCode): WordKey => `refusal.${code}`;

/** The refusal as an error: its status, type and field, the API's English, `extensions.refusal`. */
export const refuse = DRAFT_REFUSALS.refuse;
/** The refusal as one bad input among several, with its code. */
export const problem = DRAFT_REFUSALS.problem;
