// Overview: a period's returns (default this month, UTC days) from one core query, returnsOverview:
// over time, by reason, by status, the value asked back and the most-returned products. Charts are
// Chartist (small SVG charts); every chart has its figures in a table beside it, for screen readers
// and for reading exact numbers.
import { useEffect, useRef, useState } from "preact/hooks";
import { BarChart } from "chartist";
import "chartist/dist/index.css";
import type { PageProps } from "../router";
import { RETURNS_OVERVIEW } from "./overview.ops";
import { overviewVariables, statusLabel } from "../logic";
import { useSearchParams } from "../router";
import { Empty, MoneyText, PageHeader, QueryView, Section, Table, useQuery } from "../ui";
import { Field } from "../ui-forms";
import { type Measures, OverviewCsv, Outcomes, ReturnRates, RevenueKept, Times } from "./overview-measures";

interface Overview extends Measures {
  from: string;
  to: string;
  returnCount: number;
  unitCount: number;
  byDay: { day: string; count: number }[];
  byStatus: { status: string; count: number }[];
  byReason: { reason: string; units: number }[];
  topProducts: { productId: string; title: string; units: number }[];
}

/** A Chartist bar chart: columns over time, or horizontal bars for categories. */
function Chart({
  kind,
  labels,
  values,
  label,
  every = 1,
}: {
  kind: "columns" | "bars";
  labels: string[];
  values: number[];
  label: string;
  every?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([kind, labels, values]);
  useEffect(() => {
    if (!ref.current) return;
    const data = { labels, series: [values] };
    const chart =
      kind === "columns"
        ? new BarChart(ref.current, data, {
            axisY: { onlyInteger: true },
            axisX: { showGrid: false, labelInterpolationFnc: (v, i) => (i % every === 0 ? v : null) },
          })
        : new BarChart(ref.current, data, {
            horizontalBars: true,
            reverseData: true,
            axisY: { offset: 130 },
            axisX: { onlyInteger: true },
          });
    return () => chart.detach();
  }, [key]);
  // Columns thin out as days are added, so a long period does not merge into one block.
  const barWidth = kind === "columns" ? `${Math.max(1, Math.min(10, Math.floor(400 / Math.max(1, values.length))))}px` : undefined;
  return (
    <div ref={ref} class={`chart chart-${kind}`} style={barWidth ? { "--bar-width": barWidth } : undefined} role="img" aria-label={label} />
  );
}

const share = (n: number, total: number) => (total ? `${Math.round((n * 100) / total)}%` : "—");

export function Overview({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const typed = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const [draft, setDraft] = useState(typed);
  const { variables, errors } = overviewVariables(typed);
  const q = useQuery<{ returnsOverview: Overview }>(RETURNS_OVERVIEW, { storeId, ...variables });
  const lastDay = new Date(new Date(variables.to).getTime() - 86_400_000).toISOString().slice(0, 10);
  const period = `${variables.from.slice(0, 10)} to ${lastDay}`;
  // Within one month the days are labelled 01…31, else MM-DD.
  const oneMonth = variables.from.slice(0, 7) === lastDay.slice(0, 7);

  const apply = (e: Event) => {
    e.preventDefault();
    setParams({ from: draft.from || null, to: draft.to || null });
  };
  const thisMonth = () => {
    setDraft({ from: "", to: "" });
    setParams({ from: null, to: null });
  };

  return (
    <>
      <PageHeader
        title="Overview"
        description={`Returns created from ${period} (UTC days, both included).`}
        actions={
          <OverviewCsv storeId={storeId} from={variables.from} to={variables.to} label={`${variables.from.slice(0, 10)}-to-${lastDay}`} />
        }
      />
      <Section title="Period">
        <form class="filters wide" onSubmit={apply} aria-label="Choose the period">
          <Field label="From" hint="Default: the 1st of this month" error={errors.from}>
            <input
              type="date"
              name="from"
              value={draft.from}
              aria-invalid={!!errors.from}
              onInput={(e) => setDraft({ ...draft, from: (e.target as HTMLInputElement).value })}
            />
          </Field>
          <Field label="To" hint="Inclusive; default: the month's end" error={errors.to}>
            <input
              type="date"
              name="to"
              value={draft.to}
              aria-invalid={!!errors.to}
              onInput={(e) => setDraft({ ...draft, to: (e.target as HTMLInputElement).value })}
            />
          </Field>
          <div class="form-actions">
            <button type="submit">Show period</button>
            {(typed.from || typed.to) && (
              <button type="button" class="secondary" onClick={thisMonth}>
                This month
              </button>
            )}
          </div>
        </form>
      </Section>
      <QueryView state={q} label="Loading the overview…">
        {({ returnsOverview: o }) =>
          !o.returnCount ? (
            <Empty title="No returns in this period">Choose another period, or wait for customers' returns to arrive.</Empty>
          ) : (
            <>
              <div class="kpis">
                <div class="kpi">
                  <div class="muted small">Returns</div>
                  <div class="value">{o.returnCount}</div>
                </div>
                <div class="kpi">
                  <div class="muted small">Units asked back</div>
                  <div class="value">{o.unitCount}</div>
                </div>
                {o.values.map((v) => (
                  <>
                    <div class="kpi">
                      <div class="muted small">Refund value ({v.currency})</div>
                      <div class="value">
                        <MoneyText value={v.refund} />
                      </div>
                    </div>
                    <div class="kpi">
                      <div class="muted small">Store credit ({v.currency})</div>
                      <div class="value">
                        <MoneyText value={v.storeCredit} />
                      </div>
                    </div>
                    <div class="kpi">
                      <div class="muted small">Exchanges ({v.currency})</div>
                      <div class="value">
                        <MoneyText value={v.exchange} />
                      </div>
                    </div>
                  </>
                ))}
              </div>
              <p class="muted small">Values are what the returns' items refund after adjustments, cancelled and reset returns left out.</p>
              <Section title="Returns over time">
                <Chart
                  kind="columns"
                  labels={o.byDay.map((d) => (oneMonth ? d.day.slice(8) : d.day.slice(5)))}
                  values={o.byDay.map((d) => d.count)}
                  every={Math.max(1, Math.ceil(o.byDay.length / 10))}
                  label={`Returns per day, ${period}: ${o.returnCount} in all, at most ${Math.max(...o.byDay.map((d) => d.count))} on one day.`}
                />
              </Section>
              <div class="grid-2">
                <Section title="By reason">
                  <Chart
                    kind="bars"
                    labels={o.byReason.map((r) => r.reason || "No reason given")}
                    values={o.byReason.map((r) => r.units)}
                    label="Units returned per reason; the table below has the figures."
                  />
                  <Table
                    caption="Returns by reason"
                    rows={o.byReason}
                    rowKey={(r) => r.reason}
                    empty={<Empty title="No reasons given" />}
                    columns={[
                      { label: "Reason", render: (r) => r.reason || "No reason given" },
                      { label: "Units", render: (r) => r.units },
                      { label: "Share", render: (r) => share(r.units, o.unitCount) },
                    ]}
                  />
                </Section>
                <Section title="By status">
                  <Chart
                    kind="bars"
                    labels={o.byStatus.filter((s) => s.count).map((s) => statusLabel(s.status))}
                    values={o.byStatus.filter((s) => s.count).map((s) => s.count)}
                    label="Returns per status; the table below has the figures."
                  />
                  <Table
                    caption="Returns by status"
                    rows={o.byStatus.filter((s) => s.count)}
                    rowKey={(s) => s.status}
                    empty={<Empty title="No returns" />}
                    columns={[
                      { label: "Status", render: (s) => statusLabel(s.status) },
                      { label: "Returns", render: (s) => s.count },
                      { label: "Share", render: (s) => share(s.count, o.returnCount) },
                    ]}
                  />
                </Section>
              </div>
              <RevenueKept m={o} />
              <ReturnRates m={o} />
              <Times m={o} />
              <Outcomes m={o} />
              <Section title="Most-returned products">
                <Table
                  caption="Most-returned products"
                  rows={o.topProducts}
                  rowKey={(p) => p.productId}
                  empty={<Empty title="No products" />}
                  columns={[
                    {
                      label: "Product",
                      render: (p) => <strong>{p.title}</strong>,
                    },
                    { label: "Units returned", render: (p) => p.units },
                    { label: "Share of units", render: (p) => share(p.units, o.unitCount) },
                  ]}
                />
              </Section>
            </>
          )
        }
      </QueryView>
    </>
  );
}
