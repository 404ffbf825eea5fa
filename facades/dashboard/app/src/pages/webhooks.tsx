// Webhooks: the store's own subscriptions (add, edit, delete; the signing secret shown once), the
// warehouse platform's (warehouse-webhooks.tsx), and per webhook of either kind its recent deliveries
// with status, attempts and response codes, "retry now" per delivery and "replay from a time". Ordering, retry rules and what may be retried are the core's; a refusal (e.g. a
// delivery waiting behind an earlier one) is shown as the core words it.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { DELETE_WEBHOOK, WEBHOOK, WEBHOOKS } from "./webhooks.ops";
import { statusTone } from "../logic";
import { navigate, useSearchParams } from "../router";
import { DeleteWarehouseWebhook, StatusToggle, WarehouseWebhookForm, WarehouseWebhooks } from "./warehouse-webhooks";
import { HealthBadge, StatusPill, type WebhookT } from "./webhook-common";
import type { Delivery } from "./webhook-common";
import { REDO, WebhookForm } from "./webhook-form";
import {
  Badge,
  Details,
  Empty,
  Link,
  Notice,
  PageHeader,
  QueryView,
  Section,
  Table,
  Time,
  useConnection,
  useMutation,
  useQuery,
  ListFooter,
  type PageInfoLike,
} from "../ui";
import { ConfirmDialog, useFocusReturn, SecretOnceDialog } from "../ui-forms";
import { ForSupport } from "../support";

/** The core's field paths of the webhook form, by label. */
/**
 * The store's own kind, in plain words (the API value stays visible for engineers). The warehouse
 * platform's kind (`loop`) has its own section and form (warehouse-webhooks.tsx): the core refuses it here.
 */

const TYPE_LABELS: Record<string, string> = {
  created: "Return created",
  updated: "Return updated",
  backfill: "Existing return",
  test: "Test event",
};

/** What a delivery carries and why it was queued, in one phrase (type and reason overlap for backfill and test). */
function deliveryLabel(d: { type: string; reason: string }): string {
  const what = TYPE_LABELS[d.type] ?? d.type;
  if (d.reason === "test" || d.reason === "event") return what;
  if (d.reason === "backfill") return "Existing return, sent when the webhook was added (backfill)";
  if (d.reason === "replay") return `${what} · replayed`;
  if (d.reason === "retry") return `${what} · sent again`;
  return `${what} · ${d.reason}`;
}

/** A delivery's subject: a return links to its page; a test delivery has no real subject. */
function Subject({ topic, d }: { topic: string; d: Delivery }) {
  if (d.reason === "test") return <span class="muted small">no real subject (test)</span>;
  const r = d.subjectReturn;
  if (r)
    return (
      <Link href={`/returns/${encodeURIComponent(r.id)}`} class="small">
        Return {r.number ?? ""}
        {r.order.name ? ` for order ${r.order.name}` : ""}
      </Link>
    );
  return <span class="muted small">{topic === "return" ? "a return no longer in this store" : "no return"}</span>;
}
const DELIVERY_STATUSES = ["pending", "waiting", "delivered", "discarded"];
/** The warehouse platform's kind: listed in its own section, edited with the platform's fields. */
const LOOP = "loop";

/** The subscription facts of a warehouse platform webhook, as its admin shows them. */
function warehouseDetails(w: WebhookT): [string, ComponentChildren][] {
  return [
    ["ID", <code>{w.platformId}</code>],
    ["Status", <StatusPill status={w.status} />],
    ["Health", <HealthBadge health={w.health} />],
    ["Topic", <code>{w.topic}</code>],
    ["Trigger", <code>{w.trigger}</code>],
    ["URL", <code>{w.callback.url}</code>],
    ["Signed with", "the store's warehouse signing secret (X-Loop-Signature; see Webhooks)"],
    ["Created", <Time value={w.createdAt} />],
    ["Updated", <Time value={w.updatedAt} />],
  ];
}

