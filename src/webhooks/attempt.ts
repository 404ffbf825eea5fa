// One attempt of one claimed delivery: its body, a lease long enough for the exchange, the POST with the
// headers of its kind (Standard Webhooks, or a registered format's own), and its outcome recorded.
import type { Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import { sign } from "./crypto.js";
import type { ClaimedDelivery } from "./delivery-sql.js";
import { formatOf } from "./formats.js";
import { postJson, type PostVia, type SendResult } from "./http-post.js";
import { logOutcome, outcomeOf, type OutcomeWriter } from "./outcome-writer.js";
import { recordOutcomes } from "./delivery-sql.js";
import { ensureEventPayload } from "./payload.js";
import type { WebhookCache, WebhookRow } from "./webhook-cache.js";

const USER_AGENT = "Retour-Webhooks/1.0";

/** What an attempt needs of the dispatcher that launched it. */
export interface AttemptHost {
  services: Services;
  owner: string;
  cfg: WebhookConfig;
  webhooks: WebhookCache;
  writer: OutcomeWriter;
  via(): PostVia;
  crashed(): boolean;
  /** An outcome was queued for the batch write. */
  progressed(): void;
}

/** Attempts a delivery; `sent` is called once the HTTP exchange is over (its slot is then free). */
export async function attempt(host: AttemptHost, d: ClaimedDelivery, signal: AbortSignal, sent: () => void): Promise<void> {
  const { services, cfg } = host;
  const webhook = await host.webhooks.get(d.webhookId);
  if (!webhook) return; // deleted meanwhile (its deliveries go with it)
  const body = await bodyOf(services, d, webhook);
  if (!(await leaseCovers(host, d))) return; // taken over meanwhile
  const result = await send(host, d, webhook, body, signal);
  sent();
  if (host.crashed()) return;
  if (body !== null && webhook.active) services.metrics?.deliveryAttempt(result.ok, result.latencyMs);
  await record(host, d, outcomeOf(cfg, d, result, webhook.kind, webhook.active));
}

/** The stored payload, else the event's snapshot (or the format's body); null when the event is gone. */
async function bodyOf(services: Services, d: ClaimedDelivery, webhook: WebhookRow): Promise<string | null> {
  const format = formatOf(webhook.kind);
  let body = d.payload ?? (format ? null : d.eventPayload) ?? null;
  if (body === null && d.eventId)
    body = format ? await format.body(services, d.eventId, d.type) : await ensureEventPayload(services, d.eventId);
  return body;
}

/**
 * The attempt must end before the lease does, or another replica may send it too (a duplicate
 * without any crash). When claiming and rendering ate into the lease (a busy process), renew it.
 * False when the delivery was taken over meanwhile.
 */
async function leaseCovers({ services, cfg, owner }: AttemptHost, d: ClaimedDelivery): Promise<boolean> {
  if (d.leaseExpiresAt.getTime() - Date.now() >= cfg.timeoutMs + (cfg.leaseMs - cfg.timeoutMs) / 2) return true;
  const renewed = await services.db.prisma.webhookDelivery.updateMany({
    where: { seq: d.seq, status: "pending", leaseOwner: owner },
    data: { leaseExpiresAt: new Date(Date.now() + cfg.leaseMs) },
  });
  return renewed.count > 0;
}

async function send(
  host: AttemptHost,
  d: ClaimedDelivery,
  webhook: WebhookRow,
  body: string | null,
  signal: AbortSignal,
): Promise<SendResult> {
  const { cfg } = host;
  const format = formatOf(webhook.kind);
  const timestamp = Math.floor(Date.now() / 1000);
  if (body === null) return { ok: false, statusCode: null, body: null, error: "the event no longer exists", latencyMs: 0 };
  // An inactive subscription is sent nothing: what was queued before it was switched off is discarded.
  if (!webhook.active) return { ok: false, statusCode: null, body: null, error: "the webhook is inactive", latencyMs: 0 };
  if (format) {
    // The format's headers only: no Standard Webhooks headers, no bearer token.
    const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...format.headers(webhook.secret, body) };
    return postJson(host.via(), webhook.url, headers, body, signal, format.timeoutMs(cfg));
  }
  const { signingKey, token } = webhook;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": d.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign(signingKey, d.id, timestamp, body),
    "x-retour-topic": webhook.topic,
    "x-retour-subject-id": d.subjectId,
    "x-retour-attempt": String(d.attempts + 1),
  };
  if (d.eventSequence !== null) headers["x-retour-sequence"] = String(d.eventSequence);
  if (token) headers.authorization = `Bearer ${token}`;
  return postJson(host.via(), webhook.url, headers, body, signal, cfg.timeoutMs);
}

/** The attempt happened: record it, retrying transient database errors (pool exhausted, serialisation). */
async function record(host: AttemptHost, d: ClaimedDelivery, outcome: ReturnType<typeof outcomeOf>): Promise<void> {
  const { services, owner } = host;
  for (let i = 1; ; i++) {
    try {
      // First with the batch that finishes alongside; a retry records this outcome on its own.
      if (i === 1) {
        const recorded = host.writer.record(outcome);
        host.progressed();
        await recorded;
      } else await recordOutcomes(services.db, owner, new Date(), [outcome]);
      logOutcome(services.log, outcome);
      return;
    } catch (err) {
      if (i >= 4 || host.crashed()) {
        // Give the delivery back at once rather than at lease expiry: it is sent again (at-least-once).
        await services.db.prisma.webhookDelivery
          .updateMany({ where: { seq: d.seq, leaseOwner: owner }, data: { leaseOwner: null, leaseExpiresAt: null } })
          .catch(() => {});
        throw err;
      }
      services.log.warn({ err, deliveryId: d.id, try: i }, "recording a webhook attempt failed; retrying");
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}
