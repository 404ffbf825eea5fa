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
