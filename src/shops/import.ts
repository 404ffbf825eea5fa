// Orders in from the connected shop: the shop's placed orders of the last N days, read page by page through the
// platform's connector and written through the core's order upsert (src/orders/service.ts, the one the REST order
// sync uses), keyed by the shop's order id with the platform as provider, so importing again updates instead of
// doubling. An order that cannot be written (its mapping or the upsert refuses it) is kept in ShopOrderSyncError
// with the reason, for the dashboard, and the others go on; it leaves that table when it comes in.
import type { RequestContext } from "../core/context.js";
import { DomainError } from "../core/errors.js";
import type { Refusal } from "../core/errors.js";
import { findingAsParams } from "./findings.js";
import { refuse, SHOP_REFUSALS } from "./refusals.js";
import { isStorageUnavailable } from "../core/db-errors.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { upsertOrder } from "../orders/service.js";
import { decryptSecret } from "../webhooks/crypto.js";
import type { ShopOrder } from "./connector.js";
import { SHOP_CONNECTORS } from "./platforms.js";

/** Orders read per call to the shop. */
const PAGE = 50;
/** The most orders one import brings in; `more` says when the shop holds more (import fewer days, or again). */
export const IMPORT_MAX_ORDERS = 1000;

export interface ShopOrderImport {
  /** Placed orders the shop holds in the period. */
  found: number;
  imported: number;
  created: number;
  failed: number;
  more: boolean;
}

export async function importShopOrders(ctx: RequestContext, storeId: string, days: number): Promise<ShopOrderImport> {
  const row = await ctx.prisma.shopConnection.findUnique({ where: { storeId } });
  if (!row) throw refuse("SHOP_NO_CONNECTION", { action: "import orders from it" });
  const connector = SHOP_CONNECTORS[row.platform];
  const credentials = { adminApiUrl: row.adminApiUrl, apiKey: decryptSecret(ctx.config.webhooks.encryptionKey, row.apiKeyEnc) };
  const placedAfter = new Date(Date.now() - days * 86_400_000);
  const result: ShopOrderImport = { found: 0, imported: 0, created: 0, failed: 0, more: false };
  for (let skip = 0; ; ) {
    const page = await connector.orders(ctx.config.webhooks, credentials, {
      placedAfter,
      skip,
      take: Math.min(PAGE, IMPORT_MAX_ORDERS - skip),
    });
    if (!page.ok) throw refuse("SHOP_ORDERS_UNAVAILABLE", { imported: result.imported, ...findingAsParams(page.finding) });
    result.found = page.total;
    for (const order of page.orders) {
      const written = await writeShopOrder(ctx, storeId, order);
      if (written === "failed") result.failed++;
      else {
        result.imported++;
        if (written === "created") result.created++;
      }
    }
    skip += page.orders.length;
    if (page.orders.length === 0 || skip >= page.total) break;
    if (skip >= IMPORT_MAX_ORDERS) {
      result.more = true;
      break;
    }
  }
  return result;
}

/**
 * One order of the shop written through the core's order upsert; when it cannot be, its reason is kept (the
 * dashboard shows it) and the caller goes on with the next. Only storage being unavailable stops the caller.
 */
export async function writeShopOrder(ctx: RequestContext, storeId: string, order: ShopOrder): Promise<"created" | "updated" | "failed"> {
  try {
    const written = await upsertOrder(ctx, storeId, order.input(), "UPSERT");
    await ctx.prisma.shopOrderSyncError.deleteMany({ where: { storeId, externalOrderId: order.externalId } });
    return written.created ? "created" : "updated";
  } catch (err) {
    if (isStorageUnavailable(err)) throw err;
    // A refusal of the core is kept as its code and parameters (and its English); anything else is logged, and
    // kept as SHOP_ORDER_NOT_WRITTEN without its details.
    const refusal = (err instanceof DomainError && (err.extensions.refusal as Refusal | undefined)) || {
      code: "SHOP_ORDER_NOT_WRITTEN",
      params: {},
    };
    const message = err instanceof DomainError ? err.message : SHOP_REFUSALS.detail("SHOP_ORDER_NOT_WRITTEN");
    if (!(err instanceof DomainError)) ctx.log.error({ err, storeId, shopOrder: order.externalId }, "shop order import failed");
    const data = {
      orderName: order.name.slice(0, 255),
      message: message.slice(0, 2000),
      code: refusal.code,
      params: paramsText(refusal.params),
      occurredAt: new Date(),
    };
    await ctx.prisma.shopOrderSyncError.upsert({
      where: { storeId_externalOrderId: { storeId, externalOrderId: order.externalId } },
      create: { storeId, externalOrderId: order.externalId, ...data },
      update: data,
    });
    return "failed";
  }
}

/** A refusal's parameters as kept (JSON, a few hundred characters at most; none past 4 000). */
const paramsText = (params: Record<string, unknown>) => {
  const text = JSON.stringify(params);
  return text.length <= 4000 ? text : "{}";
};

/** A kept error's refusal as the API gives it (its parameters as name and text), or null for a row kept before codes. */
export function syncErrorRefusal(row: { code?: string | null; params?: string | null }) {
  if (!row.code) return null;
  const params = JSON.parse(row.params || "{}") as Record<string, string | number>;
  const named = Object.entries(params).map(([name, value]) => ({ name, value: String(value) }));
  return { code: row.code, params: named.slice(0, 10) };
}

/** The shop's orders that could not be brought in, newest failure first. */
export function syncErrors(ctx: RequestContext, storeId: string) {
  return ctx.prisma.shopOrderSyncError.findMany({
    where: { storeId },
    orderBy: [{ occurredAt: "desc" }, { externalOrderId: "asc" }],
    take: LIST_BOUNDS.shopSyncErrors,
  });
}
