// Returns: the landing page. A list with search, sort, status tabs with counts and filters (all kept
// in the URL), "load more", bulk actions and a CSV export; and a return's page with its addresses,
// label, items, refund, timeline, comments and the lifecycle actions, each explained before it runs.
// Which actions exist is the core's answer (`allowedActions`); the page only renders buttons for them,
// and shows the core's error when it refuses one (e.g. a return changed in another tab).
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { PageProps } from "../router";
import {
  ADD_RETURN_COMMENT,
  BULK_RETURN_ACTION,
  CANCEL_RETURN,
  COMPLETE_RETURN,
  FLAG_RETURN,
  PROCESS_RETURN,
  REJECT_RETURN,
  REMOVE_RETURN_ITEMS,
  REOPEN_RETURN,
  RESET_RETURN,
  RETURN,
  RETURNS,
  RETURNS_CSV,
} from "../operations";
import {
  actionButtons,
  actorText,
  addAmounts,
  adjustmentError,
  otherReturns,
  personName,
  refundState,
  returnFilterVariables,
  RETURN_SORTS,
  STATUS_LABELS,
  statusTone,
  timelineText,
  type ActionInfo,
  type CsvPage,
} from "../logic";
import { fieldErrors } from "../forms";
import { gql } from "../graphql";
import { useSearchParams } from "../router";
import { ReturnTagsSection, TagManager, TagPills, useReturnTags } from "./return-tags";
import {
  Badge,
  CsvDownloadButton,
  Details,
  Dialog,
  Empty,
  ErrorMessage,
  Field,
  Link,
  MoneyText,
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
} from "../ui";

type Money = { amount: string; currency: string };
type Wrapped = { amount: Money };

interface ReturnRow {
  id: string;
  tags: { name: string }[];
  number: string | null;
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
  /** The product's title (an imported item's; an order item's comes from the order). */
  title: string | null;
  quantity: number;
  reason: string;
  reasonCode: string | null;
  customerComment: string | null;
  status: string;
  compensation: string;
  outcome: string | null;
  productAdjustment: string | null;
  sku: string | null;
  imageUrl: string | null;
  orderItem: { id: string; line_item_id: string };
  refund: { amount: Money; type: string };
  productValueNoTaxNoAdjustment: Wrapped;
  tax: Wrapped;
}

interface Actor {
  type: string;
  id: string | null;
  name: string | null;
}

type ReturnAddress = Record<string, string | null>;

interface ReturnDetail {
  id: string;
  storeId: string;
  tags: { name: string; source: string }[];
  number: string | null;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  reopened: boolean;
  allowedActions: string[];
  order: { id: string; name: string };
  source: {
    emailAddress: string | null;
    phoneNumber: string | null;
    name: { given: string; surname: string };
    mailingAddress: ReturnAddress | null;
  };
  items: ReturnItem[];
  totals: { charge: Wrapped; exchange: Wrapped; refund: Wrapped; storeCredit: Wrapped; shippingFee: Wrapped };
  shipment: {
    carrier: string | null;
    status: string | null;
    tracker: string | null;
    trackingUrl: string | null;
    postageLabel: string | null;
    formLabel: string | null;
  } | null;
  createdBy: Actor;
  timeline: { id: string; action: string; fromStatus: string | null; toStatus: string; actor: Actor; detail: string | null; at: string }[];
  comments: { id: string; message: string | null; image: string | null; author: Actor; createdAt: string }[];
  /** Null for an imported return: it has no order. */
  fullOrder: {
    id: string;
    name: string;
    currency: string;
    shippingAddress: ReturnAddress | null;
    billingAddress: ReturnAddress | null;
    items: {
      id: string;
      externalId: string;
      quantity: number;
      price: Money;
      product: { name: string };
      variant: { name: string; sku: string | null };
    }[];
    customerRecord: CustomerReturns | null;
  } | null;
}

interface CustomerReturns {
  id: string;
  email: string;
  returns: { nodes: { id: string; number: string | null; status: string; createdAt: string }[]; pageInfo: { hasNextPage: boolean } };
}

