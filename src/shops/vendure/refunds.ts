// Refunds to a Vendure order's payment through the Admin API's refundOrder (an amount on one settled payment, the
// API key's role needing UpdateOrder). The ledger entry's id goes in the refund's reason, and findRefund reads the
// order's refunds for it: a push whose answer was lost is recognised before it is tried again.
import { findingEnglish } from "../findings.js";
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCredentials, ShopPushResult, ShopPushLookup, ShopRefundRequest } from "../connector.js";
import { isForbidden, vendureAdmin } from "./admin-api.js";
import { vendureAmount } from "./orders.js";

const ORDER = `query RetourOrderRefunds($id: ID!) {
  order(id: $id) { id code payments { id state amount refunds { id state total reason } } }
}`;

const REFUND = `mutation RetourRefund($input: RefundOrderInput!) {
  refundOrder(input: $input) { __typename ... on Refund { id state total } ... on ErrorResult { errorCode message } }
}`;

interface VendureRefund {
  id: string;
  state: string;
  total: number;
  reason: string | null;
}
interface VendureOrderRefunds {
  id: string;
  code: string;
  payments: { id: string; state: string; amount: number; refunds: VendureRefund[] }[];
}

/** A decimal with at most two places as Vendure's minor units: "30.80" → 3080 (exact, no floating point). */
export function vendureMinor(decimal: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal);
  if (!m) throw new Error(`not a Vendure amount: ${decimal}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

const reasonOf = (r: ShopRefundRequest) => `${r.note} (${r.marker})`;

async function readOrder(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  orderId: string,
): Promise<{ ok: true; order: VendureOrderRefunds } | { ok: false; definite: boolean; answer: string }> {
  const res = await vendureAdmin<{ order: VendureOrderRefunds | null }>(policy, credentials, ORDER, { id: orderId });
  if (!res.ok) return { ok: false, definite: false, answer: findingEnglish(res.finding) };
  if (isForbidden(res.errors))
    return {
      ok: false,
      definite: true,
      answer: "Vendure refused the API key: give its role ReadOrder and UpdateOrder (Settings → Roles).",
    };
  if (res.errors.length) return { ok: false, definite: false, answer: `Vendure answered with an error: ${res.errors[0].message}` };
  if (!res.data?.order) return { ok: false, definite: true, answer: `Vendure has no order ${orderId} (deleted, or another channel).` };
  return { ok: true, order: res.data.order };
}

const mine = (order: VendureOrderRefunds, marker: string) =>
  order.payments.flatMap((p) => p.refunds).find((r) => r.state !== "Failed" && (r.reason ?? "").includes(marker));

export async function vendureFindRefund(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopRefundRequest,
): Promise<ShopPushLookup> {
  const read = await readOrder(policy, credentials, request.orderId);
  if (!read.ok) return { kind: "uncertain", answer: read.answer };
  const found = mine(read.order, request.marker);
  if (!found) return { kind: "none" };
  return {
    kind: "found",
    reference: found.id,
    answer: `Vendure already holds refund ${found.id} of ${vendureAmount(found.total)} on order ${read.order.code} (${found.state}).`,
  };
}

export async function vendureRefund(policy: UrlPolicy, credentials: ShopCredentials, request: ShopRefundRequest): Promise<ShopPushResult> {
  const read = await readOrder(policy, credentials, request.orderId);
  if (!read.ok) return read.definite ? { kind: "refused", answer: read.answer } : { kind: "uncertain", answer: read.answer };
  const order = read.order;
  const amount = vendureMinor(request.amount);
  const open = order.payments
    .filter((p) => p.state === "Settled")
    .map((p) => ({ id: p.id, left: p.amount - p.refunds.filter((r) => r.state !== "Failed").reduce((s, r) => s + r.total, 0) }));
  const payment = open.find((p) => p.left >= amount);
  if (!payment) {
    const most = Math.max(0, ...open.map((p) => p.left));
    return {
      kind: "refused",
      answer:
        `Vendure can refund at most ${vendureAmount(most)} ${request.currency} on one payment of order ${order.code}; ` +
        `this refund is ${request.amount} ${request.currency}. Refund the rest in Vendure, or lower the return's refund.`,
    };
  }
  const res = await vendureAdmin<{
    refundOrder: { __typename: string; id?: string; state?: string; total?: number; errorCode?: string; message?: string };
  }>(policy, credentials, REFUND, {
    // shipping and adjustment are deprecated, but Vendure 3.7 on SQLite stores them NOT NULL: 0 with the amount.
    input: { paymentId: payment.id, amount, shipping: 0, adjustment: 0, reason: reasonOf(request) },
  });
  if (!res.ok) return { kind: "uncertain", answer: findingEnglish(res.finding) };
  if (isForbidden(res.errors))
    return {
      kind: "refused",
      answer: "Vendure refused the refund: give the API key's role the UpdateOrder permission (Settings → Roles).",
    };
  if (res.errors.length || !res.data)
    return { kind: "uncertain", answer: `Vendure answered with an error: ${res.errors[0]?.message ?? "no data"}` };
  const r = res.data.refundOrder;
  if (r.__typename !== "Refund" || !r.id)
    return { kind: "refused", answer: `Vendure refused the refund on order ${order.code}: ${r.message ?? r.errorCode ?? r.__typename}.` };
  if (r.state === "Failed") return { kind: "refused", answer: `Vendure's payment provider failed refund ${r.id} on order ${order.code}.` };
  return {
    kind: "sent",
    reference: r.id,
    answer: `Vendure made refund ${r.id} of ${vendureAmount(r.total ?? amount)} ${request.currency} on order ${order.code} (${r.state}).`,
  };
}
