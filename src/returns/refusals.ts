// What the returns domain refuses (creation, the lifecycle, processing, bulk actions, the import, the overview),
// as codes with their parameters (src/core/refusals.ts); each code's English is the detail every door has always
// answered. The tags' refusals are in ./tag-refusals.ts. Empty texts, negative amounts and country codes use the
// codes the orders and customers domains already list (TEXT_EMPTY, AMOUNT_NEGATIVE, COUNTRY_CODE_INVALID).
import { quoted, refusalList } from "../core/refusals.js";

const RETURN_NOT_FOUND = { status: 404, type: "returns/not-found", title: "Return not found" } as const;
const ITEMS_CHANGED = { status: 409, type: "returns/items-changed", title: "Items changed" } as const;
/** The item's field of a field of it (`input.items[0].exchangeSku` → `input.items[0].compensation`). */
const sibling = (field: string | number, name: string) => `${String(field).replace(/\.\w+$/, "")}.${name}`;

export const RETURN_REFUSALS = refusalList<{
  /** No return `id` in the caller's stores. */
  RETURN_NOT_FOUND: { id: string };
  /** Some of the returns named are not in the caller's stores (`ids`: them, quoted, comma-separated). */
  RETURNS_NOT_FOUND: { ids: string };
  /** A new return names no item. */
  RETURN_NO_ITEMS: Record<string, never>;
  /** A new return names more than `max` items. */
  RETURN_TOO_MANY_ITEMS: { max: number };
  /** The return type `value` is not one of `types` (comma-separated). */
  RETURN_TYPE_UNKNOWN: { value: string; types: string };
  /** An item's quantity `value` is not a whole number of at least 1. */
  RETURN_QUANTITY_INVALID: { field: string; value: string };
  /** An item's compensation `value` is not one of `compensations` (comma-separated). */
  RETURN_COMPENSATION_UNKNOWN: { field: string; value: string; compensations: string };
  /** An exchange item names no SKU to exchange for. */
  RETURN_EXCHANGE_SKU_REQUIRED: { field: string };
  /** An item that is not an exchange names a SKU to exchange for. */
  RETURN_EXCHANGE_SKU_ALONE: { field: string };
  /** A label was given though every item is kept by the customer. */
  RETURN_LABEL_NOTHING_SHIPS: Record<string, never>;
  /** No order `externalOrderId` from `provider` in the store. */
  RETURN_ORDER_NOT_FOUND: { externalOrderId: string; provider: string };
  /** `lineItemId` is not a line of the order `order` (its name). */
  RETURN_NOT_A_LINE: { field: string; lineItemId: string; order: string };
  /** Line `line` was ordered `ordered` times, `inReturns` are in other returns: at most `max` more, not `quantity`. */
  RETURN_QUANTITY_EXCEEDED: { line: string; ordered: number; inReturns: number; max: number; quantity: number };
  /** No variant `sku` in the store's catalogue. */
  RETURN_EXCHANGE_SKU_UNKNOWN: { field: string; sku: string };
  /** The variant `sku` is of another product than the line's `product` (line `line`). */
  RETURN_EXCHANGE_OTHER_PRODUCT: { field: string; sku: string; product: string; line: string };
  /** The variant `sku` costs `price` `priceCurrency`, not the line's unit price `unitPrice` `currency`. */
  RETURN_EXCHANGE_PRICE: { field: string; sku: string; price: string; priceCurrency: string; unitPrice: string; currency: string };
  /** The outcome `outcome` (exchange or keep_item) needs a published policy offering it. */
  RETURN_OUTCOME_NEEDS_POLICY: { field: string; outcome: string };
  /** A kept item (compensation keep_item) is asked to be restocked. */
  RETURN_KEPT_NO_RESTOCK: { field: string };
  /** The status filter `value` is not a return status. */
  RETURN_STATUS_FILTER_UNKNOWN: { value: string };
  /** The search text is longer than `max` characters. */
  RETURN_SEARCH_TOO_LONG: { max: number };
  /** A text is longer than `max` characters. */
  RETURN_TEXT_TOO_LONG: { field: string; max: number };
  /** The overview's period ends before it starts. */
  RETURN_PERIOD_ORDER: Record<string, never>;
  /** The overview's period spans more than `max` days. */
  RETURN_PERIOD_TOO_LONG: { max: number };
  /** The action `action` cannot run from the status `status`; `allowed` can (comma-separated, maybe empty). */
  RETURN_TRANSITION_REFUSED: { action: string; status: string; allowed: string };
  /** As RETURN_TRANSITION_REFUSED, for a flagged return in a store that does not allow processing flagged returns. */
  RETURN_FLAGGED_PROCESSING_OFF: { action: string; status: string; allowed: string };
  /** A bulk action on a return (status `status`) with no item left to process. */
  RETURN_NOTHING_TO_PROCESS: { status: string };
  /** A bulk action names no return. */
  RETURN_BULK_EMPTY: Record<string, never>;
  /** A bulk action names `count` returns, more than `max`. */
  RETURN_BULK_TOO_MANY: { max: number; count: number };
  /** A bulk action names a return twice. */
  RETURN_BULK_TWICE: Record<string, never>;
  /** The exchange order's id is empty. */
  RETURN_EXCHANGE_ORDER_EMPTY: Record<string, never>;
  /** The return (status `status`) has no live exchange item to report an order for. */
  RETURN_NO_EXCHANGE: { status: string };
  /** The exchange shipped with order `order`; its order can no longer change. */
  RETURN_EXCHANGE_SHIPPED: { order: string };
  /** Processing names no item. */
  RETURN_PROCESS_NO_ITEMS: Record<string, never>;
  /** `id` is not an item of the return. */
  RETURN_NOT_AN_ITEM: { field: string; id: string };
  /** The item `id` is named twice. */
  RETURN_ITEM_TWICE: { field: string; id: string };
  /** The item `id` is `status` already. */
  RETURN_ITEM_PROCESSED: { id: string; status: string };
  /** An item is both rejected and restocked or adjusted. */
  RETURN_REJECT_COMBINED: { field: string };
  /** The adjustment `amount` exceeds the item's value `max` (`currency`, tax included). */
  RETURN_ADJUSTMENT_TOO_LARGE: { field: string; amount: string; max: string; currency: string };
  /** Items changed meanwhile (`items`: their ids, comma-separated; empty: their count). */
  RETURN_ITEMS_CHANGED: { items: string };
  /** The items `items` (comma-separated) are not open items of the return any more. */
  RETURN_ITEMS_NOT_OPEN: { items: string };
  /** The return's exchange units went back to inventory when it was rejected: it cannot be reopened. */
  RETURN_EXCHANGE_RELEASED: Record<string, never>;
  /** Removing items names none. */
  RETURN_REMOVE_NO_ITEMS: Record<string, never>;
  /** The items `items` (comma-separated) are not the return's. */
  RETURN_NOT_ITEMS: { items: string };
  /** Removing every item of a return. */
  RETURN_LAST_ITEM: Record<string, never>;
  /** The status `value` is not one of `statuses` (comma-separated). */
  RETURN_STATUS_UNKNOWN: { value: string; statuses: string };
  /** A comment has both or neither of a message and an image. */
  RETURN_COMMENT_ONE_OF: Record<string, never>;
  /** A comment's image is not base64 data. */
  RETURN_COMMENT_IMAGE: Record<string, never>;
  /** An import holds `count` returns, not 1 to `max`. */
  IMPORT_COUNT: { max: number; count: number };
  /** An imported text is longer than `max` characters. */
  IMPORT_TEXT_TOO_LONG: { field: string; max: number };
  /** An imported return names no product. */
  IMPORT_NO_PRODUCTS: { field: string };
  /** An imported return names more than `max` products. */
  IMPORT_TOO_MANY_PRODUCTS: { field: string; max: number };
  /** An imported customer's e-mail is not one. */
  IMPORT_EMAIL_INVALID: { field: string };
  /** An imported return's idempotency key is sent empty. */
  IMPORT_KEY_EMPTY: { field: string };
  /** An imported return's currency is not a 3-letter code. */
  IMPORT_CURRENCY_INVALID: { field: string };
  /** The key `key` made return `id` with another body. */
  IMPORT_KEY_REUSED: { field: string; key: string; id: string };
  /** `productId` is not a product of the store. */
  IMPORT_PRODUCT_UNKNOWN: { field: string; productId: string };
}>("Returns", {
  RETURN_NOT_FOUND: { ...RETURN_NOT_FOUND, en: (p) => `No return ${quoted(p.id)} in this store.` },
  RETURNS_NOT_FOUND: { ...RETURN_NOT_FOUND, en: (p) => `No return ${p.ids} in this store; nothing was changed.` },
  RETURN_NO_ITEMS: { status: 400, field: "input.items", en: () => "`input.items` must hold at least one item." },
  RETURN_TOO_MANY_ITEMS: { status: 400, field: "input.items", en: (p) => `\`input.items\` may hold at most ${p.max} items.` },
  RETURN_TYPE_UNKNOWN: {
    status: 400,
    field: "input.type",
    en: (p) => `\`input.type\` must be one of ${p.types}; got ${quoted(p.value)}.`,
  },
  RETURN_QUANTITY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an integer of at least 1; got ${p.value}.`,
  },
  RETURN_COMPENSATION_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be one of ${p.compensations}; got ${quoted(p.value)}.`,
  },
  RETURN_EXCHANGE_SKU_REQUIRED: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` is required with compensation exchange: name the SKU of the variant given instead.`,
  },
  RETURN_EXCHANGE_SKU_ALONE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` goes only with compensation exchange; drop it or set \`${sibling(p.field, "compensation")}\` to exchange.`,
  },
  RETURN_LABEL_NOTHING_SHIPS: {
    status: 400,
    field: "input.label",
    en: () => "`input.label`: every item is kept by the customer (compensation keep_item), so nothing ships back; drop the label.",
  },
  RETURN_ORDER_NOT_FOUND: {
    status: 404,
    type: "returns/order-not-found",
    title: "Order not found",
    en: (p) =>
      `No order with externalOrderId ${quoted(p.externalOrderId)} from provider ${quoted(p.provider)} in this store; push the order first (\`upsertOrder\`).`,
  },
  RETURN_NOT_A_LINE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.lineItemId)} is not a line item of order ${p.order}.`,
  },
  RETURN_QUANTITY_EXCEEDED: {
    status: 409,
    type: "returns/quantity-exceeded",
    title: "Quantity exceeds what can be returned",
    en: (p) =>
      `Line item ${p.line} was ordered ${p.ordered} time(s) and ${p.inReturns} are already in other returns; at most ${p.max} more can be returned, not ${p.quantity}.`,
  },
  RETURN_EXCHANGE_SKU_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.sku)} is no variant in this store's catalogue; upload the product first or name another SKU.`,
  },
  RETURN_EXCHANGE_OTHER_PRODUCT: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` ${quoted(p.sku)} is a variant of another product; an exchange is for a variant of the returned product (${p.product}) of line item ${p.line}.`,
  },
  RETURN_EXCHANGE_PRICE: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` ${quoted(p.sku)} costs ${p.price} ${p.priceCurrency}; an exchange must cost the line's unit price, ${p.unitPrice} ${p.currency}. Name a variant at that price, or refund the line.`,
  },
  RETURN_OUTCOME_NEEDS_POLICY: {
    status: 422,
    type: "returns/policy-refused",
    title: "Not returnable under the store's return policy",
    en: (p) =>
      `\`${p.field}\` ${p.outcome}: this store has published no return policy offering ${p.outcome === "exchange" ? "exchanges" : "keep-item returns (outcomes.keepItemBelow)"}; ask for refund or store_credit, or publish a policy that allows ${p.outcome}.`,
  },
  RETURN_KEPT_NO_RESTOCK: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\`: the customer keeps this item (compensation keep_item), so nothing comes back to restock; drop \`restock\` for it.`,
  },
  RETURN_STATUS_FILTER_UNKNOWN: {
    status: 400,
    field: "filter.status",
    en: (p) => `\`status\` must be a return status; got ${quoted(p.value)}.`,
  },
  RETURN_SEARCH_TOO_LONG: { status: 400, field: "filter.search", en: (p) => `\`search\` may hold at most ${p.max} characters.` },
  RETURN_TEXT_TOO_LONG: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` may hold at most ${p.max} characters.` },
  RETURN_PERIOD_ORDER: { status: 400, field: "to", en: () => "`to` must be after `from`." },
  RETURN_PERIOD_TOO_LONG: {
    status: 400,
    field: "from",
    en: (p) => `The period may span at most ${p.max} days; choose a later \`from\` or an earlier \`to\`.`,
  },
  RETURN_TRANSITION_REFUSED: {
    status: 409,
    type: "returns/invalid-transition",
    title: "Invalid return transition",
    en: (p) =>
      `Cannot ${String(p.action).replace("_", " ")} a return whose status is ${p.status}. Allowed actions from ${p.status}: ${p.allowed || "none"}.`,
  },
  RETURN_FLAGGED_PROCESSING_OFF: {
    status: 409,
    type: "returns/invalid-transition",
    title: "Invalid return transition",
    en: (p) =>
      `Cannot ${String(p.action).replace("_", " ")} a return whose status is ${p.status} (the store does not allow processing flagged returns). Allowed actions from ${p.status}: ${p.allowed || "none"}.`,
  },
  RETURN_NOTHING_TO_PROCESS: {
    status: 409,
    type: "returns/nothing-to-process",
    title: "Nothing to process",
    en: (p) => `This return is ${String(p.status).replace(/_/g, " ")}: no item is left to process.`,
  },
  RETURN_BULK_EMPTY: { status: 400, field: "ids", en: () => "`ids` must name at least one return." },
  RETURN_BULK_TOO_MANY: {
    status: 400,
    field: "ids",
    en: (p) => `\`ids\` may name at most ${p.max} returns at once; got ${p.count}. Send them in several requests.`,
  },
  RETURN_BULK_TWICE: { status: 400, field: "ids", en: () => "`ids` names a return twice; name each once." },
  RETURN_EXCHANGE_ORDER_EMPTY: {
    status: 400,
    field: "externalId",
    en: () => "`externalId` must not be empty: give the shop's id of the exchange order.",
  },
  RETURN_NO_EXCHANGE: {
    status: 409,
    type: "returns/no-exchange",
    title: "No exchange to report an order for",
    en: (p) =>
      `This return (status ${p.status}) has no live exchange item, so it has no exchange order; report one only for a return whose items exchange.`,
  },
  RETURN_EXCHANGE_SHIPPED: {
    status: 409,
    type: "returns/exchange-shipped",
    title: "Exchange already shipped",
    en: (p) => `The exchange already shipped with order ${quoted(p.order)}; its order can no longer change.`,
  },
  RETURN_PROCESS_NO_ITEMS: { status: 400, field: "items", en: () => "`items` must name at least one return item." },
  RETURN_NOT_AN_ITEM: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` ${quoted(p.id)} is not an item of this return.` },
  RETURN_ITEM_TWICE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` ${p.id} appears twice.` },
  RETURN_ITEM_PROCESSED: {
    status: 409,
    type: "returns/item-already-processed",
    title: "Item already processed",
    en: (p) => `Return item ${p.id} is ${p.status}; reopen or reset the return to process it again.`,
  },
  RETURN_REJECT_COMBINED: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` cannot be combined with \`${sibling(p.field, "restock")}\` or \`${sibling(p.field, "merchantAdjustment")}\`: reject the item, or process it.`,
  },
  RETURN_ADJUSTMENT_TOO_LARGE: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` (${p.amount}) must not exceed the item's value of ${p.max} ${p.currency} (tax included); enter at most that amount.`,
  },
  RETURN_ITEMS_CHANGED: { ...ITEMS_CHANGED, en: (p) => `Items of this return changed meanwhile: ${p.items || "item count"}.` },
  RETURN_ITEMS_NOT_OPEN: { ...ITEMS_CHANGED, en: (p) => `Not open items of this return (any more): ${p.items}.` },
  RETURN_EXCHANGE_RELEASED: {
    status: 409,
    type: "returns/exchange-released",
    title: "Exchange units were released",
    en: () =>
      "This return's exchange units went back to inventory when it was rejected; it cannot be reopened. Create a new return for the items instead.",
  },
  RETURN_REMOVE_NO_ITEMS: { status: 400, field: "itemIds", en: () => "`itemIds` must name at least one return item." },
  RETURN_NOT_ITEMS: { status: 400, field: "itemIds", en: (p) => `Not items of this return: ${p.items}.` },
  RETURN_LAST_ITEM: {
    status: 409,
    type: "returns/last-item",
    title: "Cannot remove every item",
    en: () => "A return keeps at least one item; to withdraw the whole return, reset or cancel it.",
  },
  RETURN_STATUS_UNKNOWN: {
    status: 400,
    field: "status",
    en: (p) => `\`status\` must be one of ${p.statuses}; got ${quoted(p.value)}.`,
  },
  RETURN_COMMENT_ONE_OF: { status: 400, field: "comment", en: () => "A comment is exactly one of `message` or `image`." },
  RETURN_COMMENT_IMAGE: { status: 400, field: "comment.image", en: () => "`comment.image` must be base64 data." },
  IMPORT_COUNT: { status: 400, field: "returns", en: (p) => `\`returns\` must hold 1 to ${p.max} returns; got ${p.count}.` },
  IMPORT_TEXT_TOO_LONG: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` may have at most ${p.max} characters.` },
  IMPORT_NO_PRODUCTS: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must hold at least one product.` },
  IMPORT_TOO_MANY_PRODUCTS: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` may hold at most ${p.max} products.` },
  IMPORT_EMAIL_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an e-mail address such as jane@example.com.`,
  },
  IMPORT_KEY_EMPTY: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be empty when sent.` },
  IMPORT_CURRENCY_INVALID: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be an ISO 4217 code such as "USD".` },
  IMPORT_KEY_REUSED: {
    status: 400,
    type: "returns/idempotency-key-reused",
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` ${quoted(p.key)} was already used for another return (${p.id}) with a different body; send a new key for a new return, or the same body to get ${p.id} back.`,
  },
  IMPORT_PRODUCT_UNKNOWN: {
    status: 400,
    type: "returns/unknown-product",
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.productId)} is not a product of this store; use a \`prd_…\` id from the product bulk upload.`,
  },
});

export const refuse = RETURN_REFUSALS.refuse;
