// Webhook subscriptions, replay, backfill and the delivery log. Delivery itself is in dispatcher.ts.
import type { RequestContext } from "../core/context.js";
import type { Services } from "../core/context.js";
import { fail } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { eventsCommitted } from "../core/events.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { indexBy, groupBy } from "../core/loaders.js";
import { keysetOrder, paginate, type PageArgs } from "../core/pagination.js";
import { decryptSecret, encryptSecret, newSigningSecret } from "./crypto.js";
import { originOf, urlProblem } from "./ssrf.js";
import { topicNames, topicOf } from "./topics.js";
import { enqueueDelivery } from "./outbox.js";
import { renderSnapshot } from "./payload.js";
import { LIST_BOUNDS, PAGE_SIZES, REPLAY_BOUNDS } from "../core/bounds.js";
import { holdStoreWebhookLimit } from "./store-limit.js";
import { deliveryFormats, formatOf } from "./formats.js";

/** What list/get answer instead of the subscriber's token; sending it back in an update keeps the stored token. */
export const MASKED_TOKEN = "********";
/** Retour's own kind and every registered format's (formats.ts). */
const kinds = () => ["redo", ...deliveryFormats().map((f) => f.kind)];
export const DELIVERY_STATUSES = ["waiting", "pending", "delivered", "discarded"];

export interface CallbackInput {
  url: string;
  auth?: { bearer?: { token?: string | null } | null } | null;
}

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

function notFound(id: string) {
  return fail.notFound("webhooks/not-found", `No webhook ${id} in the stores these credentials can access.`, "Webhook not found");
}

function checkCallback(
  ctx: RequestContext,
  callback: CallbackInput | null | undefined,
  field: string,
): { url: string; token: string | null | undefined } {
  if (!callback || typeof callback.url !== "string") throw fail.badInput(`\`${field}.url\` is required.`, `${field}.url`);
  const problem = urlProblem(callback.url, ctx.config.webhooks);
  if (problem) throw fail.badInput(`\`${field}.url\` ${problem}; got ${JSON.stringify(callback.url.slice(0, 200))}.`, `${field}.url`);
  let token: string | null | undefined = null;
  if (callback.auth) {
    const t = callback.auth.bearer?.token;
    if (typeof t !== "string" || t.length === 0)
      throw fail.badInput(
        `\`${field}.auth.bearer.token\` must be a non-empty string, or send \`${field}.auth: null\`.`,
        `${field}.auth.bearer.token`,
      );
    if (t.length > 2048)
      throw fail.badInput(`\`${field}.auth.bearer.token\` must have at most 2048 characters.`, `${field}.auth.bearer.token`);
    if (/[\r\n]/.test(t)) throw fail.badInput(`\`${field}.auth.bearer.token\` must not contain line breaks.`, `${field}.auth.bearer.token`);
    token = t === MASKED_TOKEN ? undefined : t; // undefined: keep the stored token
  }
  return { url: callback.url, token };
}

/**
 * The token to store. The masked value keeps the stored token only while the callback stays on its
 * origin: otherwise a caller who never knew the token could send it to a host of their choosing.
 */
function tokenToStore(
  key: string,
  existing: { callbackUrl: string; authTokenEnc: string | null },
  url: string,
  token: string | null | undefined,
  field: string,
): string | null {
  if (token === undefined) {
    if (existing.authTokenEnc && originOf(existing.callbackUrl) !== originOf(url)) {
      throw fail.badInput(
        `\`${field}.auth.bearer.token\` is the masked value ${JSON.stringify(MASKED_TOKEN)}, which keeps the stored token only while the callback stays on ${originOf(existing.callbackUrl)}; ` +
          `the new URL is on ${originOf(url)}: send the subscriber's token again, or \`${field}.auth: null\` to send none.`,
        `${field}.auth.bearer.token`,
      );
    }
    return existing.authTokenEnc;
  }
  return token === null ? null : encryptSecret(key, token);
}

