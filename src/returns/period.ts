// A period of the overview cut into what the roll-ups can answer and what they cannot: whole months
// (product figures kept per month), whole UTC days (every figure kept per day, kept by triggers:
// migrations return_daily_counts and return_item_daily), and the parts of a day at either end, which are
// read from the returns themselves (at most a day's returns each). So a 366-day overview reads at most
// 12 months + 62 days of product rows and 366 days of the others, however many returns the store has.

const DAY_MS = 86_400_000;

export interface PeriodParts {
  /** Whole months [from, to) as "YYYY-MM", or null. */
  months: [string, string] | null;
  /** Whole days outside those months, each range [from, to) as "YYYY-MM-DD". */
  monthDays: [string, string][];
  /** Every whole day [from, to) as "YYYY-MM-DD", or null. */
  days: [string, string] | null;
  /** Parts of a day at the ends, as instants [from, to). */
  partial: [Date, Date][];
}

const dayKey = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthKey = (t: number) => new Date(t).toISOString().slice(0, 7);
const firstOfMonth = (t: number, next: boolean) => {
  const d = new Date(t);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return next && start < t ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : start;
};

export function periodParts(from: Date, to: Date): PeriodParts {
  const firstDay = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  // The parts of a day at the ends; a period with no whole day may still cross one midnight (firstDay = endDay).
  const partial: [Date, Date][] = [];
  if (firstDay > endDay) return { months: null, monthDays: [], days: null, partial: [[from, to]] };
  if (from.getTime() < firstDay) partial.push([from, new Date(firstDay)]);
  if (endDay < to.getTime()) partial.push([new Date(endDay), to]);
  if (firstDay === endDay) return { months: null, monthDays: [], days: null, partial };
  const firstMonth = firstOfMonth(firstDay, true);
  const endMonth = firstOfMonth(endDay, false);
  const days: [string, string] = [dayKey(firstDay), dayKey(endDay)];
  if (firstMonth >= endMonth) return { months: null, monthDays: [days], days, partial };
  const monthDays: [string, string][] = [];
  if (firstDay < firstMonth) monthDays.push([dayKey(firstDay), dayKey(firstMonth)]);
  if (endMonth < endDay) monthDays.push([dayKey(endMonth), dayKey(endDay)]);
  return { months: [monthKey(firstMonth), monthKey(endMonth)], monthDays, days, partial };
}

/**
 * The whole days of a period as product and variant rows read them, month rows where that reads fewer rows:
 * a month at either end more than half inside the period is read from its month row less the days outside
 * (read with sign -1), else from its days. So a 366-day period reads at most about 30 day rows a key at its
 * ends instead of about 60. The days outside may hold a part of a day of the period: its edge is read from
 * the returns themselves (`partial`), as always.
 */
export interface MonthPlan {
  months: [string, string] | null;
  plus: [string, string][];
  minus: [string, string][];
}

export function monthPlan(parts: PeriodParts): MonthPlan {
  const plan: MonthPlan = { months: null, plus: [], minus: [] };
  if (!parts.days) return plan;
  const a = Date.parse(`${parts.days[0]}T00:00:00Z`);
  const b = Date.parse(`${parts.days[1]}T00:00:00Z`);
  const next = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  };
  for (let m = firstOfMonth(a, false); m < b; m = next(m)) {
    const end = next(m);
    const s = Math.max(a, m);
    const e = Math.min(b, end);
    const inside = e - s;
    if (inside * 2 > end - m) {
      plan.months = plan.months ? [plan.months[0], monthKey(end)] : [monthKey(m), monthKey(end)];
      if (s > m) plan.minus.push([dayKey(m), dayKey(s)]);
      if (e < end) plan.minus.push([dayKey(e), dayKey(end)]);
    } else plan.plus.push([dayKey(s), dayKey(e)]);
  }
  return plan;
}
