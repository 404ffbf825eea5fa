// A restocked return item's units back in Vendure's stock. Vendure 3.7's Admin API sets a variant's stock on hand
// (updateProductVariants stockOnHand: Vendure records the difference as a StockAdjustment movement) and offers no
// relative adjustment and no note on a movement. So each attempt first keeps a checkpoint (the highest adjustment id
// the variant has, remembered in Retour before Vendure is changed), then sets stock on hand to what it read plus the
// units; an attempt after that looks for an adjustment of exactly those units made after the checkpoint and takes it
// as its own instead of adding them again. The key's role needs ReadCatalog and UpdateCatalog (or UpdateProduct).
import { findingEnglish } from "../findings.js";
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCredentials, ShopPushResult, ShopRestockRequest } from "../connector.js";
import { isForbidden, vendureAdmin } from "./admin-api.js";

const PERMISSION = "Vendure refused the key: give its role ReadCatalog and UpdateCatalog (Settings → Roles).";

const VARIANT = `query RetourRestockVariant($sku: String!, $skip: Int!) {
  productVariants(options: { filter: { sku: { eq: $sku } }, take: 2 }) {
    items { id sku stockOnHand trackInventory
      stockMovements(options: { type: ADJUSTMENT, skip: $skip, take: 1000 }) { totalItems items { ... on StockAdjustment { id quantity } } } }
  }
}`;
const SET = `mutation RetourRestock($i: [UpdateProductVariantInput!]!) { updateProductVariants(input: $i) { id stockOnHand } }`;

interface Variant {
  id: string;
  sku: string;
  stockOnHand: number;
  trackInventory: string;
  stockMovements: { totalItems: number; items: { id?: string; quantity?: number }[] };
}

/** Vendure's ids are numbers by default (its AutoIncrementIdStrategy); compared as such, else as strings of one length. */
const after = (id: string, checkpoint: string) =>
  /^\d+$/.test(id) && /^\d+$/.test(checkpoint) ? BigInt(id) > BigInt(checkpoint) : id.length === checkpoint.length && id > checkpoint;

async function readVariant(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  sku: string,
): Promise<{ ok: true; variant: Variant; adjustments: { id: string; quantity: number }[] } | { ok: false; result: ShopPushResult }> {
  const adjustments: { id: string; quantity: number }[] = [];
  // Every adjustment of the variant, a thousand a page (Vendure lists them in no stated order).
  for (let skip = 0; ; skip += 1000) {
    const res = await vendureAdmin<{ productVariants: { items: Variant[] } }>(policy, credentials, VARIANT, { sku, skip });
    if (!res.ok) return { ok: false, result: { kind: "uncertain", answer: findingEnglish(res.finding) } };
    if (isForbidden(res.errors)) return { ok: false, result: { kind: "refused", answer: PERMISSION } };
    if (res.errors.length || !res.data)
      return { ok: false, result: { kind: "uncertain", answer: `Vendure answered with an error: ${res.errors[0]?.message ?? "no data"}` } };
    const match = res.data.productVariants.items.filter((v) => v.sku === sku);
    if (match.length !== 1)
      return {
        ok: false,
        result: {
          kind: "refused",
          answer: `Vendure has ${match.length ? "more than one variant" : "no variant"} with SKU ${sku}: restock it by hand.`,
        },
      };
    const v = match[0];
    for (const m of v.stockMovements.items)
      if (m.id && typeof m.quantity === "number") adjustments.push({ id: m.id, quantity: m.quantity });
    if (skip + 1000 >= v.stockMovements.totalItems || skip >= 10_000) return { ok: true, variant: v, adjustments };
  }
}

export async function vendureRestock(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  request: ShopRestockRequest,
  checkpoint: string | null,
  remember: (checkpoint: string) => Promise<boolean>,
): Promise<ShopPushResult> {
  const read = await readVariant(policy, credentials, request.sku);
  if (!read.ok) return read.result;
  const { variant, adjustments } = read;
  if (variant.trackInventory === "FALSE")
    return { kind: "sent", reference: variant.id, answer: `Vendure does not track the stock of ${request.sku}: nothing to add.` };
  if (checkpoint !== null) {
    const mine = adjustments.find((a) => a.quantity === request.quantity && after(a.id, checkpoint));
    if (mine)
      return {
        kind: "sent",
        reference: variant.id,
        answer: `Vendure already holds stock adjustment ${mine.id} of +${request.quantity} on ${request.sku} (stock on hand ${variant.stockOnHand}).`,
      };
  }
  const highest = adjustments.reduce<string>((top, a) => (top === "" || after(a.id, top) ? a.id : top), "");
  if (!(await remember(highest || "0"))) return { kind: "uncertain", answer: "Another attempt took this restock over." };
  const to = variant.stockOnHand + request.quantity;
  const set = await vendureAdmin<{ updateProductVariants: { id: string; stockOnHand: number }[] }>(policy, credentials, SET, {
    i: [{ id: variant.id, stockOnHand: to }],
  });
  if (!set.ok) return { kind: "uncertain", answer: findingEnglish(set.finding) };
  if (isForbidden(set.errors)) return { kind: "refused", answer: PERMISSION };
  if (set.errors.length || !set.data)
    return { kind: "uncertain", answer: `Vendure answered with an error: ${set.errors[0]?.message ?? "no data"}` };
  return {
    kind: "sent",
    reference: variant.id,
    answer: `Vendure's stock of ${request.sku} went from ${variant.stockOnHand} to ${set.data.updateProductVariants[0]?.stockOnHand ?? to} (+${request.quantity}).`,
  };
}
