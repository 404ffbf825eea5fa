// The warehouse platform's webhooks (kind `loop`) on the webhooks page: the store's subscriptions as
// the platform's admin shows them (topic, trigger, URL, Active/Inactive; created inactive like there),
// and the one signing secret of the store, shown once. Each subscription opens the same delivery log,
// replay, retry and health page as the store's own webhooks (webhooks.tsx, by Webhook.id). What is
// supported, the URL policy and the secret's rules are the core's; its refusals are shown as it words
// them, next to the field they name.
import { useState } from "preact/hooks";
import { TEXT_BOUNDS } from "../../../../../src/core/bounds";
import { fieldErrors } from "../forms";
import {
  type WarehouseStatus,
  VERIFY_LOOP_SIGNATURE,
  WAREHOUSE_STATUS_LABELS,
  type WarehouseTopics,
  toggledStatus,
  triggerFor,
  triggersOf,
  warehouseWebhookInput,
} from "../logic";
import {
  CREATE_WAREHOUSE_WEBHOOK,
  DELETE_WAREHOUSE_WEBHOOK,
  REVEAL_WAREHOUSE_SIGNING_SECRET,
  ROTATE_WAREHOUSE_SIGNING_SECRET,
  UPDATE_WAREHOUSE_WEBHOOK,
  WAREHOUSE_WEBHOOKS,
  WAREHOUSE_WEBHOOK_TOPICS,
} from "./warehouse-webhooks.ops";
import { Empty, ErrorMessage, Link, Notice, QueryView, Section, Table, Time, useMutation, useQuery, Details } from "../ui";
import { ConfirmDialog, CopyButton, Dialog, Field, useFocusReturn, FormFooter, SecretOnceDialog } from "../ui-forms";
import { HealthBadge, StatusPill, type WebhookT } from "./webhook-common";

interface SigningSecret {
  hint: string;
  createdAt: string;
  shown: boolean;
}
interface SigningSecretReveal {
  secret: string;
  hint: string;
  createdAt: string;
}

/** The core's field names of WarehouseWebhookInput (the platform's, as its 422 names them), by the form's labels. */
const FIELDS = { topic: "Topic", trigger: "Trigger", url: "URL", status: "Status" };

/** "return.created → https://…": how a subscription is named to screen readers and in dialogs. */
const nameOf = (w: WebhookT) => `${w.trigger ?? w.topic} → ${w.callback.url}`;

