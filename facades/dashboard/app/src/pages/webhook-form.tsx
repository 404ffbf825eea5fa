// Adding or editing one of Retour's own webhook subscriptions (the warehouse platform's have theirs in
// warehouse-webhooks.tsx): callback URL, bearer token (kept when masked), topic and backfill.
import { useState } from "preact/hooks";
import { CREATE_WEBHOOK, UPDATE_WEBHOOK } from "./webhook-form.ops";
import { fieldErrors } from "../forms";
import type { WebhookT } from "./webhook-common";
import { ErrorMessage, useMutation } from "../ui";
import { Dialog, Field } from "../ui-forms";

/** Each topic and what it says on the form (the value is the API's). */
const TOPICS: [string, string][] = [
  ["return", "return"],
  ["gift_card", "gift card (store credit redeemed or put back)"],
];

const WEBHOOK_FIELDS = {
  "webhook.callback.url": "Callback URL",
  "webhook.callback.auth": "Bearer token",
  "webhook.externalId": "External id",
};

export const REDO = {
  value: "redo",
  label: "Retour (standard)",
  help: "Retour's own payload: the return and its order, as GET /v2.2/returns/{id} answers.",
};

/** Add (storeId given) or edit (webhook given) a subscription. */
export function WebhookForm({
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
              {TOPICS.map(([t, words]) => (
                <option value={t}>{words}</option>
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
