// A return's exchange as a new Vendure order, placed through the Admin API's draft orders: a draft with the new
// variants, the original order's customer, shipping address and (where still eligible) shipping method, moved to
// ArrangingPayment and settled by a manual payment (method "retour-exchange") for the whole total, so the shopper is
// charged nothing and Vendure allocates the stock and ships it like any order. The manual payment's transactionId is
// the ledger entry's id: the order is found by it before anything is placed, so a push whose answer was lost, or a
// process killed mid-push, never places a second order. A draft left behind by an attempt that stopped half-way is
// deleted (or cancelled, once arranging payment with none taken) when this attempt fails; neither holds stock.
// The key's role needs ReadOrder, CreateOrder, UpdateOrder and ReadCatalog (DeleteOrder to clean up a draft).
import { findingEnglish } from "../findings.js";
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCredentials, ShopExchangeRequest, ShopPushResult } from "../connector.js";
import { isForbidden, vendureAdmin, type VendureResult } from "./admin-api.js";

export const EXCHANGE_PAYMENT_METHOD = "retour-exchange";
const PERMISSION = "Vendure refused the key: give its role ReadOrder, CreateOrder, UpdateOrder and ReadCatalog (Settings → Roles).";

const FIND = `query RetourFindExchange($m: String!) {
  orders(options: { filter: { transactionId: { eq: $m } } }) { items { id code state } }
}`;
const ORIGINAL = `query RetourExchangeOriginal($id: ID!) {
  order(id: $id) { id code customer { id } shippingLines { shippingMethod { id } }
    shippingAddress { fullName company streetLine1 streetLine2 city province postalCode countryCode phoneNumber } }
}`;
const VARIANT = `query RetourExchangeVariant($sku: String!) {
  productVariants(options: { filter: { sku: { eq: $sku } }, take: 2 }) { items { id sku } }
}`;
const RESULT = `__typename ... on Order { id code state totalWithTax } ... on ErrorResult { errorCode message }`;
const DRAFT = `mutation RetourExchangeDraft { createDraftOrder { id code } }`;
const ADD = `mutation RetourExchangeLine($o: ID!, $v: ID!, $q: Int!) {
  addItemToDraftOrder(orderId: $o, input: { productVariantId: $v, quantity: $q }) { ${RESULT} }
}`;
const CUSTOMER = `mutation RetourExchangeCustomer($o: ID!, $c: ID!) {
  setCustomerForDraftOrder(orderId: $o, customerId: $c) { ${RESULT} }
}`;
const ADDRESS = `mutation RetourExchangeAddress($o: ID!, $a: CreateAddressInput!) {
  setDraftOrderShippingAddress(orderId: $o, input: $a) { id }
  setDraftOrderBillingAddress(orderId: $o, input: $a) { id }
}`;
const METHODS = `query RetourExchangeMethods($o: ID!) { eligibleShippingMethodsForDraftOrder(orderId: $o) { id } }`;
const METHOD = `mutation RetourExchangeMethod($o: ID!, $m: ID!) {
  setDraftOrderShippingMethod(orderId: $o, shippingMethodId: $m) { ${RESULT} }
}`;
const NOTE = `mutation RetourExchangeNote($i: AddNoteToOrderInput!) { addNoteToOrder(input: $i) { id } }`;
const STATE = `mutation RetourExchangeState($o: ID!, $s: String!) { transitionOrderToState(id: $o, state: $s) { ${RESULT} } }`;
const PAY = `mutation RetourExchangePay($i: ManualPaymentInput!) { addManualPaymentToOrder(input: $i) { ${RESULT} } }`;
const DELETE = `mutation RetourExchangeDelete($o: ID!) { deleteDraftOrder(orderId: $o) { result } }`;

type Step<T> = { ok: true; data: T } | { ok: false; result: ShopPushResult };

/** One call's answer: its data, or what it means for the push (unreachable or an error: uncertain; no permission: refused). */
function step<T>(res: VendureResult<T>): Step<T> {
  if (!res.ok) return { ok: false, result: { kind: "uncertain", answer: findingEnglish(res.finding) } };
  if (isForbidden(res.errors)) return { ok: false, result: { kind: "refused", answer: PERMISSION } };
  if (res.errors.length || !res.data)
    return { ok: false, result: { kind: "uncertain", answer: `Vendure answered with an error: ${res.errors[0]?.message ?? "no data"}` } };
  return { ok: true, data: res.data };
}

interface OrderResult {
  __typename: string;
  id?: string;
  code?: string;
  state?: string;
  errorCode?: string;
  message?: string;
}

