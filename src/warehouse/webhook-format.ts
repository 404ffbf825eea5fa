// Kind "loop" (its public name, kept: stored rows and clients see it): deliveries in the warehouse
// platform's format (reference warehouse-compat-webhooks.md §2–§3, §5). What differs from kind "redo"
// is all here, declared once (WAREHOUSE_DELIVERY_FORMAT) and registered at assembly (src/domains.ts)
// into the webhooks domain's format registry (src/webhooks/formats.ts), which names no integration:
// - which of the platform's triggers an event fires (recorded with the event, for fan-out and replay);
// - the body: PHP `json_encode` style bytes `{"topic":…,"trigger":…,<the object's fields>}`, where the
//   object is rendered once per event (DomainEvent.platformPayload) and topic/trigger come from the event
//   and the delivery, so every retry and replay sends the same bytes;
// - the headers: `Content-Type`, `X-Loop-Signature` = base64(HMAC-SHA256(store secret, exact body)), a User-Agent;
// - the retry policy: 6 attempts, backoff ±25%, Retry-After up to 30 minutes, no retry on other 4xx.
// The platform's return object is the integration's own (platform-return.ts, the renaming its door's reads
// use too), rendered here from the rows (return-object.ts): nothing is handed in at start-up.
import { createHmac } from "node:crypto";
import { systemContext, type Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import type { DeliveryFormat, TriggerFacts } from "../webhooks/formats.js";
import { warehouseStateOf } from "./states.js";
import { warehouseReturnOf } from "./return-object.js";
import { renderWebhookLabel, renderWebhookReturn } from "./platform-return.js";
import { eventsCommitted, recordEvent } from "../core/events.js";

// ─── Triggers ─────────────────────────────────────────────────────────────────

/**
 * The triggers an event fires (reference §5 q11): `return.created` on creation; `return.updated` on
 * every other change; `return.closed` too when the platform's state becomes `closed`; a processing
 * failure (topic `return.processing`) fires `return.processing.failed`; a label issued (topic `label`, type
 * created) `label.created`, its parcel moving on (type updated) `label.updated`.
 */
export function platformTriggersOf(e: TriggerFacts): string[] {
  if (e.topic === "return.processing") return ["return.processing.failed"];
  if (e.topic === "label") return e.type === "created" ? ["label.created"] : e.type === "updated" ? ["label.updated"] : [];
  if (e.topic !== "return") return [];
  if (e.type === "created") return ["return.created"];
  const c = e.statusChange;
  const closed = !!c && warehouseStateOf(c.to) === "closed" && warehouseStateOf(c.from) !== "closed";
  return closed ? ["return.updated", "return.closed"] : ["return.updated"];
}

// ─── Body and signature ───────────────────────────────────────────────────────

/** PHP `json_encode()` with default flags: compact, `/` as `\/`, every non-ASCII UTF-16 unit as lower-case `\uXXXX`. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `{"topic":…,"trigger":…,…object}`: the platform's flat payload, from the stored object's bytes. */
export function warehouseBody(topic: string, trigger: string, platformPayload: string): string {
  const head = `{"topic":${phpJson(topic)},"trigger":${phpJson(trigger)}`;
  return platformPayload === "{}" ? `${head}}` : `${head},${platformPayload.slice(1)}`;
}

/** `X-Loop-Signature`: base64 of HMAC-SHA256 keyed by the secret's UTF-8 bytes over the exact body bytes. */
export function warehouseSignature(secret: string, body: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(Buffer.from(body, "utf8")).digest("base64");
}

// ─── Retries ──────────────────────────────────────────────────────────────────

/** A `Retry-After` above this gives the delivery up (the platform's 30 minutes). */
export const RETRY_AFTER_MAX_SECONDS = 1800;

/** Seconds of a `Retry-After` value (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * After attempt `number`: null when the delivery is final (delivered, out of attempts, a status that
 * is not retried, or a Retry-After over 30 minutes), else the delay before the next attempt.
 * Retried: network errors and timeouts (no status), 408, 429 and 5xx.
 */
export function warehouseRetryDelay(
  schedule: number[],
  number: number,
  r: { ok: boolean; statusCode: number | null; retryAfter?: string | null },
): number | null {
  if (r.ok || number > schedule.length) return null;
  const s = r.statusCode;
  if (s !== null && s !== 408 && s !== 429 && s < 500) return null;
  const after = retryAfterSeconds(r.retryAfter);
  if (after !== null) return after > RETRY_AFTER_MAX_SECONDS ? null : after * 1000;
  return Math.round(schedule[number - 1] * (0.75 + Math.random() * 0.5));
}

// ─── The platform's return object ─────────────────────────────────────────────

/** The platform's return object of a return now, as stored bytes (PHP style): built from the rows, no GraphQL execution. */
export async function renderPlatformReturn(services: Services, storeId: string, returnId: string): Promise<string> {
  const ctx = systemContext(services, storeId, "render");
  const [selected, account] = await Promise.all([
    warehouseReturnOf(ctx, storeId, returnId),
    services.db.prisma.warehouseAccount.findUnique({ where: { storeId }, select: { shopId: true } }),
  ]);
  return phpJson(renderWebhookReturn(selected, account?.shopId ?? 0));
}

/** The `label` topic's object of a return's label (§3.3), `label_updated_at` the event's moment. */
export async function renderPlatformLabel(services: Services, storeId: string, returnId: string, at: Date): Promise<string> {
  const ctx = systemContext(services, storeId, "render");
  const [selected, account, shipping] = await Promise.all([
    warehouseReturnOf(ctx, storeId, returnId),
    services.db.prisma.warehouseAccount.findUnique({ where: { storeId }, select: { shopId: true } }),
    services.db.prisma.returnShipping.findUnique({ where: { returnId }, select: { id: true } }),
  ]);
  return phpJson(renderWebhookLabel(selected, account?.shopId ?? 0, { at, shipmentId: shipping?.id ?? null }));
}

/** The event's platform object, rendering and storing it first if missing (first write wins). */
export async function ensurePlatformPayload(services: Services, eventId: string): Promise<{ topic: string; payload: string } | null> {
  const prisma = services.db.prisma;
  const event = await prisma.domainEvent.findUnique({ where: { id: eventId } });
  if (!event) return null;
  if (event.platformPayload !== null) return { topic: event.topic, payload: event.platformPayload };
  // A processing failure stores its object with the event; a return and a label are rendered from the rows.
  if (event.topic !== "return" && event.topic !== "label") return null;
  const payload =
    event.topic === "label"
      ? await renderPlatformLabel(services, event.storeId, event.subjectId, event.occurredAt)
      : await renderPlatformReturn(services, event.storeId, event.subjectId);
  const won = await prisma.domainEvent.updateMany({ where: { id: eventId, platformPayload: null }, data: { platformPayload: payload } });
  if (won.count === 1) return { topic: event.topic, payload };
  const stored = await prisma.domainEvent.findUnique({ where: { id: eventId }, select: { platformPayload: true } });
  return { topic: event.topic, payload: stored?.platformPayload ?? payload };
}

/** The body of a loop delivery of an event (null when the event is gone). */
export async function warehouseEventBody(services: Services, eventId: string, trigger: string): Promise<string | null> {
  const object = await ensurePlatformPayload(services, eventId);
  return object ? warehouseBody(object.topic, trigger, object.payload) : null;
}

// ─── The declaration the webhooks domain delivers by ─────────────────────────

/** Kind "loop", registered at assembly (src/domains.ts) into src/webhooks/formats.ts. */
export const WAREHOUSE_DELIVERY_FORMAT: DeliveryFormat = {
  kind: "loop",
  owner: "the warehouse platform",
  createOperation: "createWarehouseWebhook",
  updateOperation: "updateWarehouseWebhook",
  triggersOf: platformTriggersOf,
  objectBytes: phpJson,
  ensurePayload: ensurePlatformPayload,
  body: warehouseEventBody,
  // The platform's headers only: no Standard Webhooks headers, no bearer token.
  headers: (secret, body) => ({ "x-loop-signature": warehouseSignature(secret, body) }),
  // Every loop webhook of a store is signed with the store's account secret (webhooks.ts).
  async secretsOf(prisma, storeIds) {
    const accounts = await prisma.warehouseAccount.findMany({ where: { storeId: { in: storeIds } } });
    return new Map(accounts.map((a) => [a.storeId, a.secretEnc]));
  },
  retryDelay: (cfg: WebhookConfig, number, r) => warehouseRetryDelay(cfg.warehouseRetrySchedule, number, r),
  timeoutMs: (cfg) => cfg.warehouseTimeoutMs,
};

/** The warehouse platform's `source` of a processing failure. */
export type ProcessingSource = "warehouse" | "admin" | "api" | null;

/**
 * A return's processing failed (the warehouse platform's `return.processing.failed`, §3.2): recorded in
 * a transaction of its own, since the failed change rolled back and recorded nothing; the payload is
 * the facts of that moment, stored with the event.
 */
export async function recordProcessingFailure(
  services: Services,
  f: { storeId: string; returnId: string; compatId: number | null; state: string; message: string | null; source: ProcessingSource },
): Promise<void> {
  await services.db.prisma.$transaction((tx) =>
    recordEvent(tx, {
      storeId: f.storeId,
      topic: "return.processing",
      subjectId: f.returnId,
      type: "failed",
      platformObject: { return_id: f.compatId, return_state: f.state, message: f.message, source: f.source },
    }),
  );
  eventsCommitted(services, "return.processing");
}
