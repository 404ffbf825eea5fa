// Returns: the landing page. A filterable list (status, updated dates, order name; kept in the URL)
// with "load more", and a detail view with items, totals, timeline, comments and the lifecycle actions.
// Which actions exist is the core's answer (`allowedActions`); the page only renders buttons for them,
// and shows the core's error when it refuses one (e.g. a return changed in another tab).
import { useEffect, useState } from "preact/hooks";
import type { PageProps } from "../app";
import {
  ADD_RETURN_COMMENT, CANCEL_RETURN, COMPLETE_RETURN, FLAG_RETURN, PROCESS_RETURN, REJECT_RETURN, REMOVE_RETURN_ITEMS, REOPEN_RETURN, RESET_RETURN, RETURN, RETURNS,
} from "../operations";
import { actionButtons, actorText, personName, returnFilterVariables, RETURN_STATUSES, STATUS_LABELS, statusTone, timelineText, type ActionInfo } from "../logic";
import { useSearchParams } from "../router";
import {
  Badge, Details, Dialog, Empty, ErrorMessage, Field, Link, MoneyText, Notice, PageHeader, QueryView, Section, Table, Time, useConnection, useFocusReturn, useMutation, useQuery, ListFooter } from "../ui";

type Money = { amount: string; currency: string };
type Wrapped = { amount: Money };

interface ReturnRow {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  order: { id: string; name: string };
  source: { emailAddress: string | null; name: { given: string; surname: string } };
  items: { id: string; quantity: number }[];
  totals: { refund: Wrapped; storeCredit: Wrapped };
}

interface ReturnItem {
  id: string;
  quantity: number;
  reason: string;
  reasonCode: string | null;
  customerComment: string | null;
  status: string;
  compensation: string;
  outcome: string | null;
  productAdjustment: string | null;
  sku: string | null;
  orderItem: { id: string; line_item_id: string };
  refund: { amount: Money; type: string };
  productValueNoTaxNoAdjustment: Wrapped;
}

interface Actor {
  type: string;
  id: string | null;
  name: string | null;
}

interface ReturnDetail {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  reopened: boolean;
  allowedActions: string[];
  order: { id: string; name: string };
  source: { emailAddress: string | null; phoneNumber: string | null; name: { given: string; surname: string }; mailingAddress: Record<string, string> | null };
  items: ReturnItem[];
  totals: { charge: Wrapped; exchange: Wrapped; refund: Wrapped; storeCredit: Wrapped; shippingFee: Wrapped };
  shipment: { carrier: string | null; status: string | null; tracker: string | null; trackingUrl: string | null } | null;
  createdBy: Actor;
  timeline: { id: string; action: string; fromStatus: string | null; toStatus: string; actor: Actor; detail: string | null; at: string }[];
  comments: { id: string; message: string | null; image: string | null; author: Actor; createdAt: string }[];
  fullOrder: { id: string; name: string; currency: string; items: { id: string; externalId: string; quantity: number; price: Money; product: { name: string }; variant: { name: string; sku: string | null } }[] };
}

const PAGE = 25;

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{STATUS_LABELS[status] ?? status}</Badge>;
}