/** The customer's other returns, linked (the customer record is the order's, matched by e-mail). */
function CustomerReturnsSection({ ret }: { ret: { id: string; fullOrder: { customerRecord: CustomerReturns | null } | null } }) {
  const record = ret.fullOrder?.customerRecord ?? null;
  if (!record) return null;
  const { returns, more } = otherReturns(record, ret.id);
  const all = `/returns?q=${encodeURIComponent(record.email)}`;
  return (
    <Section title="The customer's other returns">
      {returns.length ? (
        <ul class="plain" aria-label={`Other returns of ${record.email}`}>
          {returns.map((o) => (
            <li>
              <Link href={`/returns/${encodeURIComponent(o.id)}`}>{returnLabel(o)}</Link> <StatusBadge status={o.status} />{" "}
              <span class="muted small">
                <Time value={o.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No other returns from {record.email}.</p>
      )}
      {more && (
        <p>
          <Link href={all}>All returns of {record.email}</Link>
        </p>
      )}
    </Section>
  );
}

const PAGE = 25;
const FILTER_KEYS = ["status", "from", "to", "order", "q", "tag", "sort"] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{STATUS_LABELS[status] ?? status}</Badge>;
}

/** "R12" where the core gives a number, else the id (rows written outside the service). */
export const returnLabel = (r: { id: string; number: string | null }) => r.number ?? r.id;

export function Returns({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ""])) as Filters;
  const [draft, setDraft] = useState(filters);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<BulkChoice | null>(null);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const { variables, errors } = returnFilterVariables(filters);
  const list = useConnection<ReturnRow>(RETURNS, { storeId, first: PAGE, ...variables }, (d: any) => d.returns);
  const counts: { status: string; count: number }[] = (list.state.data as any)?.returns?.statusCounts ?? [];
  const filtered = FILTER_KEYS.some((k) => k !== "sort" && filters[k]);
  const focus = useFocusReturn();
  const tagCatalogue = useReturnTags(storeId);

  const apply = (e: Event) => {
    e.preventDefault();
    setSelected([]);
    setParams({
      from: draft.from || null,
      to: draft.to || null,
      order: draft.order.trim() || null,
      q: draft.q.trim() || null,
      tag: draft.tag || null,
      sort: draft.sort || null,
    });
  };
  const clear = () => {
    setDraft({ status: "", from: "", to: "", order: "", q: "", tag: "", sort: filters.sort });
    setSelected([]);
    setParams({ status: null, from: null, to: null, order: null, q: null, tag: null });
  };
  const field = (k: keyof Filters) => ({
    value: draft[k],
    onInput: (e: Event) => setDraft({ ...draft, [k]: (e.target as HTMLInputElement).value }),
  });
  const toggle = (id: string, on: boolean) => setSelected(on ? [...selected, id] : selected.filter((x) => x !== id));
  const all = counts.reduce((n, c) => n + c.count, 0);

  return (
    <>
      <PageHeader
        title="Returns"
        description="Find a return by order, customer or return number; open one to process it, or select several to act on them at once."
        actions={<ExportCsv storeId={storeId} variables={variables} />}
      />
      <Section title="Filter returns">
        <form class="filters wide" onSubmit={apply} aria-label="Filter returns">
          <div class="search-field">
            <Field label="Search" hint="Part of an order (#1001), a customer's name or email, or a return number (R12)">
              <input type="search" name="q" maxLength={255} {...field("q")} placeholder="ada@example.test" />
            </Field>
          </div>
          <Field label="Sort">
            <select
              name="sort"
              value={draft.sort || "NEWEST"}
              onChange={(e) => setDraft({ ...draft, sort: (e.target as HTMLSelectElement).value })}
            >
              {RETURN_SORTS.map((o) => (
                <option value={o.value}>{o.label}</option>
              ))}
            </select>
          </Field>
          <Field label="Updated from" hint="UTC day, inclusive" error={errors.from}>
            <input type="date" name="from" {...field("from")} aria-invalid={!!errors.from} />
          </Field>
          <Field label="Updated until" hint="UTC day, inclusive" error={errors.to}>
            <input type="date" name="to" {...field("to")} aria-invalid={!!errors.to} />
          </Field>
          <Field label="Order name" hint="Exactly, e.g. #1001">
            <input type="search" name="order" {...field("order")} placeholder="#1001" />
          </Field>
          <Field label="Tag">
            <select
              name="tag"
              aria-label="Tag"
              value={draft.tag}
              onChange={(e) => setDraft({ ...draft, tag: (e.target as HTMLSelectElement).value })}
            >
              <option value="">Any tag</option>
              {draft.tag && !tagCatalogue.themes.has(draft.tag) && <option value={draft.tag}>{draft.tag}</option>}
              {tagCatalogue.tags.map((t) => (
                <option value={t.name}>{t.name}</option>
              ))}
            </select>
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
        {errors.status && (
          <p class="error" role="alert">
            {errors.status}
          </p>
        )}
      </Section>
      <TagManager
        storeId={storeId}
        tags={tagCatalogue.tags}
        onChanged={() => {
          tagCatalogue.reload();
          list.state.reload();
        }}
      />
      <Section title="Return list" id="return-list">
        <nav class="tabs" aria-label="Status">
          <ul>
            {[{ status: "", count: all }, ...counts.filter((c) => c.count > 0 || c.status === filters.status)].map((c) => (
              <li>
                <button
                  type="button"
                  class="tab"
                  aria-pressed={filters.status === c.status}
                  onClick={() => {
                    setSelected([]);
                    setParams({ status: c.status || null });
                  }}
                >
                  {c.status ? (STATUS_LABELS[c.status] ?? c.status) : "All"} <span class="count">{c.count}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {results && <BulkResults results={results} onDismiss={() => setResults(null)} />}
        <QueryView state={list.state} label="Loading returns…">
          {() => (
            <>
              <div class="bulk-bar" role="group" aria-label="Selected returns">
                <label class="checkbox">
                  <input
                    type="checkbox"
                    checked={list.nodes.length > 0 && list.nodes.every((r) => selected.includes(r.id))}
                    onChange={(e) => setSelected((e.target as HTMLInputElement).checked ? list.nodes.map((r) => r.id) : [])}
                  />
                  Select all shown
                </label>
                {selected.length ? (
                  <>
                    <span role="status">{selected.length} selected</span>
                    {BULK_CHOICES.map((b) => (
                      <button type="button" class="secondary small" onClick={(e) => (focus.remember(e), setBulk(b))}>
                        {b.label}
                      </button>
                    ))}
                  </>
                ) : (
                  <span class="muted small">Select returns to process, flag or reject them at once.</span>
                )}
              </div>
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
                    label: "Select",
                    render: (r) => (
                      <input
                        type="checkbox"
                        checked={selected.includes(r.id)}
                        onChange={(e) => toggle(r.id, (e.target as HTMLInputElement).checked)}
                        aria-label={`Select return ${returnLabel(r)}${r.order.name ? ` for order ${r.order.name}` : " (imported)"}`}
                      />
                    ),
                  },
                  {
                    label: "Return",
                    render: (r) => (
                      <>
                        <Link
                          href={`/returns/${encodeURIComponent(r.id)}`}
                          aria-label={`Return ${returnLabel(r)}${r.order.name ? ` for order ${r.order.name}` : " (imported)"}`}
                        >
                          <strong>{returnLabel(r)}</strong>
                        </Link>
                        <div class="muted small">
                          <code>{r.id}</code>
                        </div>
                      </>
                    ),
                  },
                  { label: "Order", render: (r) => r.order.name || "— (imported)" },
                  {
                    label: "Customer",
                    render: (r) => (
                      <>
                        {personName(r.source.name, r.source.emailAddress)}
                        {r.source.emailAddress && <div class="muted small">{r.source.emailAddress}</div>}
                      </>
                    ),
                  },
                  { label: "Status", render: (r) => <StatusBadge status={r.status} /> },
                  { label: "Tags", render: (r) => <TagPills tags={r.tags} themes={tagCatalogue.themes} /> },
                  { label: "Items", render: (r) => r.items.reduce((n, i) => n + i.quantity, 0) },
                  {
                    label: "Refund",
                    render: (r) => (
                      <>
                        <MoneyText value={r.totals.refund.amount} />
                        {Number(r.totals.storeCredit.amount.amount) > 0 && (
                          <div class="muted small">
                            store credit <MoneyText value={r.totals.storeCredit.amount} />
                          </div>
                        )}
                      </>
                    ),
                  },
                  { label: "Updated", render: (r) => <Time value={r.updatedAt} /> },
                ]}
              />
              <ListFooter list={list} />
            </>
          )}
        </QueryView>
      </Section>
      {bulk && (
        <BulkDialog
          choice={bulk}
          ids={selected}
          onClose={() => (setBulk(null), focus.restore())}
          onDone={(r) => {
            setBulk(null);
            setSelected(r.filter((x) => !x.ok).map((x) => x.id));
            setResults(r);
            list.state.reload();
          }}
        />
      )}
    </>
  );
}

interface BulkChoice {
  action: "process" | "flag" | "reject";
  label: string;
  verb: string;
  description: string;
  reason: boolean;
}

const BULK_CHOICES: BulkChoice[] = [
  {
    action: "process",
    label: "Process",
    verb: "Process",
    description:
      "Every open item of each return is accepted at its full value and restocked; each return completes. Returns with nothing open are left as they are.",
    reason: false,
  },
  {
    action: "flag",
    label: "Flag",
    verb: "Flag",
    description: "Each return is marked for a closer look. Nothing is refunded or rejected.",
    reason: true,
  },
  {
    action: "reject",
    label: "Reject",
    verb: "Reject",
    description: "Each return is refused: its open items are rejected and nothing is refunded for them. You can reopen a return later.",
    reason: true,
  },
];

interface BulkResult {
  id: string;
  ok: boolean;
  message: string;
  return: { id: string; number: string | null; status: string; order: { name: string } } | null;
}

function BulkDialog({
  choice,
  ids,
  onClose,
  onDone,
}: {
  choice: BulkChoice;
  ids: string[];
  onClose: () => void;
  onDone: (r: BulkResult[]) => void;
}) {
  const [reason, setReason] = useState("");
  const m = useMutation<{ bulkReturnAction: BulkResult[] }>(BULK_RETURN_ACTION);
  const n = `${ids.length} return${ids.length === 1 ? "" : "s"}`;
  const confirm = async () => {
    const res = await m.run({ ids, action: choice.action, reason: choice.reason ? reason.trim() || null : null });
    if (res) onDone(res.bulkReturnAction);
  };
  return (
    <Dialog
      open
      title={`${choice.verb} ${n}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Keep them as they are
          </button>
          <button type="button" onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Working…" : `${choice.verb} ${n}`}
          </button>
        </>
      }
    >
      <p>{choice.description}</p>
      <p class="muted small">
        Each return is handled on its own: one that cannot be changed (e.g. already complete) is reported and the others still go through.
      </p>
      {choice.reason && (
        <Field label="Reason (optional)" hint="Recorded in each return's timeline.">
          <input name="reason" maxLength={2000} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        </Field>
      )}
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}

function BulkResults({ results, onDismiss }: { results: BulkResult[]; onDismiss: () => void }) {
  const done = results.filter((r) => r.ok).length;
  return (
    <div class={done === results.length ? "notice" : "warning"} role="status" aria-label="Bulk action results">
      <p>
        <strong>
          {done} of {results.length} done
          {done === results.length ? "." : `; ${results.length - done} could not be changed (still selected).`}
        </strong>
      </p>
      <ul class="plain small">
        {results.map((r) => (
          <li>
            {r.ok && r.return ? (
              <>
                {returnLabel(r.return)} · {r.return.order.name || "imported"}: now {STATUS_LABELS[r.return.status] ?? r.return.status}
              </>
            ) : (
              <>
                <code>{r.id}</code>: {r.message}
              </>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="secondary small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** Downloads the filtered list as CSV: every page of `returnsCsv`, joined. */
function ExportCsv({ storeId, variables }: { storeId: string; variables: Record<string, unknown> }) {
  const fetchPage = async (after: string | null) =>
    (await gql<{ returnsCsv: CsvPage }>(RETURNS_CSV, { storeId, ...variables, first: 500, after })).returnsCsv;
  return (
    <CsvDownloadButton
      label="Export CSV"
      filename={`returns-${new Date().toISOString().slice(0, 10)}.csv`}
      fetchPage={fetchPage}
      secondary
    />
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
          const oi = r.fullOrder?.items.find((o) => o.id === it.orderItem.id);
          return oi
            ? `${oi.product.name}${oi.variant.name && oi.variant.name !== oi.product.name ? ` · ${oi.variant.name}` : ""}`
            : (it.title ?? it.sku ?? it.orderItem.line_item_id);
        };
        const buttons = actionButtons(r.allowedActions);
        return (
          <>
            {back}
            <PageHeader
              title={r.fullOrder ? `Return for order ${r.order.name}` : "Imported return (no order)"}
              description={
                <>
                  Return <strong>{returnLabel(r)}</strong> · <code>{r.id}</code>
                </>
              }
              actions={<StatusBadge status={r.status} />}
            />
            <Notice>{notice}</Notice>
            <ReturnTagsSection ret={r} onChanged={(t) => setCurrent({ ...r, ...t })} />
            <Section title="Actions">
              {buttons.length ? (
                <ul class="action-list" role="group" aria-label="Return actions">
                  {buttons.map((b) => (
                    <li>
                      <button
                        type="button"
                        class={b.danger ? "danger-outline" : b.action === "process" ? "" : "secondary"}
                        aria-describedby={`action-${b.action}`}
                        onClick={(e) => (focus.remember(e), setOpen(b))}
                      >
                        {b.label}
                      </button>
                      <span id={`action-${b.action}`} class="small">
                        {b.danger && <strong>Cannot be undone. </strong>}
                        {b.description}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">
                  No lifecycle actions are possible in status “{STATUS_LABELS[r.status] ?? r.status}”. Comments can still be added.
                </p>
              )}
            </Section>
            {open?.action === "process" && <ProcessDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open?.action === "remove_items" && <RemoveItemsDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open && SIMPLE_MUTATIONS[open.action] && <SimpleActionDialog ret={r} info={open} onClose={close} onDone={done} />}

            <div class="grid-2">
              <Section title="Details">
                <Details
                  items={[
                    ["Return number", returnLabel(r)],
                    ["Status", <StatusBadge status={r.status} />],
                    ["Type", r.type],
                    ["Order", r.fullOrder ? r.order.name : "— (imported, no order)"],
                    ["Customer", personName(r.source.name, r.source.emailAddress)],
                    ["Email", r.source.emailAddress ?? "—"],
                    ["Created", <Time value={r.createdAt} />],
                    ["Updated", <Time value={r.updatedAt} />],
                    ["Phone", r.source.phoneNumber ?? "—"],
                    ["Created by", actorText(r.createdBy)],
                    ...(r.reopened ? ([["Reopened", "Yes"]] as [string, string][]) : []),
                  ]}
                />
              </Section>
              <Section title="Refund">
                <p>{refundState(r.items)}</p>
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
            <div class="grid-2">
              <Section title="Shipping label and tracking">
                {r.shipment ? (
                  <Details
                    items={[
                      ["Carrier", r.shipment.carrier ?? "—"],
                      ["Tracking number", r.shipment.tracker ?? "—"],
                      [
                        "Tracking",
                        r.shipment.trackingUrl ? (
                          <a href={r.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                            Track the parcel
                          </a>
                        ) : (
                          "No tracking link"
                        ),
                      ],
                      [
                        "Label",
                        r.shipment.postageLabel ? (
                          <a href={r.shipment.postageLabel} target="_blank" rel="noopener noreferrer">
                            Open the postage label
                          </a>
                        ) : (
                          "No postage label"
                        ),
                      ],
                      ...(r.shipment.formLabel
                        ? ([
                            [
                              "Form",
                              <a href={r.shipment.formLabel} target="_blank" rel="noopener noreferrer">
                                Open the customs form
                              </a>,
                            ],
                          ] as [string, ComponentChildren][])
                        : []),
                    ]}
                  />
                ) : (
                  <p class="muted">No label yet: the customer has not been sent a shipping label through Retour.</p>
                )}
              </Section>
              <Section title="Addresses">
                <Details
                  items={[
                    ["Sent back from", <AddressText address={r.source.mailingAddress} />],
                    ["Order shipped to", <AddressText address={r.fullOrder?.shippingAddress ?? null} />],
                    ["Billing", <AddressText address={r.fullOrder?.billingAddress ?? null} />],
                  ]}
                />
              </Section>
            </div>
            <CustomerReturnsSection ret={r} />
            <Section title="Items">
              <Table
                caption={`Items of return ${r.id}`}
                rows={r.items}
                rowKey={(i) => i.id}
                empty={<Empty title="No items" />}
                columns={[
                  {
                    label: "Item",
                    render: (i) => (
                      <div class="item-cell">
                        {i.imageUrl ? (
                          <img src={i.imageUrl} alt={titleOf(i)} width={48} height={48} loading="lazy" />
                        ) : (
                          <span class="no-image" aria-hidden="true" />
                        )}
                        <div>
                          <strong>{titleOf(i)}</strong>
                          {i.sku && <div class="muted small">SKU {i.sku}</div>}
                        </div>
                      </div>
                    ),
                  },
                  { label: "Qty", render: (i) => i.quantity },
                  {
                    label: "Reason",
                    render: (i) => (
                      <>
                        {i.reason || "—"}
                        {i.customerComment && <div class="muted small">“{i.customerComment}”</div>}
                      </>
                    ),
                  },
                  { label: "Status", render: (i) => <Badge tone={statusTone(i.status)}>{i.status}</Badge> },
                  { label: "Compensation", render: (i) => i.compensation.replace(/_/g, " ") },
                  { label: "Value", render: (i) => <MoneyText value={i.productValueNoTaxNoAdjustment.amount} /> },
                  {
                    label: "Refund",
                    render: (i) => (
                      <>
                        <MoneyText value={i.refund.amount} />
                        {i.productAdjustment && i.productAdjustment !== "0.00" && (
                          <div class="muted small">adjusted −{i.productAdjustment}</div>
                        )}
                      </>
                    ),
                  },
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

/** An address as lines; the core's return address and the order's addresses use different keys. */
function AddressText({ address }: { address: ReturnAddress | null }) {
  if (!address) return <span class="muted">Not given</span>;
  const a = address;
  const lines = [
    [a.firstName, a.lastName].filter(Boolean).join(" "),
    a.company,
    a.line1 ?? a.address1,
    a.line2 ?? a.address2,
    [a.postalCode, a.city, a.state ?? a.province].filter(Boolean).join(" "),
    a.country,
  ].filter(Boolean);
  return lines.length ? (
    <address class="address">
      {lines.map((l) => (
        <div>{l}</div>
      ))}
    </address>
  ) : (
    <span class="muted">Not given</span>
  );
}

function detailText(detail: string): string {
  try {
    const d = JSON.parse(detail);
    const flat = (v: unknown): string =>
      Array.isArray(v)
        ? v.map(flat).join("; ")
        : v && typeof v === "object"
          ? Object.entries(v)
              .map(([k, x]) => `${k} ${flat(x)}`)
              .join(", ")
          : String(v);
    if (d && typeof d === "object")
      return Object.entries(d)
        .map(([k, v]) => `${k}: ${flat(v)}`)
        .join(" · ");
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
            Keep return as it is
          </button>
          <button type="button" class={info.danger ? "danger" : ""} onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Working…" : `${info.label} return`}
          </button>
        </>
      }
    >
      <p>{info.description}</p>
      {info.danger && <p class="warning">This cannot be undone.</p>}
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

function ProcessDialog({
  ret,
  titleOf,
  onClose,
  onDone,
}: {
  ret: ReturnDetail;
  titleOf: (i: ReturnItem) => string;
  onClose: () => void;
  onDone: Done;
}) {
  const open = ret.items.filter((i) => i.status === "open");
  const items = open.length ? open : ret.items;
  const [decisions, setDecisions] = useState<Record<string, Decision>>(() =>
    Object.fromEntries(items.map((i) => [i.id, { mode: "restock", adjustment: "" }])),
  );
  const [checked, setChecked] = useState(false);
  const m = useMutation<{ processReturn: { message: string; return: ReturnDetail } }>(PROCESS_RETURN);
  const set = (id: string, patch: Partial<Decision>) => setDecisions({ ...decisions, [id]: { ...decisions[id], ...patch } });
  const maxOf = (i: ReturnItem) => ({
    amount: addAmounts(i.productValueNoTaxNoAdjustment.amount.amount, i.tax.amount.amount),
    currency: i.tax.amount.currency,
  });
  const labelOf = (i: ReturnItem) => `Adjustment for ${titleOf(i)}`;
  // The core's field path of the n-th item sent; the form keys its own checks the same way.
  const pathOf = (n: number) => `items[${n}].merchantAdjustment`;
  const labels = Object.fromEntries(items.map((i, n) => [pathOf(n), labelOf(i)]));
  const ownErrors = Object.fromEntries(
    items.map((i, n) => [pathOf(n), decisions[i.id].mode === "reject" ? null : adjustmentError(decisions[i.id].adjustment, maxOf(i))]),
  );
  const invalid = Object.values(ownErrors).some(Boolean);
  const errors = fieldErrors(m.error, labels, checked ? ownErrors : {});
  const confirm = async () => {
    setChecked(true);
    if (invalid) return;
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
            Close without processing
          </button>
          <button type="button" onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Processing…" : "Process return"}
          </button>
        </>
      }
    >
      <p>
        For each item: restock it, accept it without restocking, or reject it. An adjustment (in{" "}
        {ret.fullOrder?.currency ?? ret.totals.refund.amount.currency}) is subtracted from the item's refund, up to the item's value.
      </p>
      {items.map((i, n) => {
        const error = errors.fields[pathOf(n)];
        return (
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
              <Field label={labelOf(i)} hint={`Optional, at most ${maxOf(i).amount} (the item's value with tax)`} error={error}>
                <input
                  inputMode="decimal"
                  value={decisions[i.id].adjustment}
                  aria-invalid={!!error}
                  onInput={(e) => set(i.id, { adjustment: (e.target as HTMLInputElement).value })}
                />
              </Field>
            )}
          </fieldset>
        );
      })}
      {checked && invalid && (
        <p class="error" role="alert">
          Fix the amounts marked above; nothing was sent.
        </p>
      )}
      <ErrorMessage error={errors.other} />
    </Dialog>
  );
}

function RemoveItemsDialog({
  ret,
  titleOf,
  onClose,
  onDone,
}: {
  ret: ReturnDetail;
  titleOf: (i: ReturnItem) => string;
  onClose: () => void;
  onDone: Done;
}) {
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
            Keep every item
          </button>
          <button type="button" class="danger" onClick={confirm} disabled={m.busy || !chosen.length} aria-busy={m.busy}>
            {m.busy ? "Removing…" : "Remove items"}
          </button>
        </>
      }
    >
      <p>
        Choose the items to take off this return for good. At least one item must stay; to drop them all, reset the return instead. The
        customer can return removed items again later.
      </p>
      <fieldset>
        <legend>Items</legend>
        {ret.items.map((i) => (
          <label class="checkbox" style="display:flex">
            <input
              type="checkbox"
              checked={chosen.includes(i.id)}
              onChange={(e) => setChosen((e.target as HTMLInputElement).checked ? [...chosen, i.id] : chosen.filter((x) => x !== i.id))}
            />
            {titleOf(i)} × {i.quantity}
          </label>
        ))}
      </fieldset>
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}