export function Webhooks({ storeId }: PageProps) {
  const q = useQuery<{ webhooks: WebhookT[] }>(WEBHOOKS, { storeId });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ secret: string; webhookId: string } | null>(null);
  const focus = useFocusReturn();
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Subscriptions that receive every event of a topic (e.g. each change to a return), in order per subject: Retour's own, signed with Standard Webhooks, and the warehouse platform's."
        actions={
          <button type="button" onClick={(e) => (focus.remember(e), setAdding(true))}>
            Add webhook
          </button>
        }
      />
      <Section title="Retour webhooks">
        <QueryView state={q} label="Loading webhooks…">
          {(data) => (
            <Table
              caption="Webhook subscriptions"
              rows={data.webhooks}
              rowKey={(w) => w.id}
              empty={<Empty title="No webhooks yet">Add one to have return changes POSTed to your endpoint.</Empty>}
              columns={[
                {
                  label: "Endpoint",
                  render: (w) => (
                    <>
                      <Link href={`/webhooks/${encodeURIComponent(w.id)}`} aria-label={`Webhook ${w.callback.url}`}>
                        <code>{w.callback.url}</code>
                      </Link>
                      {w.externalId && <div class="muted small">External id {w.externalId}</div>}
                    </>
                  ),
                },
                { label: "Health", render: (w) => <HealthBadge health={w.health} /> },
                { label: "Topic", render: (w) => <Badge tone="info">{w.topic}</Badge> },
                { label: "Auth", render: (w) => (w.callback.auth ? "Bearer token" : <span class="muted">none</span>) },
                { label: "Created", render: (w) => <Time value={w.createdAt} /> },
              ]}
            />
          )}
        </QueryView>
      </Section>
      <WarehouseWebhooks storeId={storeId} />
      {adding && (
        <WebhookForm
          storeId={storeId}
          onClose={() => (setAdding(false), focus.restore())}
          onSaved={(w, s) => {
            setAdding(false);
            if (!s) focus.restore();
            q.reload();
            if (s) setSecret({ secret: s, webhookId: w.id });
          }}
        />
      )}
      <SecretOnceDialog
        secret={secret?.secret ?? null}
        title="Copy the signing secret now"
        label="Signing secret"
        copyLabel="Copy the signing secret"
        testId="new-signing-secret"
        onClose={() => (setSecret(null), focus.restore())}
      >
        This is the only time the signing secret is shown. Your endpoint needs it to verify the <code>webhook-signature</code> header.
      </SecretOnceDialog>
    </>
  );
}