const refusedBy = (what: string, r: OrderResult): ShopPushResult => ({
  kind: "refused",
  answer: `Vendure refused ${what}: ${r.message ?? r.errorCode ?? r.__typename}.`,
});

/** The order placed with this marker, settled if a killed attempt left it between payment and PaymentSettled. */
async function findPlaced(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  marker: string,
): Promise<{ kind: "found"; code: string; answer: string } | { kind: "none" } | { kind: "stop"; result: ShopPushResult }> {
  const found = step(
    await vendureAdmin<{ orders: { items: { id: string; code: string; state: string }[] } }>(policy, credentials, FIND, { m: marker }),
  );
  if (!found.ok) return { kind: "stop", result: found.result };
  // A cancelled one does not count: an attempt that stopped before paying cancels what it left (discard).
  const order = found.data.orders.items.find((o) => o.state !== "Cancelled");
  if (!order) return { kind: "none" };
  if (order.state === "ArrangingPayment") {
    const settled = step(
      await vendureAdmin<{ transitionOrderToState: OrderResult }>(policy, credentials, STATE, { o: order.id, s: "PaymentSettled" }),
    );
    if (!settled.ok) return { kind: "stop", result: settled.result };
  }
  return {
    kind: "found",
    code: order.code,
    answer: `Vendure already holds exchange order ${order.code} (paid by ${EXCHANGE_PAYMENT_METHOD}).`,
  };
}

export async function vendurePlaceExchange(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopExchangeRequest,
): Promise<ShopPushResult> {
  const placed = await findPlaced(policy, credentials, request.marker);
  if (placed.kind === "stop") return placed.result;
  if (placed.kind === "found") return { kind: "sent", reference: placed.code, answer: placed.answer };

  const original = step(
    await vendureAdmin<{
      order: {
        code: string;
        customer: { id: string } | null;
        shippingLines: { shippingMethod: { id: string } }[];
        shippingAddress: Record<string, string | null> | null;
      } | null;
    }>(policy, credentials, ORIGINAL, { id: request.orderId }),
  );
  if (!original.ok) return original.result;
  const from = original.data.order;
  if (!from)
    return {
      kind: "refused",
      answer: `Vendure has no order ${request.orderId} (deleted, or another channel): place the exchange by hand.`,
    };
  if (!from.customer) return { kind: "refused", answer: `Vendure's order ${from.code} has no customer to send the exchange to.` };
  const address = from.shippingAddress;
  if (!address?.streetLine1 || !address.countryCode)
    return { kind: "refused", answer: `Vendure's order ${from.code} has no shipping address to send the exchange to.` };

  const variants: { id: string; sku: string; quantity: number }[] = [];
  for (const line of request.lines) {
    const v = step(
      await vendureAdmin<{ productVariants: { items: { id: string; sku: string }[] } }>(policy, credentials, VARIANT, { sku: line.sku }),
    );
    if (!v.ok) return v.result;
    const match = v.data.productVariants.items.filter((i) => i.sku === line.sku);
    if (match.length !== 1)
      return {
        kind: "refused",
        answer: `Vendure has ${match.length ? "more than one variant" : "no variant"} with SKU ${line.sku}: the exchange cannot name it.`,
      };
    variants.push({ id: match[0].id, sku: line.sku, quantity: line.quantity });
  }

  const draft = step(await vendureAdmin<{ createDraftOrder: { id: string; code: string } }>(policy, credentials, DRAFT));
  if (!draft.ok) return draft.result;
  const { id, code } = draft.data.createDraftOrder;
  const result = await complete(policy, credentials, request, id, code, { ...from, customerId: from.customer.id, address }, variants);
  if (result.kind === "sent") return result;
  // Paid after all (an answer lost after the payment)? Then it is placed, once.
  const after = await findPlaced(policy, credentials, request.marker);
  if (after.kind === "found") return { kind: "sent", reference: after.code, answer: after.answer };
  if (after.kind === "none") await discard(policy, credentials, id, request.marker);
  return result;
}

/**
 * What an attempt that stopped before the payment left behind goes, best effort: a draft is deleted, an order still
 * arranging payment (none taken: findPlaced saw no payment with the marker) is cancelled. Neither holds stock.
 */
async function discard(policy: UrlPolicy, credentials: ShopCredentials, id: string, marker: string) {
  const deleted = await vendureAdmin<{ deleteDraftOrder: { result: string } }>(policy, credentials, DELETE, { o: id });
  if (deleted.ok && deleted.data?.deleteDraftOrder.result === "DELETED") return;
  const read = await vendureAdmin<{ order: { state: string; payments: { transactionId: string | null }[] } | null }>(
    policy,
    credentials,
    `query RetourExchangeLeft($o: ID!) { order(id: $o) { state payments { transactionId } } }`,
    { o: id },
  );
  const order = read.ok ? read.data?.order : null;
  if (order?.state === "ArrangingPayment" && !order.payments.some((p) => p.transactionId === marker))
    await vendureAdmin(policy, credentials, STATE, { o: id, s: "Cancelled" });
}

