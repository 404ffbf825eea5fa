// The warehouse platform's Draft Returns envelope, written from the core's DraftReturn: `draft_return`,
// `context`, the hypermedia (a `links` array, or HAL-Forms `_links` + `_templates`) and `errors`. Money in
// minor units. Every action offered comes from the core's `allowedActions`; this file only names them.
import { apiShopperMessage } from "../../../src/core/decisions/render.js";
import type { DraftGetQuery } from "../../codegen/operations.js";
import { ineligibilityCode } from "./eligibility.js";

/** A draft as the door selects it (DRAFT_SELECTION; every draft operation's answer has this shape). */
export type Draft = NonNullable<DraftGetQuery["draftReturn"]>;

export type Format = "links" | "hal";

/** What the door selects of a draft (every route answers the whole envelope). */
export const DRAFT_SELECTION = `id number state orderName currency language isGift customerEmail creditType returnMethod returnId returnNumber shipping { carrier trackingNumber }
  policyVersion allowedActions
  shippingAddress { name company line1 line2 city state postalCode country countryName phone }
  items { id lineItemId title quantity reasonCode answer photos outcome exchangeSku offers { outcome total { amount } } }
  lines { lineItemId title variantTitle sku productId quantity unitPrice { amount currency } returnableQuantity refusalCode
          decision { code rule name params { name value } } outcomes { outcome value { amount } fees { amount } bonus { amount } total { amount } }
          exchangeVariants { sku title variantId inStock } }
  reasons { code label question photoRequired outcomes }
  totals { returnTotal { amount } fees { amount } bonus { amount } refund { amount } storeCredit { amount } exchange { amount } }`;

/** A line's message: the platform's English sentence, rendered from the line's decision code. */
const messageOf = (l: { decision: Parameters<typeof apiShopperMessage>[0] | null }) => (l.decision ? apiShopperMessage(l.decision) : null);

/** A decimal amount of the core ("12.50") in minor units (the currency's own exponent comes with the decimals). */
export const minor = (amount: string): number => Number(amount.replace(".", "").replace(/^(-?)0+(?=\d)/, "$1"));

const STATE: Record<string, string> = { items_finalized: "items-finalized" };
export const stateOut = (s: string) => STATE[s] ?? s;
export const creditTypeOut = (c: string | null) => (c === "store_credit" ? "store-credit" : c);
/** The platform's spelling (and ours) of a credit type, as the core names it; null when unknown. */
export function creditTypeIn(v: unknown): string | null {
  const s = typeof v === "string" ? v.trim().toLowerCase() : "";
  if (s === "refund") return "refund";
  if (s === "store-credit" || s === "store_credit" || s === "gift-card" || s === "credit") return "store_credit";
  return null;
}
export const outcomeOut = (o: string | null) => (o ? o.replaceAll("_", "-") : null);
export const outcomeIn = (v: unknown): string | null => {
  const s = typeof v === "string" ? v.trim().toLowerCase().replaceAll("-", "_") : "";
  return ["refund", "store_credit", "exchange", "keep_item"].includes(s) ? s : null;
};

type Money = (minorUnits: number) => Record<string, unknown>;

/** One action the draft offers: its relation, method, path (relative to the draft), fields and whether it is required to move on. */
interface Action {
  rel: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  title: string;
  fields: { name: string; type: string; required: boolean; options?: string[] }[];
  required?: boolean;
}

