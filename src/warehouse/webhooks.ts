// The warehouse platform's webhooks (kind "loop"): subscriptions in its terms (topic, trigger, url,
// status; an integer id per store), the store's account with it (`shop_id` and the ONE signing secret
// of all its loop webhooks, shown once) — see facades/dashboard/guides/warehouse-webhooks.md.
// Delivery is the webhooks domain's (src/webhooks: outbox.ts, dispatcher.ts); the format is in webhook-format.ts.
import { refuse, WAREHOUSE_REFUSALS } from "./request-refusals.js";
import type { RequestContext } from "../core/context.js";
import { fail, type FieldProblem } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { isUniqueViolation } from "../core/db-errors.js";
import type { TransactionClient } from "../db/client.js";
import { decryptSecret, encryptSecret } from "../webhooks/crypto.js";
import { urlReason } from "../webhooks/ssrf.js";
import { randomBytes, randomInt } from "node:crypto";
import { removeWebhook } from "../webhooks/service.js";
import { holdStoreWebhookLimit } from "../webhooks/store-limit.js";
import { warehouseStore } from "./rules.js";

/** The platform's topics Retour has the facts for, each with its triggers (the dashboard's pickers read it: `warehouseWebhookTopics`). */
export const WAREHOUSE_TOPIC_TRIGGERS: readonly { topic: string; triggers: readonly string[] }[] = [
  { topic: "return", triggers: ["return.created", "return.updated", "return.closed"] },
  { topic: "return.processing", triggers: ["return.processing.failed"] },
  // A label Retour issued (label.created), and its parcel moving on (label.updated: in transit, delivered).
  { topic: "label", triggers: ["label.created", "label.updated"] },
];
export const WAREHOUSE_TOPICS = WAREHOUSE_TOPIC_TRIGGERS.map((t) => t.topic);
export const WAREHOUSE_TRIGGERS = WAREHOUSE_TOPIC_TRIGGERS.flatMap((t) => t.triggers);
/**
 * The platform's other topics, Retour having no facts for them (restocks are not asked of a shop by webhook, labels
 * are not requested from a third party, no gift card is requested, no Happy Returns shipment exists): named in
 * refusals so a caller knows they exist but are not sent.
 */
const UNSUPPORTED_TOPICS = ["restock", "label.request", "giftcard", "happy.returns.shipment"];
export const WAREHOUSE_STATUSES = ["active", "inactive"];

export interface WarehouseWebhookInput {
  topic: string;
  trigger: string;
  url: string;
  status?: string | null;
}

const problem = WAREHOUSE_REFUSALS.problem;
const unknownValue = (field: string, values: readonly string[], unsent = "") =>
  problem("WAREHOUSE_WEBHOOK_VALUE_UNKNOWN", { field, values: values.join(","), unsent });

/** Every problem of the input at once (the platform's 422 names each bad field). */
function check(ctx: RequestContext, input: WarehouseWebhookInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ["topic", "trigger", "url"] as const)
    if (!input[field]) problems.push(problem("WAREHOUSE_WEBHOOK_FIELD_REQUIRED", { field }));
  if (input.topic && !WAREHOUSE_TOPICS.includes(input.topic))
    problems.push(unknownValue("topic", WAREHOUSE_TOPICS, UNSUPPORTED_TOPICS.includes(input.topic) ? input.topic : ""));
  if (input.trigger && !WAREHOUSE_TRIGGERS.includes(input.trigger)) problems.push(unknownValue("trigger", WAREHOUSE_TRIGGERS));
  const reason = input.url ? urlReason(input.url, ctx.config.webhooks) : null;
  if (reason) problems.push(problem("WAREHOUSE_WEBHOOK_URL_REFUSED", { reason }));
  if (input.status != null && !WAREHOUSE_STATUSES.includes(input.status)) problems.push(unknownValue("status", WAREHOUSE_STATUSES));
  return problems;
}

function notFound(platformId: number) {
  return refuse("WAREHOUSE_WEBHOOK_NOT_FOUND", { platformId });
}

// ─── The store's account: shop_id and signing secret ─────────────────────────

/** A secret of the platform's look: 40 URL-safe characters, no prefix (consumers paste it as is). */
function newPlatformSecret(): string {
  return randomBytes(30).toString("base64url");
}

/**
 * A new store's `shop_id`: random, not a deployment-wide counter, so it tells a tenant nothing about
 * how many stores there are or when they joined (as the per-store numbering of compat ids). Unique
 * (a collision is a unique violation, retried by withAccountRetry); at least six digits, a GraphQL Int.
 */
function newShopId(): number {
  return randomInt(100_000, 2_147_483_647);
}

/** The store's account, made (with a new, not yet shown secret) when missing; inside the caller's transaction. Its shop_id never changes. */
export async function ensureAccount(tx: TransactionClient, storeId: string, key: string) {
  const existing = await tx.warehouseAccount.findUnique({ where: { storeId } });
  if (existing) return existing;
  const secret = newPlatformSecret();
  return tx.warehouseAccount.create({
    data: { storeId, shopId: newShopId(), secretEnc: encryptSecret(key, secret), secretHint: secret.slice(-4) },
  });
}

/**
 * Runs `fn` in a transaction, again if a racing request inserted the same first row meanwhile (the
 * store's account, or a counter's row): the retry finds the row and takes its lock instead. A new
 * account's shop_id taken by another store is a unique violation too: the retry draws another.
 */