export function Webhook({ params }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const status = search.get("status") ?? "";
  const list = useConnection<Delivery, { webhook: (WebhookT & { deliveries: { nodes: Delivery[]; pageInfo: PageInfoLike } }) | null }>(
    WEBHOOK,
    { id: params.id, first: 25, ...(status ? { status } : {}) },
    (d) => d.webhook?.deliveries ?? null,
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const focus = useFocusReturn();
  const [notice, setNotice] = useState<string | null>(null);
  const del = useMutation(DELETE_WEBHOOK);
  const reloadWith = (message: string) => (setNotice(message), list.state.reload());
  const back = (
    <p>
      <Link href="/webhooks">← All webhooks</Link>
    </p>
  );
  return (
    <QueryView state={list.state} label="Loading the webhook…">
      {(data) => {
        const w = data.webhook;
        if (!w) {
          return (
            <>
              {back}
              <PageHeader title="Webhook not found" />
              <Empty title={`No webhook ${params.id} in this store`}>It may have been deleted, or the link is wrong.</Empty>
            </>
          );
        }
        return (
          <>
            {back}
            <PageHeader
              title={w.kind === LOOP ? `Warehouse platform webhook ${w.platformId}` : "Webhook"}
              description={<code>{w.callback.url}</code>}
              actions={
                <>
                  {w.kind === LOOP && <StatusToggle webhook={w} onDone={reloadWith} small={false} />}
                  <TestEventButton webhookId={w.id} onDone={reloadWith} />
                  <button type="button" class="secondary" onClick={(e) => (focus.remember(e), setEditing(true))}>
                    Edit webhook
                  </button>
                  <button type="button" class="danger-outline" onClick={() => setDeleting(true)}>
                    Delete webhook
                  </button>
                </>
              }
            />
            <Notice>{notice}</Notice>
            <div class="grid-2">
              <Section title="Subscription">
                <Details
                  items={
                    w.kind === LOOP
                      ? warehouseDetails(w)
                      : [
                          ["Health", <HealthBadge health={w.health} />],
                          ["Topic", w.topic],
                          [
                            "Kind",
                            <>
                              {REDO.label}
                              <p class="muted small kind-help">{REDO.help}</p>
                            </>,
                          ],
                          ["Callback URL", <code>{w.callback.url}</code>],
                          ["Auth", w.callback.auth ? "Bearer token (stored encrypted, never shown)" : "none"],
                          ["External id", w.externalId ?? "—"],
                          ["Created", <Time value={w.createdAt} />],
                          ["Updated", <Time value={w.updatedAt} />],
                        ]
                  }
                />
                <ForSupport ids={[["Webhook id", w.id]]} />
              </Section>
              <Section title="Replay events">
                <ReplayForm
                  webhookId={w.id}
                  onDone={(n) => (setNotice(`Replay queued ${n} deliver${n === 1 ? "y" : "ies"}.`), list.state.reload())}
                />
              </Section>
            </div>
            <Section
              title="Recent deliveries"
              actions={
                <>
                  <label class="inline small">
                    Status
                    <select
                      aria-label="Delivery status"
                      value={status}
                      onChange={(e) => setSearch({ status: (e.target as HTMLSelectElement).value || null })}
                      style="width:auto"
                    >
                      <option value="">All</option>
                      {DELIVERY_STATUSES.map((s) => (
                        <option value={s}>{s}</option>
                      ))}
                    </select>
                  </label>
                  <button type="button" class="secondary small" onClick={list.state.reload} disabled={list.state.loading}>
                    Refresh
                  </button>
                </>
              }
            >
              <p class="muted small" role="status">
                {list.nodes.length} deliver{list.nodes.length === 1 ? "y" : "ies"} shown, newest first
                {list.state.loading ? " · updating…" : ""}
              </p>
              <Table
                caption="Webhook deliveries"
                rows={list.nodes}
                rowKey={(d) => d.id}
                empty={
                  <Empty title={status ? `No ${status} deliveries` : "No deliveries yet"}>
                    Deliveries appear when an event of this topic happens (e.g. a return changes).
                  </Empty>
                }
                columns={[
                  {
                    label: "Delivery",
                    render: (d) => (
                      <>
                        <strong>{deliveryLabel(d)}</strong> {d.reason === "test" && <Badge tone="info">Test</Badge>}
                        <div>
                          <Subject topic={w.topic} d={d} />
                          {d.event ? <span class="muted small"> · event #{d.event.sequence}</span> : null}
                        </div>
                      </>
                    ),
                  },
                  {
                    label: "Status",
                    render: (d) => <Badge tone={d.status === "delivered" ? "good" : statusTone(d.status)}>{d.status}</Badge>,
                  },
                  { label: "Attempts", render: (d) => <Attempts d={d} /> },
                  {
                    label: "Response",
                    render: (d) =>
                      d.lastStatusCode ? (
                        <code>HTTP {d.lastStatusCode}</code>
                      ) : d.lastError ? (
                        <span class="small">{d.lastError}</span>
                      ) : (
                        <span class="muted">—</span>
                      ),
                  },
                  {
                    label: "When",
                    render: (d) => (
                      <>
                        <Time value={d.createdAt} />
                        {d.finishedAt ? (
                          <div class="muted small">
                            finished <Time value={d.finishedAt} />
                          </div>
                        ) : d.nextAttemptAt ? (
                          <div class="muted small">
                            next attempt <Time value={d.nextAttemptAt} />
                          </div>
                        ) : null}
                      </>
                    ),
                  },
                  { label: "", render: (d) => <RetryButton d={d} onDone={(n) => (setNotice(n), list.state.reload())} /> },
                ]}
              />
              <ListFooter list={list} />
            </Section>
            {editing && w.kind === LOOP && (
              <WarehouseWebhookForm
                storeId={w.storeId}
                webhook={w}
                onClose={() => (setEditing(false), focus.restore())}
                onSaved={() => (setEditing(false), focus.restore(), reloadWith("Warehouse webhook saved."))}
              />
            )}
            {editing && w.kind !== LOOP && (
              <WebhookForm
                storeId={w.storeId}
                webhook={w}
                onClose={() => (setEditing(false), focus.restore())}
                onSaved={() => {
                  setEditing(false);
                  focus.restore();
                  setNotice("Webhook saved.");
                  list.state.reload();
                }}
              />
            )}
            {deleting && w.kind === LOOP && (
              <DeleteWarehouseWebhook webhook={w} onClose={() => setDeleting(false)} onDeleted={() => navigate("/webhooks")} />
            )}
            <ConfirmDialog
              open={deleting && w.kind !== LOOP}
              title="Delete this webhook?"
              confirmLabel="Delete webhook"
              busy={del.busy}
              error={del.error}
              onClose={() => (setDeleting(false), del.clearError())}
              onConfirm={async () => {
                if (await del.run({ id: w.id })) navigate("/webhooks");
              }}
            >
              <p>
                Deliveries to <code>{w.callback.url}</code> stop, and its queue and delivery log are deleted.
              </p>
            </ConfirmDialog>
          </>
        );
      }}
    </QueryView>
  );
}

import { Attempts, RetryButton, TestEventButton, ReplayForm } from "./webhook-actions";