function actionsOf(d: Draft): Action[] {
  const a = new Set<string>(d.allowedActions);
  const out: Action[] = [];
  const item = (name: string, type = "string") => ({ name, type, required: true });
  const opt = (name: string, type = "string", options?: string[]) => ({ name, type, required: false, ...(options ? { options } : {}) });
  if (a.has("add_item"))
    out.push({
      rel: "add-returning-item",
      method: "POST",
      path: "/returning-items",
      title: "Add a line item to the return",
      fields: [
        item("order_line_item_id"),
        opt("quantity", "integer"),
        opt(
          "reason_id",
          "string",
          d.reasons.map((r) => r.code),
        ),
        opt("outcome", "string", ["refund", "store-credit", "exchange", "keep-item"]),
      ],
    });
  if (a.has("update_item")) {
    out.push({
      rel: "update-returning-item",
      method: "POST",
      path: "/returning-items/{returning_item_id}",
      title: "Set an item's reason, outcome, comment or photos",
      fields: [
        item("returning_item_id"),
        opt(
          "reason_id",
          "string",
          d.reasons.map((r) => r.code),
        ),
        opt("outcome", "string"),
        opt("comment"),
        opt("image_uploads", "array"),
      ],
    });
    out.push({
      rel: "add-returning-item-user-input",
      method: "POST",
      path: "/returning-items/{returning_item_id}/user-input/{user_input_id}",
      title: "Answer the reason's question",
      fields: [item("returning_item_id"), item("user_input_id"), item("value")],
    });
    out.push({
      rel: "add-returning-item-exchange-item",
      method: "POST",
      path: "/returning-items/{returning_item_id}/exchange-item",
      title: "Exchange an item for another variant",
      fields: [item("returning_item_id"), item("variant_id")],
    });
  }
  if (a.has("remove_item"))
    out.push({
      rel: "remove-returning-item",
      method: "DELETE",
      path: "/returning-items/{returning_item_id}",
      title: "Remove an item",
      fields: [item("returning_item_id")],
    });
  if (a.has("set_customer"))
    out.push({ rel: "set-customer", method: "POST", path: "/customer", title: "Set the customer's email", fields: [item("email")] });
  if (a.has("set_address"))
    out.push({
      rel: "set-address",
      method: "POST",
      path: "/address",
      title: "Set the address the return ships from",
      fields: [
        item("address1"),
        opt("address2"),
        item("city"),
        opt("state"),
        opt("zip"),
        item("country_code"),
        opt("country"),
        opt("name"),
        opt("company"),
        opt("phone"),
      ],
    });
  if (a.has("finalize_items"))
    out.push({ rel: "finalize-items", method: "POST", path: "/finalize-items", title: "Finalize the items", fields: [], required: true });
  if (a.has("set_credit_type"))
    out.push({
      rel: "set-credit-type",
      method: "POST",
      path: "/credit-type",
      title: "Choose refund or store credit for the items without their own outcome",
      fields: [{ name: "credit_type", type: "string", required: true, options: ["refund", "store-credit"] }],
      required: d.items.some((i) => !i.outcome) && !d.creditType,
    });
  if (a.has("set_return_method"))
    out.push({
      rel: "set-return-method",
      method: "POST",
      path: "/return-method",
      title: "Choose how the items go back",
      fields: [{ name: "return_method", type: "string", required: true, options: ["label", "drop-off", "ship-yourself"] }],
    });
  if (a.has("submit"))
    out.push({ rel: "submit-draft-return", method: "POST", path: "/submit", title: "Submit the return", fields: [], required: true });
  if (a.has("cancel")) out.push({ rel: "cancel-draft-return", method: "POST", path: "/cancel", title: "Cancel the draft", fields: [] });
  return out;
}

/** The hypermedia of a draft: a `links` array, or `_links` and `_templates` (none in a terminal state). */
export function hypermedia(d: Draft, base: string, format: Format) {
  const self = `${base}/draft-returns/${d.number}`;
  const actions = actionsOf(d);
  if (format === "links")
    return {
      links: actions.map((x) => ({
        rel: x.rel,
        href: self + x.path,
        method: x.method,
        description: x.title,
        fields: x.fields,
        is_required: !!x.required,
      })),
    };
  const terminal = !actions.length;
  const _links: Record<string, unknown> = terminal
    ? {}
    : {
        self: { href: self },
        "order-items": { href: `${self}/order/items` },
        totals: { href: `${self}/totals` },
      };
  const _templates: Record<string, unknown> = {};
  for (const x of actions) {
    _links[x.rel] = { href: self + x.path, ...(x.path.includes("{") ? { templated: true } : {}) };
    _templates[x.rel] = {
      method: x.method,
      title: x.title,
      contentType: "application/json",
      target: self + x.path,
      ...(x.required ? { required: true } : {}),
      properties: x.fields.map((f) => ({
        name: f.name,
        type: f.type,
        required: f.required,
        ...(f.options ? { options: { inline: f.options } } : {}),
      })),
    };
  }
  return { _links, _templates };
}

export const moneyLatest = (currency: string) => (m: number) => ({ amount: m, currency });
export const money2026 = (currency: string) => (m: number) => ({ amount: m, currencyCode: currency });

export function totalsOf(d: Draft, money: Money) {
  const t = d.totals;
  const n = (k: keyof typeof t) => minor(t[k].amount);
  return {
    return_total: money(n("returnTotal")),
    new_item_total: money(n("exchange")),
    total_bonus_offered: money(n("bonus")),
    bonus_used: money(n("bonus")),
    fees: { applied: money(n("fees")), refund: money(0), credit: money(0), exchange: money(0) },
    amount_due: money(0),
    credit: {
      remaining_credit: money(n("refund") + n("storeCredit")),
      refund_credit: money(n("refund")),
      store_credit: money(n("storeCredit")),
    },
    net: money(n("refund") + n("storeCredit")),
  };
}

