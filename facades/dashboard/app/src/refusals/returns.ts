// The returns domain's refusals (src/returns/refusals.ts, src/returns/tag-refusals.ts) in the merchant's words:
// statuses and actions as the dashboard names them, never their spellings in the API.
import { statusLabel } from "../logic.js";
import { type RefusalWords, typed } from "./types.js";

/** A status in the merchant's words, in a sentence (`in transit`). */
const status = (s: string | number | undefined) => statusLabel(String(s ?? "")).toLowerCase();
/** A lifecycle action in words (`remove items`). */
const action = (a: string | number | undefined) => String(a ?? "").replace(/_/g, " ");
/** The actions allowed, in words, or none. */
const allowed = (list: string | number | undefined) =>
  String(list ?? "")
    .split(", ")
    .filter(Boolean)
    .map(action)
    .join(", ") || "none";
const outcome = (o: string | number | undefined) => (o === "keep_item" ? "letting the customer keep the item" : "exchanges");

export const RETURN_WORDS: RefusalWords = {
  RETURN_NOT_FOUND: (p) => `No return ${typed(p.id)} in this store.`,
  RETURNS_NOT_FOUND: (p) => `These returns are not in this store: ${p.ids}. Nothing was changed.`,
  RETURN_NO_ITEMS: () => "A return needs at least one item.",
  RETURN_TOO_MANY_ITEMS: (p) => `A return holds at most ${p.max} items.`,
  RETURN_TYPE_UNKNOWN: (p) => `${typed(p.value)} is not a kind of return; choose one of ${p.types}.`,
  RETURN_QUANTITY_INVALID: (p) => `Enter a whole number of at least 1 (not ${p.value}).`,
  RETURN_COMPENSATION_UNKNOWN: (p) => `${typed(p.value)} is not a way to compensate the customer; choose one of ${p.compensations}.`,
  RETURN_EXCHANGE_SKU_REQUIRED: () => "Choose the variant the customer gets in exchange.",
  RETURN_EXCHANGE_SKU_ALONE: () => "A variant to exchange for goes only with an exchange: remove it, or choose an exchange.",
  RETURN_LABEL_NOTHING_SHIPS: () => "The customer keeps every item, so nothing ships back: remove the label.",
  RETURN_ORDER_NOT_FOUND: (p) => `No order ${typed(p.externalOrderId)} from ${p.provider} in this store yet: bring the order in first.`,
  RETURN_NOT_A_LINE: (p) => `${typed(p.lineItemId)} is not one of the items of order ${p.order}.`,
  RETURN_QUANTITY_EXCEEDED: (p) =>
    `Item ${p.line} was ordered ${p.ordered} time(s) and ${p.inReturns} are in other returns already: at most ${p.max} more can be returned, not ${p.quantity}.`,
  RETURN_EXCHANGE_SKU_UNKNOWN: (p) => `No variant ${typed(p.sku)} in your catalogue: upload the product first, or choose another.`,
  RETURN_EXCHANGE_OTHER_PRODUCT: (p) =>
    `${typed(p.sku)} is a variant of another product; an exchange must be a variant of the returned product (${p.product}).`,
  RETURN_EXCHANGE_PRICE: (p) =>
    `${typed(p.sku)} costs ${p.price} ${p.priceCurrency}, but an exchange must cost what the item did (${p.unitPrice} ${p.currency}): choose a variant at that price, or refund the item.`,
  RETURN_OUTCOME_NEEDS_POLICY: (p) =>
    `Your store has published no return policy offering ${outcome(p.outcome)}: refund or give store credit, or publish a policy that allows it.`,
  RETURN_KEPT_NO_RESTOCK: () => "The customer keeps this item, so nothing comes back to restock.",
  RETURN_STATUS_FILTER_UNKNOWN: (p) => `${typed(p.value)} is not a return status.`,
  RETURN_SEARCH_TOO_LONG: (p) => `Search with at most ${p.max} characters.`,
  RETURN_TEXT_TOO_LONG: (p) => `This is too long: ${p.max} characters at most.`,
  RETURN_PERIOD_ORDER: () => "The end of the period must come after its start.",
  RETURN_PERIOD_TOO_LONG: (p) => `Choose a period of at most ${p.max} days.`,
  RETURN_TRANSITION_REFUSED: (p) =>
    `A return that is ${status(p.status)} cannot be given the action “${action(p.action)}”; it can: ${allowed(p.allowed)}.`,
  RETURN_FLAGGED_PROCESSING_OFF: () =>
    "Your store does not allow processing flagged returns: review the return first, or allow it in the store's settings.",
  RETURN_NOTHING_TO_PROCESS: (p) => `This return is ${status(p.status)}: no item is left to process.`,
  RETURN_BULK_EMPTY: () => "Select at least one return.",
  RETURN_BULK_TOO_MANY: (p) => `Select at most ${p.max} returns at once (${p.count} are selected).`,
  RETURN_BULK_TWICE: () => "A return is selected twice.",
  RETURN_EXCHANGE_ORDER_EMPTY: () => "Enter the shop's order number of the exchange.",
  RETURN_NO_EXCHANGE: () => "This return has no item to exchange, so it has no exchange order.",
  RETURN_EXCHANGE_SHIPPED: (p) => `The exchange already shipped with order ${typed(p.order)}; its order can no longer change.`,
  RETURN_PROCESS_NO_ITEMS: () => "Choose at least one item to process.",
  RETURN_NOT_AN_ITEM: (p) => `${typed(p.id)} is not an item of this return.`,
  RETURN_ITEM_TWICE: () => "An item is chosen twice.",
  RETURN_ITEM_PROCESSED: (p) => `This item is ${status(p.status)} already: reopen or reset the return to process it again.`,
  RETURN_REJECT_COMBINED: () => "A rejected item is neither restocked nor adjusted: reject it, or process it.",
  RETURN_ADJUSTMENT_TOO_LARGE: (p) =>
    `The adjustment (${p.amount}) cannot exceed the item's value of ${p.max} ${p.currency} (tax included).`,
  RETURN_ITEMS_CHANGED: () => "The items of this return changed meanwhile: reload it and try again.",
  RETURN_ITEMS_NOT_OPEN: () => "Some of these items were processed or removed meanwhile: reload the return and try again.",
  RETURN_EXCHANGE_RELEASED: () =>
    "The exchange items went back to stock when this return was rejected, so it cannot be reopened: create a new return instead.",
  RETURN_REMOVE_NO_ITEMS: () => "Choose at least one item to remove.",
  RETURN_NOT_ITEMS: () => "Some of the items chosen are not part of this return: reload it and try again.",
  RETURN_LAST_ITEM: () => "A return keeps at least one item: to withdraw it, reset or cancel the return.",
  RETURN_STATUS_UNKNOWN: (p) => `${typed(p.value)} is not a status a return can be given.`,
  RETURN_COMMENT_ONE_OF: () => "A comment is either a message or a picture.",
  RETURN_COMMENT_IMAGE: () => "The picture could not be read: attach it again.",
  IMPORT_COUNT: (p) => `Import 1 to ${p.max} returns at a time (not ${p.count}).`,
  IMPORT_TEXT_TOO_LONG: (p) => `This text is too long: ${p.max} characters at most.`,
  IMPORT_NO_PRODUCTS: () => "An imported return needs at least one product.",
  IMPORT_TOO_MANY_PRODUCTS: (p) => `An imported return holds at most ${p.max} products.`,
  IMPORT_EMAIL_INVALID: () => "Enter an e-mail address such as jane@example.com.",
  IMPORT_KEY_EMPTY: () => "The import's reference cannot be empty when it is given.",
  IMPORT_CURRENCY_INVALID: () => "Enter a 3-letter currency code such as USD.",
  IMPORT_KEY_REUSED: (p) =>
    `The reference ${typed(p.key)} was used for another return (${p.id}) with different contents: use a new reference for a new return.`,
  IMPORT_PRODUCT_UNKNOWN: (p) => `${typed(p.productId)} is not a product of this store.`,
  TAG_NAME_BLANK: () => "A tag needs a name.",
  TAG_NAME_TOO_LONG: (p) => `A tag's name has at most ${p.max} characters.`,
  TAG_NAME_CONTROL: () => "A tag's name cannot hold tabs or line breaks.",
  TAG_THEME_UNKNOWN: (p) => `${typed(p.value)} is not a tag colour; choose one of ${p.themes}.`,
  TAG_RENAME_UNKNOWN: (p) => `No tag ${typed(p.name)} to rename: create it first.`,
  TAG_RENAME_GONE: (p) => `The tag ${typed(p.name)} was just renamed or deleted: reload the tags.`,
  TAG_NAME_TAKEN: (p) => `A tag ${typed(p.name)} already exists: choose another name.`,
  TAG_LIMIT: (p) => `Your store has ${p.max} tags, the most it can hold: delete one first.`,
  TAG_NOT_FOUND: (p) => `No tag ${typed(p.name)} in this store (names are case-sensitive).`,
  TAG_NAMES_EMPTY: () => "Choose at least one tag.",
  TAG_UNKNOWN: (p) => `No tag ${typed(p.name)} in this store: create it first.`,
  TAG_RETURN_FULL: (p) => `A return carries at most ${p.max} tags: remove one first.`,
};
