// The stock Vendure can still sell of some variants, by SKU, for the exchange picker and the check at a return's
// creation (src/shops/stock.ts). Vendure sells a tracked variant down to its out-of-stock threshold: saleable units
// are stock on hand less allocated less the threshold, summed over its stock locations (Vendure's default strategy);
// a variant it does not track (trackInventory FALSE, or INHERIT with the global setting off) is never short (null).
// globalSettings needs only an accepted key; productVariants needs ReadCatalog.
import type { UrlPolicy } from "../../webhooks/ssrf.js";
import type { ShopCredentials, ShopStockAnswer } from "../connector.js";
import { isForbidden, vendureAdmin } from "./admin-api.js";

const STOCK = `query RetourStock($skus: [String!]!, $take: Int!) {
  globalSettings { trackInventory outOfStockThreshold }
  productVariants(options: { filter: { sku: { in: $skus } }, take: $take }) {
    items { sku trackInventory useGlobalOutOfStockThreshold outOfStockThreshold stockLevels { stockOnHand stockAllocated } }
  }
}`;

interface Variant {
  sku: string;
  trackInventory: "TRUE" | "FALSE" | "INHERIT";
  useGlobalOutOfStockThreshold: boolean;
  outOfStockThreshold: number;
  stockLevels: { stockOnHand: number; stockAllocated: number }[];
}

/** Saleable units per SKU (null: not tracked); a SKU Vendure does not have, or has twice, is left out (not offered). */
export async function vendureStock(
  policy: UrlPolicy,
  credentials: ShopCredentials,
  skus: string[],
  limits: { timeoutMs: number; maxBytes: number },
): Promise<ShopStockAnswer> {
  const res = await vendureAdmin<{
    globalSettings: { trackInventory: boolean; outOfStockThreshold: number };
    productVariants: { items: Variant[] };
  }>(policy, credentials, STOCK, { skus, take: Math.min(100, skus.length * 2) }, limits);
  if (!res.ok) return { ok: false, finding: res.finding };
  if (isForbidden(res.errors))
    return {
      ok: false,
      finding: { code: "SHOP_CANNOT_READ_STOCK", params: { platform: "Vendure", permission: "ReadCatalog", where: "Settings → Roles" } },
    };
  if (res.errors.length || !res.data)
    return {
      ok: false,
      finding: { code: "SHOP_ANSWERED_ERROR", params: { url: credentials.adminApiUrl, error: res.errors[0]?.message ?? "no data" } },
    };
  const global = res.data.globalSettings;
  const seen = new Map<string, number>();
  for (const v of res.data.productVariants.items) seen.set(v.sku, (seen.get(v.sku) ?? 0) + 1);
  const units = new Map<string, number | null>();
  for (const v of res.data.productVariants.items) {
    if (seen.get(v.sku) !== 1 || !skus.includes(v.sku)) continue;
    const tracked = v.trackInventory === "TRUE" || (v.trackInventory === "INHERIT" && global.trackInventory);
    if (!tracked) {
      units.set(v.sku, null);
      continue;
    }
    const threshold = v.useGlobalOutOfStockThreshold ? global.outOfStockThreshold : v.outOfStockThreshold;
    const free = v.stockLevels.reduce((n, l) => n + l.stockOnHand - l.stockAllocated, 0) - threshold;
    units.set(v.sku, Math.max(0, free));
  }
  return { ok: true, units };
}