/** The section of the webhooks page: the subscriptions, then the signing secret. */
export function WarehouseWebhooks({ storeId }: { storeId: string }) {
  const q = useQuery<{ warehouseWebhooks: WebhookT[]; warehouseSigningSecret: SigningSecret | null }>(WAREHOUSE_WEBHOOKS, { storeId });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WebhookT | null>(null);
  const [deleting, setDeleting] = useState<WebhookT | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const focus = useFocusReturn();
  const done = (message: string) => (setNotice(message), q.reload());
  return (
    <>
      <Section
        title="Warehouse platform webhooks"
        actions={
          <button type="button" onClick={(e) => (focus.remember(e), setCreating(true))}>
            Create warehouse webhook
          </button>
        }
      >
        <p class="muted small">
          For an endpoint written for the warehouse (Loop) platform: each subscription receives one trigger of a topic in the platform's
          format, signed with the store's signing secret below (<code>X-Loop-Signature</code>). The same subscriptions are served by the
          platform's API, <code>/api/v1/webhooks</code>. An inactive one is sent nothing.
        </p>
        <Notice>{notice}</Notice>
        <QueryView state={q} label="Loading the warehouse platform webhooks…">
          {(data) => (
            <Table
              caption="Warehouse platform webhooks"
              rows={data.warehouseWebhooks}
              rowKey={(w) => w.id}
              empty={
                <Empty title="No warehouse platform webhooks yet">
                  Create one to have return events sent in the warehouse platform's format.
                </Empty>
              }
              columns={[
                { label: "ID", render: (w) => <code>{w.platformId}</code> },
                {
                  label: "Topic and trigger",
                  render: (w) => (
                    <>
                      <code>{w.topic}</code>
                      <div>
                        <code class="small">{w.trigger}</code>
                      </div>
                    </>
                  ),
                },
                {
                  label: "URL",
                  render: (w) => (
                    <Link href={`/webhooks/${encodeURIComponent(w.id)}`} aria-label={`Deliveries of ${nameOf(w)}`}>
                      <code>{w.callback.url}</code>
                    </Link>
                  ),
                },
                { label: "Status", render: (w) => <StatusPill status={w.status} /> },
                { label: "Health", render: (w) => <HealthBadge health={w.health} /> },
                { label: "Created", render: (w) => <Time value={w.createdAt} /> },
                {
                  label: "Actions",
                  render: (w) => (
                    <div class="actions">
                      <StatusToggle webhook={w} onDone={done} />
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={`Edit ${nameOf(w)}`}
                        onClick={(e) => (focus.remember(e), setEditing(w))}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        class="danger-outline small"
                        aria-label={`Delete ${nameOf(w)}`}
                        onClick={(e) => (focus.remember(e), setDeleting(w))}
                      >
                        Delete
                      </button>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </Section>
      <Section title="Warehouse signing secret">
        <QueryView state={q} label="Loading the signing secret…">
          {(data) => <SigningSecretPanel storeId={storeId} secret={data.warehouseSigningSecret} onChange={q.reload} />}
        </QueryView>
      </Section>
      {(creating || editing) && (
        <WarehouseWebhookForm
          storeId={storeId}
          webhook={editing ?? undefined}
          onClose={() => (setCreating(false), setEditing(null), focus.restore())}
          onSaved={(w) => {
            setCreating(false);
            setEditing(null);
            focus.restore();
            done(
              `${editing ? "Saved" : "Created"} warehouse webhook ${w.platformId} (${WAREHOUSE_STATUS_LABELS[w.status as WarehouseStatus] ?? w.status}).`,
            );
          }}
        />
      )}
      {deleting && (
        <DeleteWarehouseWebhook
          webhook={deleting}
          onClose={() => (setDeleting(null), focus.restore())}
          onDeleted={() => (setDeleting(null), focus.restore(), done(`Deleted warehouse webhook ${deleting.platformId}.`))}
        />
      )}
    </>
  );
}

/** Activate / Deactivate in one click (small in a table row): the platform's update takes topic, trigger and URL again. */
export function StatusToggle({
  webhook: w,
  onDone,
  small = true,
}: {
  webhook: WebhookT;
  onDone: (message: string) => void;
  small?: boolean;
}) {
  const m = useMutation<{ updateWarehouseWebhook: WebhookT }>(UPDATE_WAREHOUSE_WEBHOOK);
  const next = toggledStatus(w.status);
  const verb = next === "active" ? "Activate" : "Deactivate";
  return (
    <>
      <button
        type="button"
        class={`${next === "active" ? "" : "secondary"} ${small ? "small" : ""}`.trim()}
        aria-label={`${verb} ${nameOf(w)}`}
        disabled={m.busy}
        aria-busy={m.busy}
        onClick={async () => {
          const res = await m.run({
            storeId: w.storeId,
            platformId: w.platformId,
            input: { topic: w.topic, trigger: w.trigger, url: w.callback.url, status: next },
          });
          if (res)
            onDone(
              next === "active"
                ? `Warehouse webhook ${w.platformId} is active: its trigger's events are sent to it from now on.`
                : `Warehouse webhook ${w.platformId} is inactive: nothing is sent to it until it is activated again.`,
            );
        }}
      >
        {m.busy ? "Saving…" : verb}
      </button>
      <ErrorMessage error={m.error} />
    </>
  );
}

/** Asks before deleting (from the list and from the webhook's page). */
export function DeleteWarehouseWebhook({
  webhook: w,
  onClose,
  onDeleted,
}: {
  webhook: WebhookT;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const mutation = useMutation(DELETE_WAREHOUSE_WEBHOOK);
  return (
    <ConfirmDialog
      open
      title={`Delete warehouse webhook ${w.platformId}?`}
      confirmLabel="Delete warehouse webhook"
      busy={mutation.busy}
      error={mutation.error}
      onClose={() => (mutation.clearError(), onClose())}
      onConfirm={async () => {
        if (await mutation.run({ storeId: w.storeId, platformId: w.platformId })) onDeleted();
      }}
    >
      <p>
        <code>{w.trigger}</code> events stop going to <code>{w.callback.url}</code>, and its queue and delivery log are deleted. It also
        disappears from the platform's API (<code>/api/v1/webhooks/{w.platformId}</code>).
      </p>
    </ConfirmDialog>
  );
}

/** Create (no webhook) or edit a subscription: topic, trigger, URL and status, as the platform's admin asks. */
interface FormProps {
  storeId: string;
  webhook?: WebhookT;
  onClose: () => void;
  onSaved: (w: WebhookT) => void;
}

export function WarehouseWebhookForm(props: FormProps) {
  const q = useQuery<{ warehouseWebhookTopics: WarehouseTopics }>(WAREHOUSE_WEBHOOK_TOPICS, {});
  if (q.data) return <LoadedForm {...props} topics={q.data.warehouseWebhookTopics} />;
  return (
    <Dialog
      open
      title={props.webhook ? `Edit warehouse webhook ${props.webhook.platformId}` : "Create warehouse webhook"}
      onClose={props.onClose}
    >
      <QueryView state={q} label="Loading the topics…">
        {() => null}
      </QueryView>
    </Dialog>
  );
}

function LoadedForm({ storeId, webhook, onClose, onSaved, topics }: FormProps & { topics: WarehouseTopics }) {
  const first = topics[0]?.topic ?? "";
  const [topic, setTopic] = useState(webhook?.topic ?? first);
  const [trigger, setTrigger] = useState(webhook?.trigger ?? triggersOf(topics, first)[0] ?? "");
  const [url, setUrl] = useState(webhook?.callback.url ?? "");
  const [status, setStatus] = useState<WarehouseStatus>(webhook?.status === "active" ? "active" : "inactive");
  const [local, setLocal] = useState<Record<string, string>>({});
  const create = useMutation<{ createWarehouseWebhook: WebhookT }>(CREATE_WAREHOUSE_WEBHOOK);
  const update = useMutation<{ updateWarehouseWebhook: WebhookT }>(UPDATE_WAREHOUSE_WEBHOOK);
  const m = webhook ? update : create;
  const errors = fieldErrors(m.error, FIELDS, local);
  const submit = async (e: Event) => {
    e.preventDefault();
    const checked = warehouseWebhookInput({ topic, trigger, url, status }, TEXT_BOUNDS.url, topics);
    if ("errors" in checked) return setLocal(checked.errors);
    setLocal({});
    if (webhook) {
      const res = await update.run({ storeId, platformId: webhook.platformId, input: checked.input });
      if (res) onSaved(res.updateWarehouseWebhook);
    } else {
      const res = await create.run({ storeId, input: checked.input });
      if (res) onSaved(res.createWarehouseWebhook);
    }
  };
  const title = webhook ? `Edit warehouse webhook ${webhook.platformId}` : "Create warehouse webhook";
  return (
    <Dialog open title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div class="grid-2">
          <Field label="Topic" error={errors.fields.topic} hint="Fixes the payload's shape.">
            <select
              name="topic"
              value={topic}
              aria-invalid={!!errors.fields.topic}
              onChange={(e) => {
                const next = (e.target as HTMLSelectElement).value;
                setTopic(next);
                setTrigger(triggerFor(topics, next, trigger));
              }}
            >
              {topics.map((t) => (
                <option value={t.topic}>{t.topic}</option>
              ))}
            </select>
          </Field>
          <Field label="Trigger" error={errors.fields.trigger} hint="The event that sends it.">
            <select
              name="trigger"
              value={trigger}
              aria-invalid={!!errors.fields.trigger}
              onChange={(e) => setTrigger((e.target as HTMLSelectElement).value)}
            >
              {triggersOf(topics, topic).map((t) => (
                <option value={t}>{t}</option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          label="URL"
          error={errors.fields.url}
          hint={`Where the deliveries are POSTed (at most ${TEXT_BOUNDS.url} characters). Production accepts only https to public addresses.`}
        >
          <input
            name="url"
            type="url"
            required
            maxLength={TEXT_BOUNDS.url}
            value={url}
            aria-invalid={!!errors.fields.url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            placeholder="https://example.com/hooks/loop"
          />
        </Field>
        <Field
          label="Status"
          error={errors.fields.status}
          hint="Inactive: nothing is sent until it is activated (the platform's default for a new webhook)."
        >
          <select name="status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value as WarehouseStatus)}>
            <option value="inactive">{WAREHOUSE_STATUS_LABELS.inactive}</option>
            <option value="active">{WAREHOUSE_STATUS_LABELS.active}</option>
          </select>
        </Field>
        <FormFooter
          error={errors.other}
          busy={m.busy}
          submitLabel={webhook ? "Save warehouse webhook" : "Create warehouse webhook"}
          busyLabel="Saving…"
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}

/**
 * The store's one signing secret for every warehouse platform subscription: its hint and age, Reveal
 * (once) and Rotate (confirmed: every consumer must switch at once), and how to verify a delivery.
 */
function SigningSecretPanel({ storeId, secret, onChange }: { storeId: string; secret: SigningSecret | null; onChange: () => void }) {
  const reveal = useMutation<{ revealWarehouseSigningSecret: SigningSecretReveal }>(REVEAL_WAREHOUSE_SIGNING_SECRET);
  const rotate = useMutation<{ rotateWarehouseSigningSecret: SigningSecretReveal }>(ROTATE_WAREHOUSE_SIGNING_SECRET);
  const [shown, setShown] = useState<{ value: SigningSecretReveal; rotated: boolean } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const focus = useFocusReturn();
  const close = () => (setShown(null), focus.restore(), onChange());
  return (
    <>
      {!secret ? (
        <p>
          No signing secret yet. Reveal creates one and shows it once; every warehouse platform webhook of this store is signed with it.
        </p>
      ) : (
        <Details
          items={[
            [
              "Secret",
              <>
                ending in <code data-testid="warehouse-secret-hint">{secret.hint}</code>
              </>,
            ],
            ["Created", <Time value={secret.createdAt} />],
          ]}
        />
      )}
      {secret?.shown && (
        <p class="muted" data-testid="warehouse-secret-shown">
          This secret has been shown once and cannot be shown again. If it was lost, rotate it: you get a new one, shown once.
        </p>
      )}
      <div class="actions">
        {!secret?.shown && (
          <button
            type="button"
            disabled={reveal.busy}
            aria-busy={reveal.busy}
            onClick={async (e) => {
              focus.remember(e);
              const res = await reveal.run({ storeId });
              if (res) setShown({ value: res.revealWarehouseSigningSecret, rotated: false });
            }}
          >
            {reveal.busy ? "Revealing…" : "Reveal signing secret"}
          </button>
        )}
        {secret && (
          <button type="button" class="danger-outline" onClick={(e) => (focus.remember(e), setConfirmRotate(true))}>
            Rotate signing secret
          </button>
        )}
      </div>
      <ErrorMessage error={reveal.error} />
      <details class="verify">
        <summary>Verify a delivery</summary>
        <p class="small">
          Each delivery carries <code>X-Loop-Signature</code>: the base64 HMAC-SHA256 of the exact body bytes, keyed with this secret.
          Compute it over the raw body (before parsing the JSON) and compare in constant time, e.g. in Node:
        </p>
        <pre class="body snippet" data-testid="verify-snippet">
          <code>{VERIFY_LOOP_SIGNATURE}</code>
        </pre>
        <CopyButton text={VERIFY_LOOP_SIGNATURE} label="Copy the verification code" />
      </details>
      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the warehouse signing secret?"
        confirmLabel="Rotate signing secret"
        busy={rotate.busy}
        error={rotate.error}
        onClose={() => (setConfirmRotate(false), rotate.clearError(), focus.restore())}
        onConfirm={async () => {
          const res = await rotate.run({ storeId });
          if (res) {
            setConfirmRotate(false);
            setShown({ value: res.rotateWarehouseSigningSecret, rotated: true });
          }
        }}
      >
        <p class="warning">
          Every warehouse platform webhook of this store is signed with the new secret from its next attempt on, the old one no longer
          works. <strong>Every consumer must be updated with the new secret at once</strong>, or it will refuse the deliveries.
        </p>
        <p>The new secret is shown once, right after rotating.</p>
      </ConfirmDialog>
      <SecretOnceDialog
        secret={shown?.value.secret ?? null}
        title="Copy the warehouse signing secret now"
        label="Warehouse signing secret"
        copyLabel="Copy the warehouse signing secret"
        testId="warehouse-signing-secret"
        hint={shown ? `Ends in ${shown.value.hint}; created ${new Date(shown.value.createdAt).toLocaleString()}.` : undefined}
        onClose={close}
      >
        {shown?.rotated ? "The secret was rotated. " : ""}This is the only time the signing secret is shown: copy it now into every
        consumer. Afterwards it can only be replaced (rotate), not shown again.
      </SecretOnceDialog>
    </>
  );
}
