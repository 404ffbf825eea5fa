// Webhooks: the store's own subscriptions (add, edit, delete; the signing secret shown once), the
// warehouse platform's (warehouse-webhooks.tsx), and per webhook of either kind its recent deliveries
// with status, attempts and response codes, "retry now" per delivery and "replay from a time". Ordering, retry rules and what may be retried are the core's; a refusal (e.g. a
// delivery waiting behind an earlier one) is shown as the core words it.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import {
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  REPLAY_WEBHOOK,
  RETRY_WEBHOOK_DELIVERY,
  SEND_WEBHOOK_TEST_EVENT,
  UPDATE_WEBHOOK,
  WEBHOOK,
  WEBHOOKS,
} from "../operations";
import { replayStart, statusTone } from "../logic";
import { navigate, useSearchParams } from "../router";
import { fieldErrors } from "../forms";
import { DeleteWarehouseWebhook, StatusToggle, WarehouseWebhookForm, WarehouseWebhooks } from "./warehouse-webhooks";
import { HealthBadge, StatusPill, type WebhookT } from "./webhook-common";
import {
  Badge,
  ConfirmDialog,
  Details,
  Dialog,
  Empty,
  ErrorMessage,
  Field,
  Link,
  Notice,
  PageHeader,
  QueryView,
  Section,
  Table,
  Time,
  useConnection,
  useFocusReturn,
  useMutation,
  useQuery,
  ListFooter,
  SecretOnceDialog,
} from "../ui";
import { ForSupport } from "../support";

