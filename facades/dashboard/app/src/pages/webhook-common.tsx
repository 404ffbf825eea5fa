// What both kinds of webhook share on the pages: the subscription as the core answers it, and its
// health badge (webhooks.tsx lists the store's own webhooks, warehouse-webhooks.tsx the warehouse
// platform's; both open the same delivery log).
import { WAREHOUSE_STATUS_LABELS, type WarehouseStatus } from "../logic";
import { Badge, Time } from "../ui";

export interface Health {
  status: "healthy" | "failing" | "never_delivered";
  failingSince: string | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
}

export interface WebhookT {
  health: Health;
  id: string;
  storeId: string;
  topic: string;
  kind: string;
  /** kind `loop`: the platform's trigger (e.g. `return.created`) and integer id; null for `redo`. */
  trigger: string | null;
  platformId: number | null;
  /** `active` or `inactive` (an inactive webhook is sent nothing). */
  status: string;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
  callback: { url: string; auth: { bearer: { token: string } } | null };
}

/** Healthy / failing since … / never delivered, from the core's `Webhook.health`. */
export function HealthBadge({ health }: { health: Health }) {
  if (health.status === "healthy") {
    return (
      <span class="health">
        <Badge tone="good">Healthy</Badge>
        <span class="muted small">
          last success <Time value={health.lastSuccessAt} />
        </span>
      </span>
    );
  }
  if (health.status === "failing") {
    return (
      <span class="health">
        <Badge tone="bad">
          Failing since <Time value={health.failingSince} />
        </Badge>
        <span class="muted small">
          {health.consecutiveFailures} failed attempt{health.consecutiveFailures === 1 ? "" : "s"} in a row
          {health.lastSuccessAt ? "" : " · never succeeded"}
        </span>
      </span>
    );
  }
  return <Badge>Never delivered</Badge>;
}

/** The Active / Inactive pill of a warehouse platform subscription. */
export function StatusPill({ status }: { status: string }) {
  return <Badge tone={status === "active" ? "good" : "neutral"}>{WAREHOUSE_STATUS_LABELS[status as WarehouseStatus] ?? status}</Badge>;
}

/** One delivery of the log, as the dashboard reads it. */
export interface Attempt {
  id: string;
  number: number;
  at: string;
  outcome: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  webhookId: string;
  subjectId: string;
  subjectReturn: { id: string; number: string | null; order: { name: string } } | null;
  type: string;
  reason: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
  event: { id: string; sequence: number; occurredAt: string } | null;
  attempts: Attempt[];
}