function checkExternalId(externalId: string | null | undefined, field: string): string | null {
  if (externalId === null || externalId === undefined) return null;
  if (externalId.length === 0 || externalId.length > 255)
    throw fail.badInput(`\`${field}\` must have 1 to 255 characters, or be null.`, field);
  return externalId;
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
  if (!webhook)
    throw fail.notFound(
      "webhooks/not-found",
      `Webhook ${result.id}, created by the first request with this Idempotency-Key, has been deleted since.`,
      "Webhook not found",
    );
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
  if (!topic)
    throw fail.badInput(
      `\`webhook.topic\` must be one of ${topicNames()
        .map((t) => `\`${t}\``)
        .join(", ")}; got ${JSON.stringify(input.topic)}.`,
      "webhook.topic",
    );
  const kind = input.kind ?? "redo";
  // A webhook of a registered format needs its trigger and status: its domain has its own operations.
  const format = formatOf(kind);
  if (format) throw fail.badInput(format.refuseCreate, "webhook.kind");
  if (!kinds().includes(kind))
    throw fail.badInput(
      `\`webhook.kind\` must be one of ${kinds()
        .map((k) => `\`${k}\``)
        .join(", ")}; got ${JSON.stringify(kind)}.`,
      "webhook.kind",
    );
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
  if (token === undefined)
    throw fail.badInput(
      `\`webhook.callback.auth.bearer.token\` must be the subscriber's token (the masked value only keeps an existing one).`,
      "webhook.callback.auth.bearer.token",
    );
  const signingSecret = newSigningSecret();
  let webhook: WebhookRow;
  try {
    webhook = await prisma.$transaction(async (tx) => {
      await holdStoreWebhookLimit(tx, ctx, storeId, () =>
        fail.badInput(
          `A store may have at most ${LIST_BOUNDS.storeWebhooks} webhooks (\`webhook\`): delete one it no longer needs, or update an existing one (PUT, or create with its \`externalId\`).`,
          "webhook",
          "webhooks/too-many",
        ),
      );
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

/** One `backfill` delivery (a snapshot of now) per existing subject of the topic, to this webhook only. */
async function backfill(services: Services, webhook: WebhookRow) {
  const topic = topicOf(webhook.topic)!;
  const subjects = await topic.listSubjectsForBackfill(services, webhook.storeId);
  const now = new Date();
  for (const subjectId of subjects) {
    const payload = await renderSnapshot(services, {
      storeId: webhook.storeId,
      topic: webhook.topic,
      subjectId,
      type: "backfill",
      at: now,
    });
    await services.db.prisma.$transaction(async (tx) => {
      await enqueueDelivery(tx, {
        webhookId: webhook.id,
        storeId: webhook.storeId,
        eventId: null,
        subjectId,
        type: "backfill",
        payload,
        reason: "backfill",
      });
    });
  }
  if (subjects.length) eventsCommitted(services, webhook.topic);
}

async function findOwn(ctx: RequestContext, id: string) {
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
  if (format) throw fail.badInput(format.refuseUpdate(existing), "id");
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
      throw fail.conflict(
        "webhooks/external-id-taken",
        "External id in use",
        `Another webhook of this store already has externalId ${JSON.stringify(externalId)}; choose another or update that webhook.`,
      );
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

/**
 * Re-delivers, in original order per subject, the events of the webhook's topic in its store that
 * occurred at or after `start`, discarded ones included. Each replayed event is a new delivery
 * (new `webhook-id`) appended to its subject's stream, so it never overtakes what is already queued.
 * Bounded so it cannot flood the dispatcher: `start` within the replay window (RETENTION_EVENTS_DAYS), events that
 * already wait to be sent to this webhook are skipped, and one call queues at most
 * REPLAY_BOUNDS.deliveries, oldest first; `nextStart` then says where the next call continues.
 */
export async function replayWebhook(ctx: RequestContext, id: string, start: Date) {
  const webhook = await findOwn(ctx, id);
  if (!webhook) throw notFound(id);
  if (Number.isNaN(start.getTime())) throw fail.badInput("`start` must be an ISO 8601 date-time.", "start");
  if (start.getTime() > Date.now()) throw fail.badInput("`start` must not be in the future.", "start");
  // The replay window is how long events are kept (RETENTION_EVENTS_DAYS, src/retention): older ones are gone.
  const windowDays = ctx.services.config.retention.eventsDays;
  const oldest = new Date(Date.now() - windowDays * 86_400_000);
  if (start < oldest) {
    throw fail.badInput(
      `\`start\` must be within the last ${windowDays} days, the replay window: events are kept that long (at or after ${oldest.toISOString()}); got ${start.toISOString()}.`,
      "start",
    );
  }
  const prisma = ctx.prisma;
  const triggered = formatOf(webhook.kind) !== undefined;
  let queued = 0;
  let nextStart: Date | null = null;
  let cursor: { occurredAt: Date; id: string } | null = null;
  while (nextStart === null) {
    const c: { occurredAt: Date; id: string } | null = cursor;
    const events: { id: string; subjectId: string; sequence: number; type: string; occurredAt: Date }[] = await prisma.domainEvent.findMany(
      {
        where: {
          storeId: webhook.storeId,
          topic: webhook.topic,
          // A webhook of a registered format gets again the events that fired its trigger.
          ...(triggered ? { platformTriggers: { contains: `,${webhook.trigger},` } } : {}),
          occurredAt: { gte: start },
          ...(c ? { OR: [{ occurredAt: { gt: c.occurredAt } }, { occurredAt: c.occurredAt, id: { gt: c.id } }] } : {}),
        },
        orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
        take: 500,
        select: { id: true, subjectId: true, sequence: true, type: true, occurredAt: true },
      },
    );
    if (!events.length) break;
    cursor = events[events.length - 1];
    const waiting = await prisma.webhookDelivery.findMany({
      where: { webhookId: webhook.id, eventId: { in: events.map((e) => e.id) }, status: { in: ["pending", "waiting"] } },
      select: { eventId: true },
    });
    const skip = new Set(waiting.map((d) => d.eventId));
    let fresh = events.filter((e) => !skip.has(e.id));
    const room = REPLAY_BOUNDS.deliveries - queued;
    if (fresh.length > room) {
      nextStart = fresh[room].occurredAt;
      fresh = fresh.slice(0, room);
    }
    // Subject by subject (one stream lock per transaction), in sequence order within each subject.
    const bySubject = new Map<string, typeof fresh>();
    for (const e of fresh) bySubject.set(e.subjectId, [...(bySubject.get(e.subjectId) ?? []), e]);
    for (const [subjectId, group] of bySubject) {
      await prisma.$transaction(async (tx) => {
        for (const e of group.sort((a, b) => a.sequence - b.sequence)) {
          await enqueueDelivery(tx, {
            webhookId: webhook.id,
            storeId: webhook.storeId,
            eventId: e.id,
            subjectId,
            type: triggered ? webhook.trigger! : e.type,
            reason: "replay",
            format: webhook.kind,
          });
        }
      });
    }
    queued += fresh.length;
  }
  if (queued) eventsCommitted(ctx.services, webhook.topic);
  return { webhookId: webhook.id, deliveriesQueued: queued, nextStart };
}

export interface DeliveryFilter {
  webhookId: string;
  status?: string | null;
  eventId?: string | null;
  subjectId?: string | null;
}

export async function listDeliveries(ctx: RequestContext, filter: DeliveryFilter, args: PageArgs) {
  const webhook = await findOwn(ctx, filter.webhookId);
  if (!webhook) throw notFound(filter.webhookId);
  const where = {
    webhookId: webhook.id,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.eventId ? { eventId: filter.eventId } : {}),
    ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
  };
  return paginate(ctx.services.cursors, {
    list: `webhookDeliveries:${webhook.id}:${filter.status ?? ""}:${filter.eventId ?? ""}:${filter.subjectId ?? ""}`,
    args,
    defaultSize: PAGE_SIZES.webhookDeliveries.default,
    maxSize: PAGE_SIZES.webhookDeliveries.max,
    sortField: "createdAt",
    checks: [
      () => {
        if (filter.status && !DELIVERY_STATUSES.includes(filter.status))
          throw fail.badInput(`\`status\` must be one of ${DELIVERY_STATUSES.join(", ")}; got ${JSON.stringify(filter.status)}.`, "status");
      },
    ],
    fetch: (keyset, take) =>
      ctx.prisma.webhookDelivery.findMany({ where: { ...where, ...(keyset ?? {}) }, orderBy: keysetOrder("createdAt"), take }),
  });
}

export async function getDelivery(ctx: RequestContext, id: string) {
  return ctx.prisma.webhookDelivery.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
}

/** Retry now: a pending delivery is attempted at once; a finished one is queued again (new webhook-id). */
export async function retryDelivery(ctx: RequestContext, id: string) {
  const delivery = await getDelivery(ctx, id);
  if (!delivery)
    throw fail.notFound(
      "webhooks/delivery-not-found",
      `No webhook delivery ${id} in the stores these credentials can access.`,
      "Delivery not found",
    );
  if (delivery.status === "waiting") {
    throw fail.conflict(
      "webhooks/delivery-waiting",
      "Delivery is waiting",
      `Delivery ${id} waits for an earlier delivery of subject ${delivery.subjectId} to finish (deliveries of one subject are sent in order); retry that one instead.`,
    );
  }
  if (delivery.status === "pending") {
    await ctx.prisma.webhookDelivery.update({ where: { seq: delivery.seq }, data: { nextAttemptAt: new Date() } });
    eventsCommitted(ctx.services, "webhooks");
    return ctx.prisma.webhookDelivery.findUniqueOrThrow({ where: { seq: delivery.seq } });
  }
  const newIdValue = await ctx.prisma.$transaction((tx) =>
    enqueueDelivery(tx, {
      webhookId: delivery.webhookId,
      storeId: delivery.storeId,
      eventId: delivery.eventId,
      subjectId: delivery.subjectId,
      type: delivery.type,
      payload: delivery.payload,
      reason: "retry",
      format: delivery.format,
    }),
  );
  eventsCommitted(ctx.services, "webhooks");
  return ctx.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: newIdValue } });
}

