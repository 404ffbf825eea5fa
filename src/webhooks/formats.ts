// Delivery formats other than Retour's own (kind "redo"): each is ONE declaration, registered at
// assembly (src/domains.ts) by the domain that owns it (the warehouse platform's kind "loop" by
// src/warehouse). The webhooks domain fans events out, queues, signs and retries through these
// declarations and names no integration.
import type { Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import type { PrismaClient } from "../db/client.js";

/** The event facts that decide a format's triggers. */
export interface TriggerFacts {
  topic: string;
  type: string;
  /** The subject's status before and after the change, when it is a status change. */
  statusChange?: { from: string; to: string } | null;
}

/** What an attempt got back (the retry policy reads it). */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  retryAfter?: string | null;
}

export interface DeliveryFormat {
  /** The webhook's `kind` as stored and published. */
  kind: string;
  /** Whose webhooks these are ("the warehouse platform"), and the operations that create and change them (createWebhook and updateWebhook refuse them). */
  owner: string;
  createOperation: string;
  updateOperation: string;
  /** The triggers an event fires (a subscription of this kind picks one; stored with the event for replay). */
  triggersOf(e: TriggerFacts): string[];
  /** The stored bytes of an object that is a fact of the moment (DomainEvent.platformPayload). */
  objectBytes(object: Record<string, unknown>): string;
  /** Renders and stores the event's payload in this format when missing (the dispatcher renders ahead). */
  ensurePayload(services: Services, eventId: string): Promise<unknown>;
  /** The body of a delivery of an event (null when the event is gone); `trigger` is the delivery's type. */
  body(services: Services, eventId: string, trigger: string): Promise<string | null>;
  /** The format's own headers (after content-type and user-agent); none of the Standard Webhooks ones. */
  headers(secret: string, body: string): Record<string, string>;
  /** The encrypted signing secrets of the given stores' webhooks of this kind (else the webhook's own). */
  secretsOf(prisma: PrismaClient, storeIds: string[]): Promise<Map<string, string>>;
  /** After attempt `number`: null when final, else the delay in ms before the next attempt. */
  retryDelay(cfg: WebhookConfig, number: number, r: AttemptResult): number | null;
  timeoutMs(cfg: WebhookConfig): number;
}

const formats = new Map<string, DeliveryFormat>();

export function registerDeliveryFormat(f: DeliveryFormat): void {
  formats.set(f.kind, f);
}

export function formatOf(kind: string): DeliveryFormat | undefined {
  return formats.get(kind);
}

export function deliveryFormats(): DeliveryFormat[] {
  return [...formats.values()];
}

/** As stored in DomainEvent.platformTriggers: comma-wrapped, so `contains ",<trigger>,"` matches one exactly. */
export function triggersColumn(triggers: string[]): string | null {
  return triggers.length ? `,${triggers.join(",")},` : null;
}

/** Every registered format's triggers of an event. */
export function triggersOf(e: TriggerFacts): string[] {
  return deliveryFormats().flatMap((f) => f.triggersOf(e));
}
