// A store's shop connection (one per store): read without its key, set, removed, and tested against the shop.
// The key is encrypted at rest as webhook secrets are (src/webhooks/crypto.ts, WEBHOOK_ENCRYPTION_KEY), returned by
// no read (its last four characters only), kept by a change that sends none only while the URL stays on its origin
// (the same rule as a webhook's bearer token: otherwise a caller who never knew the key could send it elsewhere).
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { refuse, SHOP_REFUSALS } from "./refusals.js";
import { decryptSecret, encryptSecret } from "../webhooks/crypto.js";
import { originOf, urlReason } from "../webhooks/ssrf.js";
import type { ShopPlatform } from "../core/generated/schema.js";
import { findingEnglish } from "./findings.js";
import { SHOP_CONNECTORS } from "./platforms.js";

export interface ShopConnectionInput {
  platform: string;
  adminApiUrl: string;
  apiKey?: string | null;
}

type Row = { storeId: string; platform: string; adminApiUrl: string; apiKeyHint: string; createdAt: Date; updatedAt: Date };

/** The GraphQL shape: never the key. */
function view(row: Row) {
  return {
    storeId: row.storeId,
    platform: row.platform as ShopPlatform,
    adminApiUrl: row.adminApiUrl,
    apiKeyHint: row.apiKeyHint,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ShopConnectionView = ReturnType<typeof view>;

export async function getConnection(ctx: RequestContext, storeId: string): Promise<ShopConnectionView | null> {
  const row = await ctx.prisma.shopConnection.findUnique({ where: { storeId } });
  return row ? view(row) : null;
}

function connectorOf(platform: string) {
  const connector = SHOP_CONNECTORS[platform];
  if (!connector) throw refuse("SHOP_PLATFORM_UNKNOWN", { platform, platforms: Object.keys(SHOP_CONNECTORS).join(", ") });
  return connector;
}

export async function setConnection(ctx: RequestContext, storeId: string, input: ShopConnectionInput): Promise<ShopConnectionView> {
  const connector = connectorOf(input.platform);
  const url = input.adminApiUrl.trim();
  const problems: ReturnType<typeof SHOP_REFUSALS.problem>[] = [];
  const reason = urlReason(url, ctx.config.webhooks);
  if (reason) problems.push(SHOP_REFUSALS.problem("SHOP_URL_REFUSED", { url: url.slice(0, 200), reason, hint: connector.adminApiHint }));
  const key = input.apiKey ?? null;
  if (key !== null && (key.trim().length === 0 || /[\r\n]/.test(key) || key.length > 2048))
    problems.push(SHOP_REFUSALS.problem("SHOP_API_KEY_INVALID", { platform: connector.name, max: 2048 }));
  const existing = await ctx.prisma.shopConnection.findUnique({ where: { storeId } });
  if (key === null && !problems.length) {
    if (!existing) problems.push(SHOP_REFUSALS.problem("SHOP_API_KEY_REQUIRED", { platform: connector.name }));
    else if (originOf(existing.adminApiUrl) !== originOf(url) || existing.platform !== input.platform)
      problems.push(SHOP_REFUSALS.problem("SHOP_API_KEY_REQUIRED_MOVED", { from: originOf(existing.adminApiUrl), to: originOf(url) }));
  }
  if (problems.length) throw fail.badInputs(problems);
  const data = { platform: input.platform, adminApiUrl: url };
  if (key === null) {
    // Only the row checked above is changed (same origin, same platform): a removal in between changes nothing.
    const { count } = await ctx.prisma.shopConnection.updateMany({
      where: { storeId, platform: input.platform, adminApiUrl: existing?.adminApiUrl ?? "" },
      data,
    });
    if (count === 0) throw fail.badInputs([SHOP_REFUSALS.problem("SHOP_CONNECTION_CHANGED")]);
    return view(await ctx.prisma.shopConnection.findUniqueOrThrow({ where: { storeId } }));
  }
  const sealed = { apiKeyEnc: encryptSecret(ctx.config.webhooks.encryptionKey, key.trim()), apiKeyHint: key.trim().slice(-4) };
  // Another shop (or the first): the order sync follows its changes from now on; earlier orders come by import.
  const fresh = { syncedThrough: new Date(), syncedIds: "[]", lastSyncError: null };
  const moved = !existing || existing.adminApiUrl !== url || existing.platform !== input.platform;
  const row = await ctx.prisma.shopConnection.upsert({
    where: { storeId },
    create: { storeId, ...data, ...sealed, ...fresh },
    update: { ...data, ...sealed, ...(moved ? fresh : {}) },
  });
  return view(row);
}

export async function removeConnection(ctx: RequestContext, storeId: string): Promise<boolean> {
  const [{ count }] = await ctx.prisma.$transaction([
    ctx.prisma.shopConnection.deleteMany({ where: { storeId } }),
    ctx.prisma.shopOrderSyncError.deleteMany({ where: { storeId } }),
  ]);
  return count > 0;
}

/** Calls the shop with the stored connection and says what works and what does not: as a code (`finding`), and in English. */
export async function testConnection(ctx: RequestContext, storeId: string) {
  const row = await ctx.prisma.shopConnection.findUnique({ where: { storeId } });
  if (!row) throw refuse("SHOP_NO_CONNECTION", { action: "test it" });
  const connector = connectorOf(row.platform);
  const apiKey = decryptSecret(ctx.config.webhooks.encryptionKey, row.apiKeyEnc);
  const result = await connector.test(ctx.config.webhooks, { adminApiUrl: row.adminApiUrl, apiKey });
  return { ...result, message: findingEnglish(result.finding), testedAt: new Date() };
}