// ─── Loaders for the delivery log ────────────────────────────────────────────

export function attemptsOf(ctx: RequestContext, deliveryId: string) {
  return ctx.loaders
    .get("webhookAttemptsByDelivery", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.webhookAttempt.findMany({ where: { deliveryId: { in: [...ids] } }, orderBy: [{ number: "asc" }] });
      return groupBy(ids, rows, (r) => r.deliveryId);
    })
    .load(deliveryId);
}

export function eventOf(ctx: RequestContext, eventId: string) {
  return ctx.loaders
    .get("webhookEventById", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.domainEvent.findMany({ where: { id: { in: [...ids] } } });
      return indexBy(ids, rows, (r) => r.id);
    })
    .load(eventId);
}

export function webhookById(ctx: RequestContext, id: string) {
  return ctx.loaders
    .get("webhookById", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.webhook.findMany({ where: { id: { in: [...ids] } } });
      return indexBy(ids, rows, (r) => r.id);
    })
    .load(id);
}

/** The subscriber's token, decrypted (delivery only; never returned by reads). */
export function bearerTokenOf(services: Services, webhook: { authTokenEnc: string | null }): string | null {
  return webhook.authTokenEnc ? decryptSecret(services.config.webhooks.encryptionKey, webhook.authTokenEnc) : null;
}