async function withAccountRetry<T>(ctx: RequestContext, fn: (tx: TransactionClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.prisma.$transaction(fn);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

export async function signingSecretOf(ctx: RequestContext, storeId: string) {
  const account = await ctx.prisma.warehouseAccount.findUnique({ where: { storeId } });
  return account ? { hint: account.secretHint, createdAt: account.secretCreatedAt, shown: account.secretShownAt !== null } : null;
}

/** Shows the secret once (making it if the store has none); afterwards 409. */
export async function revealSigningSecret(ctx: RequestContext, storeId: string) {
  const key = ctx.config.webhooks.encryptionKey;
  return withAccountRetry(ctx, async (tx) => {
    const account = await ensureAccount(tx, storeId, key);
    // Compare-and-set: of two racing reveals one shows the secret, the other is told it was shown.
    const won = await tx.warehouseAccount.updateMany({ where: { storeId, secretShownAt: null }, data: { secretShownAt: new Date() } });
    if (won.count === 0) throw refuse("WAREHOUSE_SECRET_SHOWN");
    return { secret: decryptSecret(key, account.secretEnc), hint: account.secretHint, createdAt: account.secretCreatedAt };
  });
}

/** A new secret, shown once; every later attempt of every delivery is signed with it. */
export async function rotateSigningSecret(ctx: RequestContext, storeId: string) {
  const key = ctx.config.webhooks.encryptionKey;
  const secret = newPlatformSecret();
  const now = new Date();
  const account = await withAccountRetry(ctx, async (tx) => {
    await ensureAccount(tx, storeId, key);
    return tx.warehouseAccount.update({
      where: { storeId },
      data: { secretEnc: encryptSecret(key, secret), secretHint: secret.slice(-4), secretCreatedAt: now, secretShownAt: now },
    });
  });
  return { secret, hint: account.secretHint, createdAt: account.secretCreatedAt };
}

/** The store's `shop_id` (null before its first loop webhook or secret). */
export async function shopIdOf(ctx: RequestContext, storeId: string): Promise<number | null> {
  return ctx.loaders
    .get("warehouseShopId", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.warehouseAccount.findMany({
        where: { storeId: { in: [...ids] } },
        select: { storeId: true, shopId: true },
      });
      const by = new Map(rows.map((r) => [r.storeId, r.shopId]));
      return ids.map((id) => by.get(id) ?? null);
    })
    .load(storeId);
}

// ─── Subscriptions ────────────────────────────────────────────────────────────

// `storeId` may be omitted by credentials that reach one store (warehouseStore), as on the warehouse door.

export function listWarehouseWebhooks(ctx: RequestContext, storeIdArg?: string | null) {
  const storeId = warehouseStore(ctx, storeIdArg);
  return ctx.prisma.webhook.findMany({ where: { storeId, kind: "loop" }, orderBy: [{ createdAt: "asc" }, { platformId: "asc" }] });
}

/** A new subscription, `inactive` unless the input says otherwise (the platform's default). */
export async function createWarehouseWebhook(ctx: RequestContext, storeIdArg: string | null | undefined, input: WarehouseWebhookInput) {
  const storeId = warehouseStore(ctx, storeIdArg);
  const problems = check(ctx, input);
  if (problems.length) throw fail.badInputs(problems);
  const key = ctx.config.webhooks.encryptionKey;
  return withAccountRetry(ctx, async (tx) => {
    await holdStoreWebhookLimit(tx, ctx, storeId, () =>
      fail.badInputs([problem("WAREHOUSE_WEBHOOK_LIMIT", { max: LIST_BOUNDS.storeWebhooks })]),
    );
    const account = await ensureAccount(tx, storeId, key);
    const seq = await tx.compatSequence.upsert({
      where: { name: `webhook:${storeId}` },
      create: { name: `webhook:${storeId}`, next: 2 },
      update: { next: { increment: 1 } },
    });
    return tx.webhook.create({
      data: {
        id: newId("wh"),
        storeId,
        kind: "loop",
        topic: input.topic,
        trigger: input.trigger,
        status: input.status ?? "inactive",
        platformId: seq.next - 1,
        callbackUrl: input.url,
        // Loop deliveries are signed with the account's secret; this column keeps the account's at creation (unused).
        signingSecretEnc: account.secretEnc,
      },
    });
  });
}

async function findLoop(ctx: RequestContext, storeIdArg: string | null | undefined, platformId: number) {
  const storeId = warehouseStore(ctx, storeIdArg);
  const webhook = await ctx.prisma.webhook.findFirst({ where: { storeId, kind: "loop", platformId } });
  if (!webhook) throw notFound(platformId);
  return webhook;
}

/** The platform's PUT: topic, trigger and url replaced; `status` omitted keeps it. Activating does not backfill. */
export async function updateWarehouseWebhook(
  ctx: RequestContext,
  storeId: string | null | undefined,
  platformId: number,
  input: WarehouseWebhookInput,
) {
  const existing = await findLoop(ctx, storeId, platformId);
  const problems = check(ctx, input);
  if (problems.length) throw fail.badInputs(problems);
  return ctx.prisma.webhook.update({
    where: { id: existing.id },
    data: { topic: input.topic, trigger: input.trigger, callbackUrl: input.url, status: input.status ?? existing.status },
  });
}

/** Deletes the subscription and what it still had to send (as deleteWebhook). */
export async function deleteWarehouseWebhook(ctx: RequestContext, storeId: string | null | undefined, platformId: number) {
  const existing = await findLoop(ctx, storeId, platformId);
  return removeWebhook(ctx, existing.id);
}