export function Returns({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const filters = { status: params.get("status") ?? "", from: params.get("from") ?? "", to: params.get("to") ?? "", order: params.get("order") ?? "" };
  const [draft, setDraft] = useState(filters);
  const { variables, errors } = returnFilterVariables(filters);
  const list = useConnection<ReturnRow>(RETURNS, { storeId, first: PAGE, ...variables }, (d: any) => d.returns);
  const filtered = Object.values(filters).some(Boolean);

  const apply = (e: Event) => {
    e.preventDefault();
    setParams({ status: draft.status || null, from: draft.from || null, to: draft.to || null, order: draft.order.trim() || null });
  };
  const clear = () => {
    setDraft({ status: "", from: "", to: "", order: "" });
    setParams({ status: null, from: null, to: null, order: null });
  };
  const field = (k: keyof typeof draft) => ({
    value: draft[k],
    onInput: (e: Event) => setDraft({ ...draft, [k]: (e.target as HTMLInputElement).value }),
  });

  return (
    <>
      <PageHeader title="Returns" description="Every return of the store, most recently created first. Open one to process it." />
      <Section title="Filter returns">
        <form class="filters" onSubmit={apply} aria-label="Filter returns">
          <Field label="Status">
            <select name="status" {...field("status")} onChange={(e) => setDraft({ ...draft, status: (e.target as HTMLSelectElement).value })}>
              <option value="">Any status</option>
              {RETURN_STATUSES.map((s) => (
                <option value={s}>{STATUS_LABELS[s]}</option>
              ))}
            </select>
          </Field>
          <Field label="Updated from" hint={errors.from ?? "UTC day, inclusive"}>
            <input type="date" name="from" {...field("from")} aria-invalid={!!errors.from} />
          </Field>
          <Field label="Updated until" hint={errors.to ?? "UTC day, inclusive"}>
            <input type="date" name="to" {...field("to")} aria-invalid={!!errors.to} />
          </Field>
          <Field label="Order name" hint="Exactly, e.g. #1001">
            <input type="search" name="order" {...field("order")} placeholder="#1001" />
          </Field>
          <div class="form-actions">
            <button type="submit">Apply filters</button>
            {filtered && (
              <button type="button" class="secondary" onClick={clear}>
                Clear
              </button>
            )}
          </div>
        </form>
        {(errors.from || errors.to || errors.status) && (
          <p class="error" role="alert">
            {[errors.status, errors.from && `Updated from: ${errors.from}`, errors.to && `Updated until: ${errors.to}`].filter(Boolean).join(" ")}
          </p>
        )}
      </Section>
      <Section title="Return list" id="return-list">
        <QueryView state={list.state} label="Loading returns…">
          {() => (
            <>
              <p class="muted small" role="status">
                {list.nodes.length} return{list.nodes.length === 1 ? "" : "s"} shown{list.pageInfo.hasNextPage ? " (more available)" : ""}
                {list.state.loading ? " · updating…" : ""}
              </p>
              <Table
                caption="Returns"
                rows={list.nodes}
                rowKey={(r) => r.id}
                empty={
                  <Empty title={filtered ? "No returns match these filters" : "No returns yet"}>
                    {filtered ? "Change or clear the filters." : "Returns created through the API or the customer portal appear here."}
                  </Empty>
                }
                columns={[
                  {
                    label: "Return",
                    render: (r) => (
                      <Link href={`/returns/${encodeURIComponent(r.id)}`} aria-label={`Return ${r.id} for order ${r.order.name}`}>
                        <code>{r.id}</code>
                      </Link>
                    ),
                  },
                  { label: "Order", render: (r) => r.order.name },
                  { label: "Customer", render: (r) => personName(r.source.name, r.source.emailAddress) },
                  { label: "Status", render: (r) => <StatusBadge status={r.status} /> },
                  { label: "Items", render: (r) => r.items.reduce((n, i) => n + i.quantity, 0) },
                  { label: "Refund", render: (r) => <MoneyText value={r.totals.refund.amount} /> },
                  { label: "Updated", render: (r) => <Time value={r.updatedAt} /> },
                ]}
              />
              <ListFooter list={list} />
            </>
          )}
        </QueryView>
      </Section>
    </>
  );
}

const SIMPLE_MUTATIONS: Record<string, string> = {
  flag: FLAG_RETURN,
  reject: REJECT_RETURN,
  cancel: CANCEL_RETURN,
  reset: RESET_RETURN,
  reopen: REOPEN_RETURN,
  complete: COMPLETE_RETURN,
};

export function ReturnPage({ params }: PageProps) {
  const q = useQuery<{ return: ReturnDetail | null }>(RETURN, { id: params.id });
  const [current, setCurrent] = useState<ReturnDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<ActionInfo | null>(null);
  const focus = useFocusReturn();
  const close = () => {
    setOpen(null);
    focus.restore();
  };
  useEffect(() => setCurrent(null), [q.data]);

  const back = (
    <p>
      <Link href="/returns">← All returns</Link>
    </p>
  );
  const done = (r: ReturnDetail, message: string) => {
    setCurrent(r);
    setNotice(message);
    close();
  };

  return (
    <QueryView state={q} label="Loading the return…">
      {(data) => {
        const r = current ?? data.return;
        if (!r) {
          return (
            <>
              {back}
              <PageHeader title="Return not found" />
              <Empty title={`No return ${params.id} in this store`}>It may belong to another store, or the link is wrong.</Empty>
            </>
          );
        }
        const titleOf = (it: ReturnItem) => {
          const oi = r.fullOrder.items.find((o) => o.id === it.orderItem.id);
          return oi ? `${oi.product.name}${oi.variant.name && oi.variant.name !== oi.product.name ? ` · ${oi.variant.name}` : ""}` : it.orderItem.line_item_id;
        };
        const buttons = actionButtons(r.allowedActions);
        return (
          <>
            {back}
            <PageHeader title={`Return for order ${r.order.name}`} description={<code>{r.id}</code>} actions={<StatusBadge status={r.status} />} />
            <Notice>{notice}</Notice>
            <Section title="Actions">
              {buttons.length ? (
                <div class="actions" role="group" aria-label="Return actions">
                  {buttons.map((b) => (
                    <button type="button" class={b.danger ? "danger-outline" : b.action === "process" ? "" : "secondary"} onClick={(e) => (focus.remember(e), setOpen(b))}>
                      {b.label}
                    </button>
                  ))}
                </div>
              ) : (
                <p class="muted">No lifecycle actions are possible in status “{STATUS_LABELS[r.status] ?? r.status}”. Comments can still be added.</p>
              )}
            </Section>
            {open?.action === "process" && <ProcessDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open?.action === "remove_items" && <RemoveItemsDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open && SIMPLE_MUTATIONS[open.action] && <SimpleActionDialog ret={r} info={open} onClose={close} onDone={done} />}

            <div class="grid-2">
              <Section title="Details">
                <Details
                  items={[
                    ["Status", <StatusBadge status={r.status} />],
                    ["Type", r.type],
                    ["Order", r.order.name],
                    ["Customer", personName(r.source.name, r.source.emailAddress)],
                    ["Email", r.source.emailAddress ?? "—"],
                    ["Created", <Time value={r.createdAt} />],
                    ["Updated", <Time value={r.updatedAt} />],
                    ["Created by", actorText(r.createdBy)],
                    ...(r.shipment ? ([["Shipment", `${r.shipment.carrier ?? "carrier unknown"} · ${r.shipment.tracker ?? "no tracking"} · ${r.shipment.status ?? ""}`]] as [string, string][]) : []),
                    ...(r.reopened ? ([["Reopened", "Yes"]] as [string, string][]) : []),
                  ]}
                />
              </Section>
              <Section title="Totals">
                <Details
                  items={[
                    ["Refund", <MoneyText value={r.totals.refund.amount} />],
                    ["Store credit", <MoneyText value={r.totals.storeCredit.amount} />],
                    ["Exchange", <MoneyText value={r.totals.exchange.amount} />],
                    ["Charge", <MoneyText value={r.totals.charge.amount} />],
                    ["Shipping fee", <MoneyText value={r.totals.shippingFee.amount} />],
                  ]}
                />
              </Section>
            </div>
            <Section title="Items">
              <Table
                caption={`Items of return ${r.id}`}
                rows={r.items}
                rowKey={(i) => i.id}
                empty={<Empty title="No items" />}
                columns={[
                  { label: "Item", render: (i) => (<><strong>{titleOf(i)}</strong>{i.sku && <div class="muted small">SKU {i.sku}</div>}</>) },
                  { label: "Qty", render: (i) => i.quantity },
                  { label: "Reason", render: (i) => (<>{i.reason || "—"}{i.customerComment && <div class="muted small">“{i.customerComment}”</div>}</>) },
                  { label: "Status", render: (i) => <Badge tone={statusTone(i.status)}>{i.status}</Badge> },
                  { label: "Compensation", render: (i) => i.compensation.replace(/_/g, " ") },
                  { label: "Value", render: (i) => <MoneyText value={i.productValueNoTaxNoAdjustment.amount} /> },
                  { label: "Refund", render: (i) => (<><MoneyText value={i.refund.amount} />{i.productAdjustment && i.productAdjustment !== "0.00" && <div class="muted small">adjusted −{i.productAdjustment}</div>}</>) },
                ]}
              />
            </Section>
            <div class="grid-2">
              <Section title="Timeline">
                {r.timeline.length ? (
                  <ol class="timeline" aria-label="Timeline">
                    {r.timeline.map((e) => (
                      <li>
                        <strong>{timelineText(e)}</strong>
                        <div class="muted small">
                          <Time value={e.at} /> · {actorText(e.actor)}
                        </div>
                        {e.detail && <div class="small">{detailText(e.detail)}</div>}
                      </li>
                    ))}
                  </ol>
                ) : (
                  <Empty title="No history yet" />
                )}
              </Section>
              <Section title="Comments">
                <Comments ret={r} onAdded={(c) => setCurrent({ ...r, comments: [...r.comments, c] })} />
              </Section>
            </div>
          </>
        );
      }}
    </QueryView>
  );
}

function detailText(detail: string): string {
  try {
    const d = JSON.parse(detail);
    const flat = (v: unknown): string =>
      Array.isArray(v) ? v.map(flat).join("; ") : v && typeof v === "object" ? Object.entries(v).map(([k, x]) => `${k} ${flat(x)}`).join(", ") : String(v);
    if (d && typeof d === "object") return Object.entries(d).map(([k, v]) => `${k}: ${flat(v)}`).join(" · ");
  } catch {
    // Not JSON: show it as it is.
  }
  return detail;
}

function Comments({ ret, onAdded }: { ret: ReturnDetail; onAdded: (c: ReturnDetail["comments"][number]) => void }) {
  const [text, setText] = useState("");
  const add = useMutation<{ addReturnComment: ReturnDetail["comments"][number] }>(ADD_RETURN_COMMENT);
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await add.run({ id: ret.id, message: text });
    if (res) {
      onAdded(res.addReturnComment);
      setText("");
    }
  };
  return (
    <>
      {ret.comments.length ? (
        <ul class="comments" aria-label="Comments">
          {ret.comments.map((c) => (
            <li>
              {c.message ? <p>{c.message}</p> : c.image ? <p class="muted">(image)</p> : null}
              <div class="muted small">
                {actorText(c.author)} · <Time value={c.createdAt} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No comments yet.</p>
      )}
      <form onSubmit={submit}>
        <Field label="Add a comment">
          <textarea name="comment" value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} required />
        </Field>
        <ErrorMessage error={add.error} />
        <button type="submit" disabled={add.busy || !text.trim()} aria-busy={add.busy}>
          {add.busy ? "Adding…" : "Add comment"}
        </button>
      </form>
    </>
  );
}

type Done = (r: ReturnDetail, message: string) => void;

function SimpleActionDialog({ ret, info, onClose, onDone }: { ret: ReturnDetail; info: ActionInfo; onClose: () => void; onDone: Done }) {
  const [reason, setReason] = useState("");
  const m = useMutation<Record<string, { message: string; return: ReturnDetail }>>(SIMPLE_MUTATIONS[info.action]);
  const confirm = async () => {
    const res = await m.run(info.reason ? { id: ret.id, reason: reason.trim() || null } : { id: ret.id });
    if (res) {
      const payload = Object.values(res)[0];
      onDone(payload.return, payload.message || `${info.label}: done.`);
    }
  };
  return (
    <Dialog
      open
      title={`${info.label} this return?`}
      onClose={onClose}
      role={info.danger ? "alertdialog" : "dialog"}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" class={info.danger ? "danger" : ""} onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Working…" : `${info.label} return`}
          </button>
        </>
      }
    >
      <p>{info.description}</p>
      {info.reason && (
        <Field label="Reason (optional)" hint="Recorded in the timeline.">
          <input name="reason" value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        </Field>
      )}
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}

type Decision = { mode: "restock" | "keep" | "reject"; adjustment: string };

function ProcessDialog({ ret, titleOf, onClose, onDone }: { ret: ReturnDetail; titleOf: (i: ReturnItem) => string; onClose: () => void; onDone: Done }) {
  const open = ret.items.filter((i) => i.status === "open");
  const items = open.length ? open : ret.items;
  const [decisions, setDecisions] = useState<Record<string, Decision>>(() => Object.fromEntries(items.map((i) => [i.id, { mode: "restock", adjustment: "" }])));
  const m = useMutation<{ processReturn: { message: string; return: ReturnDetail } }>(PROCESS_RETURN);
  const set = (id: string, patch: Partial<Decision>) => setDecisions({ ...decisions, [id]: { ...decisions[id], ...patch } });
  const confirm = async () => {
    const input = items.map((i) => {
      const d = decisions[i.id];
      if (d.mode === "reject") return { itemId: i.id, reject: true };
      return { itemId: i.id, restock: d.mode === "restock", ...(d.adjustment.trim() ? { merchantAdjustment: d.adjustment.trim() } : {}) };
    });
    const res = await m.run({ id: ret.id, items: input });
    if (res) onDone(res.processReturn.return, res.processReturn.message || "Processed.");
  };
  return (
    <Dialog
      open
      title="Process items"
      onClose={onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Processing…" : "Process return"}
          </button>
        </>
      }
    >
      <p>For each item: restock it, accept it without restocking, or reject it. An adjustment (in {ret.fullOrder.currency}) is subtracted from the item's refund.</p>
      {items.map((i) => (
        <fieldset class="process-item">
          <legend>
            {titleOf(i)} × {i.quantity}
          </legend>
          <div class="inline" role="radiogroup" aria-label={`Decision for ${titleOf(i)}`}>
            {(["restock", "keep", "reject"] as const).map((mode) => (
              <label>
                <input type="radio" name={`mode-${i.id}`} checked={decisions[i.id].mode === mode} onChange={() => set(i.id, { mode })} />
                {mode === "restock" ? "Restock" : mode === "keep" ? "Accept, don't restock" : "Reject"}
              </label>
            ))}
          </div>
          {decisions[i.id].mode !== "reject" && (
            <Field label={`Adjustment for ${titleOf(i)}`} hint="Optional, e.g. 5.00">
              <input inputMode="decimal" value={decisions[i.id].adjustment} onInput={(e) => set(i.id, { adjustment: (e.target as HTMLInputElement).value })} />
            </Field>
          )}
        </fieldset>
      ))}
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}

function RemoveItemsDialog({ ret, titleOf, onClose, onDone }: { ret: ReturnDetail; titleOf: (i: ReturnItem) => string; onClose: () => void; onDone: Done }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const m = useMutation<{ removeReturnItems: { message: string; return: ReturnDetail } }>(REMOVE_RETURN_ITEMS);
  const confirm = async () => {
    const res = await m.run({ id: ret.id, itemIds: chosen });
    if (res) onDone(res.removeReturnItems.return, res.removeReturnItems.message || "Items removed.");
  };
  return (
    <Dialog
      open
      title="Remove items"
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" class="danger" onClick={confirm} disabled={m.busy || !chosen.length} aria-busy={m.busy}>
            {m.busy ? "Removing…" : "Remove items"}
          </button>
        </>
      }
    >
      <p>Choose the items to take off this return. At least one item must stay; to drop them all, reset the return instead.</p>
      <fieldset>
        <legend>Items</legend>
        {ret.items.map((i) => (
          <label class="checkbox" style="display:flex">
            <input type="checkbox" checked={chosen.includes(i.id)} onChange={(e) => setChosen((e.target as HTMLInputElement).checked ? [...chosen, i.id] : chosen.filter((x) => x !== i.id))} />
            {titleOf(i)} × {i.quantity}
          </label>
        ))}
      </fieldset>
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}