export function draftReturnOf(d: Draft) {
  const money = moneyLatest(d.currency);
  const reasonOf = (code: string | null) => d.reasons.find((r) => r.code === code);
  const a = d.shippingAddress;
  return {
    id: d.number,
    return_id: d.returnNumber ?? null,
    state: stateOut(d.state),
    currency: d.currency,
    language: d.language,
    credit_type: creditTypeOut(d.creditType),
    store_credit_type: "gift-card",
    processing_type: "regular",
    payment_intent: null,
    return_method: d.returnMethod ? d.returnMethod.replaceAll("_", "-") : null,
    ...(d.shipping?.trackingNumber ? { label: { carrier: d.shipping.carrier, tracking_number: d.shipping.trackingNumber } } : {}),
    is_gift: d.isGift,
    order_name: d.orderName,
    ...(d.policyVersion != null ? { return_policy: { id: d.policyVersion, name: `Return policy version ${d.policyVersion}` } } : {}),
    totals: totalsOf(d, money),
    customer: { email: d.customerEmail ?? null },
    shipping_address: a
      ? {
          name: a.name,
          company: a.company,
          // The core's words renamed to the platform's (its `country` is a name, `country_code` the code).
          address1: a.line1,
          address2: a.line2,
          city: a.city,
          state: a.state,
          zip: a.postalCode,
          country: a.countryName,
          country_code: a.country,
          phone: a.phone,
        }
      : null,
    returning_items: d.items.map((i) => {
      const reason = reasonOf(i.reasonCode);
      return {
        id: i.id,
        order_line_item_id: i.lineItemId,
        quantity: i.quantity,
        title: i.title,
        return_type: i.outcome === "exchange" ? "exchange" : "credit",
        resolution: i.outcome === "keep_item" ? "keep" : "return",
        outcome: outcomeOut(i.outcome),
        reason: i.reasonCode ? { id: i.reasonCode, name: reason?.label ?? i.reasonCode, comment: i.answer } : null,
        user_input: reason?.question ? [{ id: "answer", prompt: reason.question, value: i.answer }] : [],
        image_uploads: i.photos,
        has_exchange_item: !!i.exchangeSku,
      };
    }),
    cart_items: d.items
      .filter((i) => i.exchangeSku)
      .map((i) => {
        const line = d.lines.find((l) => l.lineItemId === i.lineItemId);
        const v = line?.exchangeVariants.find((x) => x.sku === i.exchangeSku);
        return {
          id: i.id,
          variant_id: v?.variantId ?? null,
          product_id: line?.productId ?? null,
          sku: i.exchangeSku,
          title: line?.title ?? "",
          variant_title: v?.title ?? null,
          quantity: i.quantity,
          price: money(minor(line?.unitPrice.amount ?? "0")),
        };
      }),
  };
}

export function contextOf(d: Draft) {
  // A closed draft allows nothing (the core's allowedActions) and has no context.
  if (!d.allowedActions.length) return {};
  return {
    items_eligible_to_return: d.lines
      .filter((l) => l.returnableQuantity > 0)
      .map((l) => ({
        order_line_item_id: l.lineItemId,
        title: l.title,
        returnable_quantity: l.returnableQuantity,
        outcomes: l.outcomes.map((o) => o.outcome.replaceAll("_", "-")),
      })),
    items_not_eligible_to_return: d.lines
      .filter((l) => l.returnableQuantity === 0)
      .map((l) => ({
        order_line_item_id: l.lineItemId,
        ineligibility_code: ineligibilityCode(l.refusalCode ?? ""),
        message: messageOf(l),
      })),
    return_reasons: d.reasons.map((r) => ({ id: r.code, name: r.label, question: r.question, photo_required: r.photoRequired })),
    credit_types: ["refund", "store-credit"],
    return_methods: ["label", "drop-off", "ship-yourself"],
  };
}

/** The whole envelope of one draft. */
export function envelope(d: Draft, base: string, format: Format, extra: { shopperToken?: string | null; errors?: unknown[] } = {}) {
  return {
    draft_return: draftReturnOf(d),
    context: contextOf(d),
    ...hypermedia(d, base, format),
    ...(format === "hal" ? { client_application: { name: "retour" } } : {}),
    ...(extra.shopperToken ? { shopper_token: extra.shopperToken } : {}),
    errors: extra.errors ?? [],
  };
}

/** GET …/order/items: the order's lines with eligibility, outcomes (minor units) and exchange variants. */
export function orderItemsOf(d: Draft) {
  const money = money2026(d.currency);
  return {
    order_line_items: d.lines.map((l) => ({
      id: l.lineItemId,
      title: l.title,
      variant_title: l.variantTitle,
      sku: l.sku,
      product_id: l.productId,
      quantity: l.quantity,
      price: money(minor(l.unitPrice.amount)),
      eligible: l.returnableQuantity > 0,
      returnable_quantity: l.returnableQuantity,
      ...(l.refusalCode ? { ineligibility_code: ineligibilityCode(l.refusalCode), message: messageOf(l) } : {}),
      available_outcomes: l.outcomes.map((o) => ({
        type: o.outcome.replaceAll("_", "-"),
        value: money(minor(o.value.amount)),
        fees: money(minor(o.fees.amount)),
        bonus: money(minor(o.bonus.amount)),
        total: money(minor(o.total.amount)),
      })),
      exchange_variants: l.exchangeVariants.map((v) => ({ variant_id: v.variantId, sku: v.sku, title: v.title, in_stock: v.inStock })),
    })),
  };
}
