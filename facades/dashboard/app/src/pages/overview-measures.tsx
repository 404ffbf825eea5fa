// The overview's measures of what a returns team watches (issue 36), as the core reads them
// (returnsOverview): revenue kept and fees, return rates against units sold, time from request to arrival
// and refund, outcomes over time, and the CSV download. Rendered only: every figure comes from the core.
import { useEffect, useRef } from "preact/hooks";
import { BarChart } from "chartist";
import { gql } from "../graphql";
import { OUTCOME_ORDER, OUTCOME_SHORT_WORDS, STAGE_WORDS, hoursText, percentText, pointLabel, withinText } from "../overview-words";
import { Empty, MoneyText, Section, Table } from "../ui";
import { CsvDownloadButton } from "../ui-forms";
import { RETURNS_OVERVIEW_CSV } from "./overview.ops";

type Money = { amount: string; currency: string };
type Rate = { key: string; title: string; unitsReturned: number; unitsSold: number; rate: number | null };

export interface Measures {
  values: {
    currency: string;
    refund: Money;
    storeCredit: Money;
    exchange: Money;
    returned: Money;
    kept: Money;
    keptShare: number | null;
    fees: Money;
    feeCount: number;
  }[];
  returnRates: { unitsSold: number; byProduct: Rate[]; byVariant: Rate[]; byReason: Rate[] };
  times: { stage: string; count: number; averageHours: number | null; medianHours: number | null; p90Hours: number | null }[];
  outcomes: { interval: string; points: { start: string; outcome: string; currency: string; items: number; value: Money }[] };
}

/** The overview's CSV, from the core, saved as a file named by the period. */
export function OverviewCsv({ storeId, from, to, label }: { storeId: string; from: string; to: string; label: string }) {
  const fetchPage = async () => {
    const d = await gql<{ returnsOverview: { csv: string } }>(RETURNS_OVERVIEW_CSV, { storeId, from, to });
    return { csv: d.returnsOverview.csv, pageInfo: { hasNextPage: false, endCursor: null } };
  };
  return <CsvDownloadButton label="Download CSV" filename={`returns-overview-${label}.csv`} fetchPage={fetchPage} secondary />;
}

export function RevenueKept({ m }: { m: Measures }) {
  return (
    <Section title="Revenue kept">
      <p class="muted small">
        What customers took as store credit or an exchange instead of their money back, as a share of the value returned.
      </p>
      <div class="kpis">
        {m.values.map((v) => (
          <div class="kpi" key={v.currency}>
            <div class="muted small">Kept ({v.currency})</div>
            <div class="value">{percentText(v.keptShare)}</div>
            <div class="muted small">
              <MoneyText value={v.kept} /> of <MoneyText value={v.returned} />
            </div>
          </div>
        ))}
      </div>
      <Table
        caption="Value returned, kept and fees per currency"
        rows={m.values}
        rowKey={(v) => v.currency}
        empty={<Empty title="Nothing returned in this period" />}
        columns={[
          { label: "Currency", render: (v) => v.currency },
          { label: "Value returned", render: (v) => <MoneyText value={v.returned} /> },
          { label: "Refunded", render: (v) => <MoneyText value={v.refund} /> },
          { label: "Store credit", render: (v) => <MoneyText value={v.storeCredit} /> },
          { label: "Exchanges", render: (v) => <MoneyText value={v.exchange} /> },
          { label: "Kept", render: (v) => percentText(v.keptShare) },
          {
            label: "Return fees",
            render: (v) => (
              <>
                <MoneyText value={v.fees} />{" "}
                <span class="muted small">
                  ({v.feeCount} {v.feeCount === 1 ? "return" : "returns"})
                </span>
              </>
            ),
          },
        ]}
      />
      <p class="muted small">Return label costs are not recorded by Retour, so they are not shown here.</p>
    </Section>
  );
}

function RateTable({ caption, what, rows }: { caption: string; what: string; rows: Rate[] }) {
  return (
    <Table
      caption={caption}
      rows={rows}
      rowKey={(r) => r.key}
      empty={<Empty title="No returns in this period" />}
      columns={[
        { label: what, render: (r) => <strong>{r.title || (what === "Reason" ? "No reason given" : "Untitled")}</strong> },
        { label: "Units returned", render: (r) => r.unitsReturned },
        { label: "Units sold", render: (r) => r.unitsSold },
        { label: "Return rate", render: (r) => percentText(r.rate) },
      ]}
    />
  );
}

