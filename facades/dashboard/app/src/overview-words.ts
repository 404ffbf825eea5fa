// The overview's measures in the merchant's words: stages, outcomes, durations and rates as a returns
// team reads them (never an enum's spelling). Pure, so the unit tests read them without a browser.

export const STAGE_WORDS: Record<string, string> = {
  arrival: "From request to arrival at the warehouse",
  refund: "From request to refund",
};

export const OUTCOME_SHORT_WORDS: Record<string, string> = {
  refund: "Refund",
  store_credit: "Store credit",
  exchange: "Exchange",
  keep_item: "Kept by the customer",
};
export const OUTCOME_ORDER = ["refund", "store_credit", "exchange", "keep_item"];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A duration given in hours: "under an hour", "5 hours", "3.5 days"; a dash for none. */
export function hoursText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "—";
  if (hours < 1) return "under an hour";
  if (hours < 48) return `${round1(hours)} ${round1(hours) === 1 ? "hour" : "hours"}`;
  return `${round1(hours / 24)} days`;
}

/** A percentile read to its bucket: "within 3 days". */
export function withinText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "—";
  if (hours >= 87_600) return "more than a year";
  return `within ${hours < 1 ? "an hour" : hoursText(hours)}`;
}

/** A share 0..1 (or more) as a percentage: "12%", "0.4%"; a dash when there is nothing to divide by. */
export function percentText(share: number | null | undefined): string {
  if (share === null || share === undefined) return "—";
  const p = share * 100;
  return `${p > 0 && p < 10 ? Math.round(p * 10) / 10 : Math.round(p)}%`;
}

/** "Week of 2026-11-02" or the day itself. */
export function pointLabel(start: string, interval: string): string {
  return interval === "week" ? `Week of ${start}` : start;
}
