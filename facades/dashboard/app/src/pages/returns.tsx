// Returns: the landing page. A list with search, sort, status tabs with counts and filters (all kept
// in the URL), "load more", bulk actions and a CSV export. A return's page is return-page.tsx.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { BULK_RETURN_ACTION, RETURN_STATUSES, RETURNS, RETURNS_CSV } from "./returns.ops";
import { personName, returnFilterVariables, RETURN_SORTS, statusLabel, type CsvPage } from "../logic";
import { gql } from "../graphql";
import { useSearchParams } from "../router";
import { TagManager, TagPills, useReturnTags } from "./return-tags";
import {
  Empty,
  ErrorMessage,
  Link,
  MoneyText,
  PageHeader,
  QueryView,
  Section,
  Table,
  Time,
  useConnection,
  useMutation,
  useQuery,
  ListFooter,
} from "../ui";
import { CsvDownloadButton, Dialog, Field, useFocusReturn } from "../ui-forms";
import { returnLabel, StatusBadge, type ReturnRow } from "./returns-shared";
import { originText } from "../origin-text";
import type { DashboardReturnsQuery } from "../codegen/operations";

const PAGE = 25;
const FILTER_KEYS = ["status", "from", "to", "order", "q", "tag", "sort"] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

export function Returns({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ""])) as Filters;
  const [draft, setDraft] = useState(filters);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<BulkChoice | null>(null);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const statuses = useQuery<{ returnStatuses: string[] }>(RETURN_STATUSES, {}).data?.returnStatuses;
  const { variables, errors } = returnFilterVariables(filters, statuses);
  const list = useConnection<ReturnRow, DashboardReturnsQuery>(RETURNS, { storeId, first: PAGE, ...variables }, (d) => d.returns);
  const counts: { status: string; count: number }[] = list.state.data?.returns.statusCounts ?? [];
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
                  {c.status ? statusLabel(c.status) : "All"} <span class="count">{c.count}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {results && (
          <BulkResults
            results={results}
            labelOf={(id) => {
              const row = list.nodes.find((r) => r.id === id);
              return row ? `${returnLabel(row)}${row.order.name ? ` · ${row.order.name}` : ""}` : "A return";
            }}
            onDismiss={() => setResults(null)}
          />
        )}
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
                      </>
                    ),
                  },
                  { label: "Order", render: (r) => r.order.name || "— (imported)" },
                  { label: "From", render: (r) => originText(r.origin) },
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

function BulkResults({
  results,
  labelOf,
  onDismiss,
}: {
  results: BulkResult[];
  /** A selected return in words (its number and order), for the ones the core could not change. */
  labelOf: (id: string) => string;
  onDismiss: () => void;
}) {
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
                {returnLabel(r.return)} · {r.return.order.name || "imported"}: now {statusLabel(r.return.status)}
              </>
            ) : (
              <>
                {labelOf(r.id)}: {r.message}
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