export function ReturnRates({ m }: { m: Measures }) {
  const r = m.returnRates;
  return (
    <Section title="Return rates">
      <p class="muted small">
        Units returned in the period against the {r.unitsSold} {r.unitsSold === 1 ? "unit" : "units"} sold in it (orders placed in the
        period). A dash: none sold in the period.
      </p>
      <div class="grid-2">
        <div>
          <h3>By product</h3>
          <RateTable caption="Return rate by product" what="Product" rows={r.byProduct} />
        </div>
        <div>
          <h3>By variant</h3>
          <RateTable caption="Return rate by variant" what="Variant" rows={r.byVariant} />
        </div>
      </div>
      <h3>By reason</h3>
      <RateTable caption="Return rate by reason" what="Reason" rows={r.byReason} />
    </Section>
  );
}

export function Times({ m }: { m: Measures }) {
  return (
    <Section title="Time to process">
      <Table
        caption="Time from request to arrival and to refund"
        rows={m.times}
        rowKey={(t) => t.stage}
        empty={<Empty title="No returns" />}
        columns={[
          { label: "Stage", render: (t) => STAGE_WORDS[t.stage] ?? t.stage },
          { label: "Returns", render: (t) => t.count },
          { label: "Average", render: (t) => hoursText(t.averageHours) },
          { label: "Half of them", render: (t) => withinText(t.medianHours) },
          { label: "Nine in ten", render: (t) => withinText(t.p90Hours) },
        ]}
      />
      <p class="muted small">For the returns requested in the period; arrival is when the parcel was first delivered or processed.</p>
    </Section>
  );
}

/** Items per outcome over time, stacked (the table below has the values). */
function OutcomeChart({ labels, series, label }: { labels: string[]; series: number[][]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([labels, series]);
  useEffect(() => {
    if (!ref.current) return;
    const every = Math.max(1, Math.ceil(labels.length / 10));
    const chart = new BarChart(
      ref.current,
      { labels, series },
      {
        stackBars: true,
        axisY: { onlyInteger: true },
        axisX: { showGrid: false, labelInterpolationFnc: (v, i) => (i % every === 0 ? v : null) },
      },
    );
    return () => chart.detach();
  }, [key]);
  return <div ref={ref} class="chart chart-columns chart-stacked" role="img" aria-label={label} />;
}

export function Outcomes({ m }: { m: Measures }) {
  const { interval, points } = m.outcomes;
  const starts = [...new Set(points.map((p) => p.start))].sort();
  const outcomes = OUTCOME_ORDER.filter((o) => points.some((p) => p.outcome === o));
  const series = outcomes.map((o) =>
    starts.map((s) => points.filter((p) => p.start === s && p.outcome === o).reduce((a, p) => a + p.items, 0)),
  );
  return (
    <Section title={interval === "week" ? "Outcomes per week" : "Outcomes per day"}>
      {points.length > 0 && (
        <>
          <OutcomeChart
            labels={starts.map((s) => s.slice(5))}
            series={series}
            label={`Items per outcome, ${interval === "week" ? "per week" : "per day"}: ${outcomes.map((o) => OUTCOME_SHORT_WORDS[o]).join(", ")}; the table below has the figures.`}
          />
          <ul class="legend small">
            {outcomes.map((o, i) => (
              <li key={o} class={`legend-${"abcd"[i]}`}>
                {OUTCOME_SHORT_WORDS[o]}
              </li>
            ))}
          </ul>
        </>
      )}
      <Table
        caption="Outcomes over time"
        rows={points}
        rowKey={(p) => `${p.start} ${p.outcome} ${p.currency}`}
        empty={<Empty title="No outcomes in this period" />}
        columns={[
          { label: interval === "week" ? "Week" : "Day", render: (p) => pointLabel(p.start, interval) },
          { label: "Outcome", render: (p) => OUTCOME_SHORT_WORDS[p.outcome] ?? p.outcome },
          { label: "Items", render: (p) => p.items },
          { label: "Value", render: (p) => <MoneyText value={p.value} /> },
        ]}
      />
    </Section>
  );
}