interface Attempt {
  id: string;
  number: number;
  at: string;
  outcome: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

interface Delivery {
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

const TOPICS = ["return"];
/** The core's field paths of the webhook form, by label. */
const WEBHOOK_FIELDS = {
  "webhook.callback.url": "Callback URL",
  "webhook.callback.auth": "Bearer token",
  "webhook.externalId": "External id",
};
/**
 * The store's own kind, in plain words (the API value stays visible for engineers). The warehouse
 * platform's kind (`loop`) has its own section and form (warehouse-webhooks.tsx): the core refuses it here.
 */
const REDO = {
  value: "redo",
  label: "Retour (standard)",
  help: "Retour's own payload: the return and its order, as GET /v2.2/returns/{id} answers.",
};

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

/** Add (storeId given) or edit (webhook given) a subscription. */
function WebhookForm({
  storeId,
  webhook,
  onClose,
  onSaved,
}: {
  storeId: string;
  webhook?: WebhookT;
  onClose: () => void;
  onSaved: (w: WebhookT, signingSecret: string | null) => void;
}) {
  const [url, setUrl] = useState(webhook?.callback.url ?? "");
  const [token, setToken] = useState(webhook?.callback.auth ? "********" : "");
  const [externalId, setExternalId] = useState(webhook?.externalId ?? "");
  const [topic, setTopic] = useState(webhook?.topic ?? "return");
  const [backfill, setBackfill] = useState(false);
  const create = useMutation<{ createWebhook: { webhook: WebhookT; signingSecret: string | null } }>(CREATE_WEBHOOK);
  const update = useMutation<{ updateWebhook: WebhookT }>(UPDATE_WEBHOOK);
  const m = webhook ? update : create;
  const errors = fieldErrors(m.error, WEBHOOK_FIELDS);
  const submit = async (e: Event) => {
    e.preventDefault();
    const callback = { url: url.trim(), auth: token ? { bearer: { token } } : null };
    if (webhook) {
      const res = await update.run({ id: webhook.id, input: { callback, externalId: externalId.trim() || null } });
      if (res) onSaved(res.updateWebhook, null);
    } else {
      const res = await create.run({
        storeId,
        input: { topic, kind: REDO.value, callback, backfill, ...(externalId.trim() ? { externalId: externalId.trim() } : {}) },
      });
      if (res) onSaved(res.createWebhook.webhook, res.createWebhook.signingSecret);
    }
  };
  const title = webhook ? "Edit webhook" : "Add webhook";
  return (
    <Dialog open title={title} onClose={onClose}>
      <form onSubmit={submit}>
        {!webhook && (
          <Field
            label="Topic"
            hint={`${REDO.help} For an endpoint written for the warehouse platform, create a warehouse webhook instead.`}
          >
            <select name="topic" value={topic} onChange={(e) => setTopic((e.target as HTMLSelectElement).value)}>
              {TOPICS.map((t) => (
                <option value={t}>{t}</option>
              ))}
            </select>
          </Field>
        )}
        <Field
          label="Callback URL"
          error={errors.fields["webhook.callback.url"]}
          hint="Where events are POSTed. Production accepts only https to public addresses."
        >
          <input
            name="url"
            type="url"
            required
            value={url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            placeholder="https://example.com/hooks/retour"
          />
        </Field>
        <Field
          label="Bearer token (optional)"
          error={errors.fields["webhook.callback.auth"]}
          hint={
            webhook?.callback.auth
              ? "Leave ******** to keep the stored token (only while the URL stays on the same scheme, host and port; moving it elsewhere needs the token again); clear it to send no Authorization header."
              : "Sent as Authorization: Bearer … with every delivery."
          }
        >
          <input
            name="token"
            type="password"
            autoComplete="off"
            value={token}
            onInput={(e) => setToken((e.target as HTMLInputElement).value)}
          />
        </Field>
        <Field
          label="External id (optional)"
          error={errors.fields["webhook.externalId"]}
          hint="Your key for this subscription; adding again with the same one updates it."
        >
          <input name="externalId" value={externalId} onInput={(e) => setExternalId((e.target as HTMLInputElement).value)} />
        </Field>
        {!webhook && (
          <label class="checkbox">
            <input type="checkbox" checked={backfill} onChange={(e) => setBackfill((e.target as HTMLInputElement).checked)} /> Also send
            every existing return now (backfill)
          </label>
        )}
        <ErrorMessage error={errors.other} />
        <div class="dialog-footer">
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Saving…" : webhook ? "Save webhook" : "Create webhook"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function Webhook({ params }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const status = search.get("status") ?? "";
  const list = useConnection<Delivery, { webhook: (WebhookT & { deliveries: { nodes: Delivery[]; pageInfo: any } }) | null }>(
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

function Attempts({ d }: { d: Delivery }) {
  if (!d.attempts.length) return <span class="muted">{d.attemptCount} attempts</span>;
  return (
    <details>
      <summary>
        {d.attemptCount} attempt{d.attemptCount === 1 ? "" : "s"}
      </summary>
      <ol class="attempts">
        {d.attempts.map((a) => (
          <li>
            #{a.number} <Badge tone={a.outcome === "success" ? "good" : "bad"}>{a.outcome}</Badge>{" "}
            {a.statusCode ? `HTTP ${a.statusCode}` : ""} · {a.latencyMs} ms · <Time value={a.at} />
            {a.error && <div class="small">{a.error}</div>}
            {a.responseBody && <pre class="body">{a.responseBody}</pre>}
          </li>
        ))}
      </ol>
    </details>
  );
}

function RetryButton({ d, onDone }: { d: Delivery; onDone: (message: string) => void }) {
  const m = useMutation<{ retryWebhookDelivery: Delivery }>(RETRY_WEBHOOK_DELIVERY);
  if (d.status === "waiting") return <span class="muted small">Waits for an earlier delivery of this subject</span>;
  return (
    <>
      <button
        type="button"
        class="secondary small"
        aria-label={`Retry delivery ${d.id} now`}
        disabled={m.busy}
        onClick={async () => {
          const res = await m.run({ id: d.id });
          if (res)
            onDone(d.status === "pending" ? "Attempting the delivery now." : `Queued again as delivery ${res.retryWebhookDelivery.id}.`);
        }}
      >
        {m.busy ? "Retrying…" : "Retry now"}
      </button>
      <ErrorMessage error={m.error} />
    </>
  );
}

/** Queues a clearly marked test delivery through the normal outbox; it shows in the log below. */
function TestEventButton({ webhookId, onDone }: { webhookId: string; onDone: (message: string) => void }) {
  const m = useMutation<{ sendWebhookTestEvent: { id: string } }>(SEND_WEBHOOK_TEST_EVENT);
  return (
    <>
      <button
        type="button"
        disabled={m.busy}
        aria-busy={m.busy}
        onClick={async () => {
          const res = await m.run({ id: webhookId });
          if (res) onDone("Test event queued; its outcome appears in the deliveries below.");
        }}
      >
        {m.busy ? "Sending…" : "Send test event"}
      </button>
      <ErrorMessage error={m.error} />
    </>
  );
}

function ReplayForm({ webhookId, onDone }: { webhookId: string; onDone: (queued: number) => void }) {
  const [value, setValue] = useState("");
  const [local, setLocal] = useState<string | null>(null);
  const m = useMutation<{ replayWebhook: { deliveriesQueued: number } }>(REPLAY_WEBHOOK);
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = replayStart(value);
    if ("error" in r) return setLocal(r.error);
    setLocal(null);
    const res = await m.run({ id: webhookId, start: r.start });
    if (res) onDone(res.replayWebhook.deliveriesQueued);
  };
  return (
    <form onSubmit={submit}>
      <p class="muted small">
        Send every event since a time again, in the original order per subject (discarded ones included), with the original payloads.
      </p>
      <Field label="Replay from" hint="Your local time">
        <input
          type="datetime-local"
          name="start"
          step="1"
          value={value}
          onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          aria-invalid={!!local}
        />
      </Field>
      {local && (
        <p class="error" role="alert">
          {local}
        </p>
      )}
      <ErrorMessage error={m.error} />
      <button type="submit" disabled={m.busy} aria-busy={m.busy}>
        {m.busy ? "Queuing…" : "Replay events"}
      </button>
    </form>
  );
}