async function complete(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopExchangeRequest,
  id: string,
  code: string,
  from: { code: string; customerId: string; shippingLines: { shippingMethod: { id: string } }[]; address: Record<string, string | null> },
  variants: { id: string; sku: string; quantity: number }[],
): Promise<ShopPushResult> {
  for (const v of variants) {
    const added = step(
      await vendureAdmin<{ addItemToDraftOrder: OrderResult }>(policy, credentials, ADD, { o: id, v: v.id, q: v.quantity }),
    );
    if (!added.ok) return added.result;
    if (added.data.addItemToDraftOrder.__typename !== "Order")
      return refusedBy(`${v.quantity} × ${v.sku} on the exchange order`, added.data.addItemToDraftOrder);
  }
  const customer = step(
    await vendureAdmin<{ setCustomerForDraftOrder: OrderResult }>(policy, credentials, CUSTOMER, { o: id, c: from.customerId }),
  );
  if (!customer.ok) return customer.result;
  if (customer.data.setCustomerForDraftOrder.__typename !== "Order")
    return refusedBy("the customer", customer.data.setCustomerForDraftOrder);
  const a = from.address;
  const addressInput = Object.fromEntries(
    ["fullName", "company", "streetLine1", "streetLine2", "city", "province", "postalCode", "countryCode", "phoneNumber"]
      .filter((k) => a[k] != null && a[k] !== "")
      .map((k) => [k, a[k]]),
  );
  const address = step(await vendureAdmin(policy, credentials, ADDRESS, { o: id, a: addressInput }));
  if (!address.ok) return address.result;
  const methods = step(
    await vendureAdmin<{ eligibleShippingMethodsForDraftOrder: { id: string }[] }>(policy, credentials, METHODS, { o: id }),
  );
  if (!methods.ok) return methods.result;
  const eligible = methods.data.eligibleShippingMethodsForDraftOrder.map((m) => m.id);
  const method = from.shippingLines.map((l) => l.shippingMethod.id).find((m) => eligible.includes(m)) ?? eligible[0];
  if (!method) return { kind: "refused", answer: `Vendure offers no shipping method for exchange order ${code}.` };
  const shipping = step(
    await vendureAdmin<{ setDraftOrderShippingMethod: OrderResult }>(policy, credentials, METHOD, { o: id, m: method }),
  );
  if (!shipping.ok) return shipping.result;
  if (shipping.data.setDraftOrderShippingMethod.__typename !== "Order")
    return refusedBy("the shipping method", shipping.data.setDraftOrderShippingMethod);
  const note = step(
    await vendureAdmin(policy, credentials, NOTE, {
      i: { id, isPublic: false, note: `Exchange for ${request.note} (${request.marker}), placed by Retour at no charge to the shopper.` },
    }),
  );
  if (!note.ok) return note.result;
  const arranging = step(
    await vendureAdmin<{ transitionOrderToState: OrderResult }>(policy, credentials, STATE, { o: id, s: "ArrangingPayment" }),
  );
  if (!arranging.ok) return arranging.result;
  if (arranging.data.transitionOrderToState.__typename !== "Order")
    return refusedBy(`exchange order ${code}`, arranging.data.transitionOrderToState);
  // The step that places it: after this, the order is found by its transactionId.
  const paid = step(
    await vendureAdmin<{ addManualPaymentToOrder: OrderResult }>(policy, credentials, PAY, {
      i: { orderId: id, method: EXCHANGE_PAYMENT_METHOD, transactionId: request.marker, metadata: { retour: request.note } },
    }),
  );
  if (!paid.ok) return paid.result;
  if (paid.data.addManualPaymentToOrder.__typename !== "Order")
    return refusedBy(`the payment of exchange order ${code}`, paid.data.addManualPaymentToOrder);
  const settled = await findPlaced(policy, credentials, request.marker);
  if (settled.kind === "stop") return settled.result;
  if (settled.kind === "none")
    return { kind: "uncertain", answer: `Vendure took the payment of exchange order ${code} but does not list it.` };
  return {
    kind: "sent",
    reference: code,
    answer: `Vendure placed exchange order ${code} for ${variants.map((v) => `${v.quantity} × ${v.sku}`).join(", ")}, at no charge to the shopper (order ${from.code}'s customer and address).`,
  };
}
