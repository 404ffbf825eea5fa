// Store credit a Vendure checkout accepts: a promotion whose coupon code is the gift card's code (the one the shopper
// reads), a fixed discount of the card's whole amount (order_fixed_discount, at most the order's subtotal), usable
// once (usageLimit 1). The ledger entry's id is in the promotion's name, so a retry recognises its own promotion,
// and a coupon code Vendure already holds for something else is refused in words. The key's role needs
// ReadPromotion and CreatePromotion.
import { findingEnglish } from "../findings.js";
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCreditRequest, ShopCredentials, ShopPushLookup, ShopPushResult } from "../connector.js";
import { isForbidden, vendureAdmin } from "./admin-api.js";
import { vendureMinor } from "./refunds.js";

const FIND = `query RetourFindCredit($code: String!) {
  promotions(options: { filter: { couponCode: { eq: $code } } }) { items { id name couponCode } }
}`;

const CREATE = `mutation RetourCredit($input: CreatePromotionInput!) {
  createPromotion(input: $input) { __typename ... on Promotion { id couponCode } ... on ErrorResult { errorCode message } }
}`;

const PERMISSION = "Vendure refused the key: give its role ReadPromotion and CreatePromotion (Settings → Roles).";
const nameOf = (r: ShopCreditRequest) => `Store credit ${r.code} (${r.marker})`;

export async function vendureFindCredit(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopCreditRequest,
): Promise<ShopPushLookup> {
  const res = await vendureAdmin<{ promotions: { items: { id: string; name: string; couponCode: string | null }[] } }>(
    policy,
    credentials,
    FIND,
    { code: request.code },
  );
  if (!res.ok) return { kind: "uncertain", answer: findingEnglish(res.finding) };
  if (isForbidden(res.errors)) return { kind: "uncertain", answer: PERMISSION };
  if (res.errors.length || !res.data)
    return { kind: "uncertain", answer: `Vendure answered with an error: ${res.errors[0]?.message ?? "no data"}` };
  const same = res.data.promotions.items.filter((p) => p.couponCode === request.code);
  const mine = same.find((p) => p.name.includes(request.marker));
  if (mine)
    return { kind: "found", reference: mine.id, answer: `Vendure already holds promotion ${mine.id} with coupon code ${request.code}.` };
  if (same.length)
    return { kind: "uncertain", answer: `Vendure already has a promotion with coupon code ${request.code} that Retour did not make.` };
  return { kind: "none" };
}

export async function vendureIssueCredit(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopCreditRequest,
): Promise<ShopPushResult> {
  const taken = await vendureFindCredit(policy, credentials, request);
  if (taken.kind === "found") return { kind: "sent", reference: taken.reference, answer: taken.answer };
  if (taken.kind === "uncertain")
    return /did not make|ReadPromotion/.test(taken.answer) ? { kind: "refused", answer: taken.answer } : taken;
  const res = await vendureAdmin<{ createPromotion: { __typename: string; id?: string; errorCode?: string; message?: string } }>(
    policy,
    credentials,
    CREATE,
    {
      input: {
        enabled: true,
        couponCode: request.code,
        usageLimit: 1,
        perCustomerUsageLimit: 1,
        conditions: [],
        actions: [{ code: "order_fixed_discount", arguments: [{ name: "discount", value: String(vendureMinor(request.amount)) }] }],
        translations: [{ languageCode: "en", name: nameOf(request), description: request.note }],
      },
    },
  );
  if (!res.ok) return { kind: "uncertain", answer: findingEnglish(res.finding) };
  if (isForbidden(res.errors)) return { kind: "refused", answer: PERMISSION };
  if (res.errors.length || !res.data)
    return { kind: "uncertain", answer: `Vendure answered with an error: ${res.errors[0]?.message ?? "no data"}` };
  const made = res.data.createPromotion;
  if (made.__typename !== "Promotion" || !made.id)
    return { kind: "refused", answer: `Vendure refused the promotion: ${made.message ?? made.errorCode ?? made.__typename}.` };
  return {
    kind: "sent",
    reference: made.id,
    answer: `Vendure made promotion ${made.id}: coupon code ${request.code}, ${request.amount} ${request.currency} off one order, usable once.`,
  };
}
