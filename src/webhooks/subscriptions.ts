// Webhook subscriptions: create (idempotent, or an update by external id, with an optional backfill),
// read, update and delete. Replay is in replay.ts, the delivery log in delivery-log.ts, delivery itself in
// dispatcher.ts.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { decryptSecret, encryptSecret, newSigningSecret } from "./crypto.js";
import { topicNames, topicOf } from "./topics.js";
import { holdStoreWebhookLimit } from "./store-limit.js";
import { deliveryFormats, formatOf } from "./formats.js";
import { checkCallback, checkExternalId, type CallbackInput, tokenToStore } from "./callback.js";
import { backfill } from "./backfill.js";

/** Retour's own kind and every registered format's (formats.ts). */
const kinds = () => ["redo", ...deliveryFormats().map((f) => f.kind)];

export interface CreateWebhookInput {
  topic: string;
  callback: CallbackInput;
  kind?: string | null;
  externalId?: string | null;
  backfill?: boolean | null;
}

export interface UpdateWebhookInput {
  callback: CallbackInput;
  externalId?: string | null;
}

type WebhookRow = {
  id: string;
  storeId: string;
  topic: string;
  kind: string;
  externalId: string | null;
  callbackUrl: string;
  authTokenEnc: string | null;
  signingSecretEnc: string;
  createdAt: Date;
  updatedAt: Date;
};

export function notFound(id: string) {
  return refuse("WEBHOOK_NOT_FOUND", { id });
}

/** Creates a webhook (or updates the one with the same externalId); `idempotencyKey` as for every creating POST. */
export async function createWebhook(ctx: RequestContext, storeId: string, input: CreateWebhookInput, idempotencyKey?: string | null) {
  const { result, replayed } = await idempotent<{ id: string; created: boolean }>(
    ctx,
    { storeId, operation: "createWebhook", key: idempotencyKey, request: input },
    async (claim) => {
      const out = await createWebhookOnce(ctx, storeId, input, claim);
      return { id: out.webhook.id, created: out.created };
    },
  );
  const webhook = await ctx.prisma.webhook.findFirst({ where: { id: result.id, storeId } });
  if (!webhook) throw refuse("WEBHOOK_DELETED_SINCE", { id: result.id });
  // The signing secret is in the creation response only; a replay of that response repeats it to the same caller.
  const signingSecret = result.created ? decryptSecret(ctx.config.webhooks.encryptionKey, webhook.signingSecretEnc) : null;
  return { webhook, created: result.created, signingSecret, replayed };
}

async function createWebhookOnce(
  ctx: RequestContext,
  storeId: string,
  input: CreateWebhookInput,
  claim: IdempotencyClaim<{ id: string; created: boolean }>,
) {
  const topic = topicOf(input.topic);
  if (!topic) throw refuse("WEBHOOK_TOPIC_UNKNOWN", { value: input.topic, topics: topicNames().join(", ") });
  const kind = input.kind ?? "redo";
  // A webhook of a registered format needs its trigger and status: its domain has its own operations.
  const format = formatOf(kind);
  if (format) throw refuse("WEBHOOK_KIND_OWN_CREATE", { kind, owner: format.owner, operation: format.createOperation });
  if (!kinds().includes(kind)) throw refuse("WEBHOOK_KIND_UNKNOWN", { value: kind, kinds: kinds().join(", ") });
  const externalId = checkExternalId(input.externalId, "webhook.externalId");
  const { url, token } = checkCallback(ctx, input.callback, "webhook.callback");
  const key = ctx.config.webhooks.encryptionKey;
  const prisma = ctx.prisma;

  const update = async (existing: WebhookRow) => {
    const webhook = await prisma.webhook.update({
      where: { id: existing.id },
      data: {
        topic: topic.name,
        kind,
        callbackUrl: url,
        authTokenEnc: tokenToStore(key, existing, url, token, "webhook.callback"),
      },
    });
    return { webhook, created: false, signingSecret: null as string | null };
  };

  if (externalId !== null) {
    const existing = await prisma.webhook.findFirst({ where: { storeId, externalId } });
    if (existing) return update(existing);
  }
  if (token === undefined) throw refuse("CALLBACK_TOKEN_MASKED_NEW");
  const signingSecret = newSigningSecret();
  let webhook: WebhookRow;
  try {
    webhook = await prisma.$transaction(async (tx) => {
      await holdStoreWebhookLimit(tx, ctx, storeId, () => refuse("TOO_MANY_WEBHOOKS", { max: LIST_BOUNDS.storeWebhooks }));
      const row = await tx.webhook.create({
        data: {
          id: newId("wh"),
          storeId,
          topic: topic.name,
          kind,
          externalId,
          callbackUrl: url,
          authTokenEnc: token === null ? null : encryptSecret(key, token),
          signingSecretEnc: encryptSecret(key, signingSecret),
        },
      });
      await claim.save(tx, { id: row.id, created: true });
      return row;
    });
  } catch (err) {
    // Two racing creates with one externalId: the loser updates the winner's webhook.
    if (externalId !== null && isUniqueViolation(err)) {
      const existing = await prisma.webhook.findFirst({ where: { storeId, externalId } });
      if (existing) return update(existing);
    }
    throw err;
  }
  if (input.backfill) await backfill(ctx.services, webhook);
  return { webhook, created: true, signingSecret };
}

export async function findOwn(ctx: RequestContext, id: string) {
  return ctx.prisma.webhook.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
}

export async function getWebhook(ctx: RequestContext, id: string) {
  return findOwn(ctx, id);
}

/** The store's `redo` webhooks (a registered format's are listed by its domain). */
export async function listWebhooks(ctx: RequestContext, storeId: string) {
  return ctx.prisma.webhook.findMany({ where: { storeId, kind: "redo" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function updateWebhook(ctx: RequestContext, id: string, input: UpdateWebhookInput) {
  const existing = await findOwn(ctx, id);
  if (!existing) throw notFound(id);
  const format = formatOf(existing.kind);
  if (format)
    throw refuse("WEBHOOK_KIND_OWN_UPDATE", {
      id: existing.id,
      kind: existing.kind,
      owner: format.owner,
      platformId: String(existing.platformId),
      operation: format.updateOperation,
    });
  const { url, token } = checkCallback(ctx, input.callback, "webhook.callback");
  const externalId = input.externalId === undefined ? existing.externalId : checkExternalId(input.externalId, "webhook.externalId");
  const key = ctx.config.webhooks.encryptionKey;
  try {
    return await ctx.prisma.webhook.update({
      where: { id },
      data: { callbackUrl: url, externalId, authTokenEnc: tokenToStore(key, existing, url, token, "webhook.callback") },
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw refuse("EXTERNAL_ID_TAKEN", { externalId: externalId ?? "" });
    }
    throw err;
  }
}

export async function deleteWebhook(ctx: RequestContext, id: string) {
  const existing = await findOwn(ctx, id);
  if (!existing) throw notFound(id);
  return removeWebhook(ctx, id);
}

/** Deletes a webhook with its log and everything it still had to send, in one transaction. */
export async function removeWebhook(ctx: RequestContext, id: string) {
  await ctx.prisma.$transaction(async (tx) => {
    await tx.webhookAttempt.deleteMany({ where: { webhookId: id } });
    await tx.webhookDelivery.deleteMany({ where: { webhookId: id } });
    await tx.webhookStream.deleteMany({ where: { webhookId: id } });
    await tx.webhook.deleteMany({ where: { id } });
  });
  return { webhookId: id };
}
