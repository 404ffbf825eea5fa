// The connected shop's stock for exchanges. For a return of an order from the connected shop, the exchange picker
// and the check at the return's creation read the variants' saleable units from the shop (its connector's `stock`),
// not Retour's inventory: bounded (SHOP_STOCK_TIMEOUT_MS, SHOP_STOCK_ANSWER_BYTES, 50 SKUs a call), kept briefly per
// process (SHOP_STOCK_CACHE_MS; a failure for FAILURE_CACHE_MS, so a shop that is down is not asked on every page),
// and soft: a shop that does not answer is a state ("shop_unavailable"), not an error, for the picker.
//
// Retour's hold for such an exchange is not a movement of its own inventory (the shop's order holds the units once
// placed): it is the exchange item itself, live until the return names its exchange order. A return is created only
// when the shop's saleable units cover every live unplaced exchange item of the variant, its own included, counted
// while the store's return sequence row is locked, so two shoppers never both take the last unit between creation
// and the exchange order (see the connector guide).
import type { ShopFinding } from "./findings.js";
import type { Services } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
import { decryptSecret } from "../webhooks/crypto.js";
import { SHOP_CONNECTORS } from "./platforms.js";
import { refuse } from "./refusals.js";

export const SHOP_STOCK_TIMEOUT_MS = 5_000;
export const SHOP_STOCK_ANSWER_BYTES = 256 * 1024;
export const SHOP_STOCK_CACHE_MS = 30_000;
const FAILURE_CACHE_MS = 5_000;
/** SKUs a page reads at most (a line offers up to 100 variants), 50 a call, the calls side by side. */
const MAX_SKUS = 200;
const CALL_SKUS = 50;
const CACHE_MAX = 10_000;

/** Where a line's exchange stock comes from (schema.graphql `ExchangeStockSource`). */
export type ShopStock =
  | { source: "retour" }
  | { source: "shop"; platform: string; units: Map<string, number | null> }
  | { source: "shop_unavailable"; platform: string; finding: ShopFinding };

type Cached = { at: number; units: number | null } | { at: number; failed: ShopFinding };
const cache = new Map<string, Cached>();

function remember(key: string, value: Cached) {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
}

/** The connected platform when the order came from it and its connector reads stock; else null (Retour's inventory). */
export async function stockPlatform(db: Pick<TransactionClient, "shopConnection">, storeId: string, provider: string) {
  // An order from no platform Retour reads stock from (a custom or a Shopify order): no connection to look up.
  if (!SHOP_CONNECTORS[provider]?.stock) return null;
  const connection = await db.shopConnection.findUnique({ where: { storeId } });
  const connector = connection ? SHOP_CONNECTORS[connection.platform] : undefined;
  return connection && connector?.stock && connection.platform === provider ? { connection, connector } : null;
}

/**
 * The shop's saleable units of the SKUs (raw: Retour's unplaced exchanges not taken off), or Retour's inventory when the
 * order did not come from the connected shop. `fresh` skips the cache (the check at a return's creation).
 */
export async function readShopStock(
  services: Services,
  storeId: string,
  provider: string,
  skus: string[],
  fresh = false,
): Promise<ShopStock> {
  const found = await stockPlatform(services.db.prisma, storeId, provider);
  if (!found) return { source: "retour" };
  const { connection, connector } = found;
  const wanted = [...new Set(skus)].slice(0, MAX_SKUS);
  const now = Date.now();
  const units = new Map<string, number | null>();
  const missing: string[] = [];
  for (const sku of wanted) {
    const key = `${storeId}|${connection.adminApiUrl}|${sku}`;
    const c = fresh ? undefined : cache.get(key);
    if (c && "failed" in c && now - c.at < FAILURE_CACHE_MS)
      return { source: "shop_unavailable", platform: connection.platform, finding: c.failed };
    if (c && "units" in c && now - c.at < SHOP_STOCK_CACHE_MS) units.set(sku, c.units);
    else missing.push(sku);
  }
  if (missing.length) {
    const credentials = {
      adminApiUrl: connection.adminApiUrl,
      apiKey: decryptSecret(services.config.webhooks.encryptionKey, connection.apiKeyEnc),
    };
    const chunks: string[][] = [];
    for (let i = 0; i < missing.length; i += CALL_SKUS) chunks.push(missing.slice(i, i + CALL_SKUS));
    const answers = await Promise.all(
      chunks.map((chunk) =>
        connector.stock!(services.config.webhooks, credentials, chunk, {
          timeoutMs: SHOP_STOCK_TIMEOUT_MS,
          maxBytes: SHOP_STOCK_ANSWER_BYTES,
        }),
      ),
    );
    const at = Date.now();
    const failed = answers.find((a) => !a.ok);
    if (failed && !failed.ok) {
      for (const sku of missing) remember(`${storeId}|${connection.adminApiUrl}|${sku}`, { at, failed: failed.finding });
      return { source: "shop_unavailable", platform: connection.platform, finding: failed.finding };
    }
    const read = new Map<string, number | null>();
    for (const a of answers) if (a.ok) for (const [sku, n] of a.units) read.set(sku, n);
    for (const sku of missing) {
      // A SKU the shop does not have (or has twice) cannot be placed there: none to offer.
      const n = read.has(sku) ? (read.get(sku) ?? null) : 0;
      units.set(sku, n);
      remember(`${storeId}|${connection.adminApiUrl}|${sku}`, { at, units: n });
    }
  }
  return { source: "shop", platform: connection.platform, units };
}

