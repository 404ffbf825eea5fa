// The overview as CSV (ReturnsOverview.csv, the dashboard's download): one row a figure, long format, so a
// spreadsheet pivots it as it likes. Cells are quoted as RFC 4180 asks and guarded against formulas (the
// invoice CSV's helpers). Pure: built from the overview already read.
import { csvField, guardFormula } from "../invoices/csv.js";
import type { returnsOverview } from "./overview.js";

export const OVERVIEW_CSV_COLUMNS = ["section", "key", "label", "currency", "measure", "value"];

type Overview = Awaited<ReturnType<typeof returnsOverview>>;
type Cell = string | number | null;

const cell = (v: Cell) => (v === null ? "" : typeof v === "number" ? String(v) : csvField(guardFormula(v)));
/** A ratio or an hour figure to 4 decimals (no float noise in a spreadsheet). */
const ratio = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);

export function overviewCsv(o: Overview): string {
  const rows: Cell[][] = [];
  const row = (section: string, key: string, label: string, currency: string, measure: string, value: Cell) =>
    rows.push([section, key, label, currency, measure, value]);
  row("period", "", "", "", "from", o.from.toISOString());
  row("period", "", "", "", "to", o.to.toISOString());
  row("summary", "", "", "", "returns", o.returnCount);
  row("summary", "", "", "", "units_returned", o.unitCount);
  row("summary", "", "", "", "units_sold", o.returnRates.unitsSold);
  for (const v of o.values) {
    for (const [measure, m] of [
      ["refund", v.refund],
      ["store_credit", v.storeCredit],
      ["exchange", v.exchange],
      ["returned", v.returned],
      ["kept", v.kept],
      ["fees", v.fees],
    ] as const)
      row("money", "", "", v.currency, measure, m.amount);
    row("money", "", "", v.currency, "kept_share", ratio(v.keptShare));
    row("money", "", "", v.currency, "fee_count", v.feeCount);
  }
  for (const [section, list] of [
    ["product", o.returnRates.byProduct],
    ["variant", o.returnRates.byVariant],
    ["reason", o.returnRates.byReason],
  ] as const)
    for (const r of list) {
      row(section, r.key, r.title, "", "units_returned", r.unitsReturned);
      row(section, r.key, r.title, "", "units_sold", r.unitsSold);
      row(section, r.key, r.title, "", "return_rate", ratio(r.rate));
    }
  for (const t of o.times) {
    row("time", t.stage, "", "", "returns", t.count);
    row("time", t.stage, "", "", "average_hours", ratio(t.averageHours));
    row("time", t.stage, "", "", "median_hours_within", t.medianHours);
    row("time", t.stage, "", "", "p90_hours_within", t.p90Hours);
  }
  for (const p of o.outcomes.points) {
    row(`outcome_${o.outcomes.interval}`, p.start, p.outcome, p.currency, "items", p.items);
    row(`outcome_${o.outcomes.interval}`, p.start, p.outcome, p.currency, "value", p.value.amount);
  }
  for (const s of o.byStatus) if (s.count) row("status", s.status, "", "", "returns", s.count);
  for (const d of o.byDay) row("day", d.day, "", "", "returns", d.count);
  return [OVERVIEW_CSV_COLUMNS, ...rows].map((r) => `${r.map(cell).join(",")}\r\n`).join("");
}
