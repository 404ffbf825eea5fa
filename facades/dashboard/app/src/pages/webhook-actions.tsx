// A webhook's delivery log actions: each delivery's attempts, retrying one, a test event, replaying from a time.
import { useState } from "preact/hooks";
import { REPLAY_WEBHOOK, RETRY_WEBHOOK_DELIVERY, SEND_WEBHOOK_TEST_EVENT } from "./webhook-actions.ops";
import { replayStart } from "../logic";
import { Badge, ErrorMessage, Time, useMutation } from "../ui";
import { Field } from "../ui-forms";
import type { Delivery } from "./webhook-common";

export function Attempts({ d }: { d: Delivery }) {
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

export function RetryButton({ d, onDone }: { d: Delivery; onDone: (message: string) => void }) {
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
export function TestEventButton({ webhookId, onDone }: { webhookId: string; onDone: (message: string) => void }) {
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

export function ReplayForm({ webhookId, onDone }: { webhookId: string; onDone: (queued: number) => void }) {
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