/** Units of each SKU held by live exchange items of returns of the shop's orders whose exchange order is not placed yet. */
export async function unplacedExchangeUnits(
  db: Pick<TransactionClient, "returnItem" | "product">,
  storeId: string,
  platform: string,
  skus: string[],
): Promise<Map<string, number>> {
  const products = await db.product.findMany({ where: { storeId, sku: { in: skus } }, select: { id: true, sku: true } });
  const held = new Map<string, number>();
  if (!products.length) return held;
  const rows = await db.returnItem.groupBy({
    by: ["exchangeProductId"],
    where: {
      compensation: "exchange",
      status: { not: "rejected" },
      exchangeProductId: { in: products.map((p) => p.id) },
      return: { storeId, status: { notIn: ["deleted", "rejected"] }, exchangeOrderExternalId: null, order: { provider: platform } },
    },
    _sum: { quantity: true },
  });
  const skuOf = new Map(products.map((p) => [p.id, p.sku]));
  for (const r of rows) if (r.exchangeProductId) held.set(skuOf.get(r.exchangeProductId)!, r._sum.quantity ?? 0);
  return held;
}

/** What the picker offers: the shop's units less what Retour's unplaced exchanges already hold of them. */
export async function pickerStock(services: Services, storeId: string, provider: string, skus: string[]): Promise<ShopStock> {
  const stock = await readShopStock(services, storeId, provider, skus);
  if (stock.source !== "shop") return stock;
  const held = await unplacedExchangeUnits(services.db.prisma, storeId, stock.platform, [...stock.units.keys()]);
  const units = new Map<string, number | null>();
  for (const [sku, n] of stock.units) units.set(sku, n == null ? null : Math.max(0, n - (held.get(sku) ?? 0)));
  return { ...stock, units };
}

export interface ShopHoldAsk {
  sku: string;
  /** Where the request names the item (`input.items[0]`), and its line, for the 409. */
  field: string;
  lineItemId: string;
}

/**
 * In the transaction that created the return's items: every live unplaced exchange of each SKU, this return's
 * included, must fit in the units the shop said it can sell. Creations in a store run one after another: the
 * return's number was taken from the store's sequence row (allocateCompatId, src/returns/service.ts) earlier in the
 * same transaction, and that row stays locked until it commits, so the count sees every earlier creation.
 */
export async function holdShopUnits(tx: TransactionClient, storeId: string, stock: ShopStock & { source: "shop" }, asks: ShopHoldAsk[]) {
  if (!asks.length) return;
  const held = await unplacedExchangeUnits(
    tx,
    storeId,
    stock.platform,
    asks.map((a) => a.sku),
  );
  for (const a of asks) {
    const units = stock.units.get(a.sku);
    if (units === null) continue;
    const taken = held.get(a.sku) ?? 0;
    if (units === undefined || taken > units)
      throw refuse("SHOP_EXCHANGE_OUT_OF_STOCK", {
        field: a.field,
        lineItemId: a.lineItemId,
        sku: a.sku,
        units: units ?? 0,
        needed: taken,
      });
  }
}
