// Pure helpers of the pages (no DOM, no network): turning the URL's filters into GraphQL variables,
// labelling the lifecycle actions the core allows, assembling a paged CSV. Unit-tested in
// test/unit/dashboard-logic.test.ts. Business rules are NOT here: which actions are allowed comes
// from the core (`Return.allowedActions`); this only decides how to present them.

export const RETURN_STATUSES = ["open", "pre_shipment", "in_transit", "delivered", "needs_review", "in_review", "flagged", "complete", "rejected", "deleted"] as const;

export const STATUS_LABELS: Record<string, string> = {
  open: "Open",
  pre_shipment: "Pre-shipment",
  in_transit: "In transit",
  delivered: "Delivered",
  needs_review: "Needs review",
  in_review: "In review",
  flagged: "Flagged",
  complete: "Complete",
  rejected: "Rejected",
  deleted: "Deleted",
};

export type Tone = "neutral" | "good" | "warn" | "bad" | "info";

export function statusTone(status: string): Tone {
  if (status === "complete" || status === "delivered") return "good";
  if (status === "flagged" || status === "needs_review" || status === "pending" || status === "waiting") return "warn";
  if (status === "rejected" || status === "deleted" || status === "discarded" || status === "failure") return "bad";
  if (status === "in_review" || status === "in_transit") return "info";
  return "neutral";
}

export interface ReturnFilters {
  status: string;
  from: string;
  to: string;
  order: string;
}

export interface FilterResult {
  variables: { status?: string; updatedAtMin?: string; updatedAtMax?: string; orderName?: string };
  /** A message per filter field that cannot be used as typed. */
  errors: Partial<Record<keyof ReturnFilters, string>>;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * The returns list's filters (as kept in the URL) → variables of `returns`. Dates are whole UTC days,
 * both inclusive: "to 2026-11-03" means before 2026-11-04T00:00Z (the core's max is exclusive).
 */
export function returnFilterVariables(f: Partial<ReturnFilters>): FilterResult {
  const variables: FilterResult["variables"] = {};
  const errors: FilterResult["errors"] = {};
  const status = (f.status ?? "").trim();
  if (status) {
    if ((RETURN_STATUSES as readonly string[]).includes(status)) variables.status = status;
    else errors.status = `Unknown status "${status}"; choose one from the list.`;
  }
  const from = (f.from ?? "").trim();
  const to = (f.to ?? "").trim();
  if (from) {
    if (validDay(from)) variables.updatedAtMin = `${from}T00:00:00.000Z`;
    else errors.from = "Enter the date as YYYY-MM-DD.";
  }
  if (to) {
    if (validDay(to)) {
      const next = new Date(`${to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      variables.updatedAtMax = next.toISOString();
    } else errors.to = "Enter the date as YYYY-MM-DD.";
  }
  if (variables.updatedAtMin && variables.updatedAtMax && from > to) {
    errors.to = "The end date is before the start date.";
    delete variables.updatedAtMin;
    delete variables.updatedAtMax;
  }
  const order = (f.order ?? "").trim();
  if (order) variables.orderName = order;
  return { variables, errors };
}

export interface ActionInfo {
  action: string;
  label: string;
  /** What the button does, for its dialog. */
  description: string;
  /** Asks for an optional reason (recorded in the timeline). */
  reason: boolean;
  /** Undoes or ends something: confirm with a danger button. */
  danger: boolean;
}

const ACTIONS: ActionInfo[] = [
  { action: "process", label: "Process items", description: "Restock, adjust or reject each item. The return completes when every item is done.", reason: false, danger: false },
  { action: "complete", label: "Complete", description: "Complete the return and every item still open.", reason: false, danger: false },
  { action: "flag", label: "Flag", description: "Flag the return for a closer look.", reason: true, danger: false },
  { action: "reopen", label: "Reopen", description: "Open the return again: items go back to open and processing is cleared. Refunds already made are not reversed.", reason: false, danger: false },
  { action: "remove_items", label: "Remove items", description: "Remove items from the return (at least one must stay).", reason: false, danger: true },
  { action: "reject", label: "Reject", description: "Refuse the return: open items are rejected.", reason: true, danger: true },
  { action: "cancel", label: "Cancel", description: "Withdraw the return before anything was processed: it is deleted and its items can be returned again.", reason: true, danger: true },
  { action: "reset", label: "Reset", description: "Reset the return: processing is cleared, it is deleted and its items can be returned again.", reason: true, danger: true },
];

/** The buttons for the actions the core allows, in a stable order; `comment` is the comment form, not a button. */
export function actionButtons(allowed: readonly string[]): ActionInfo[] {
  return ACTIONS.filter((a) => allowed.includes(a.action));
}

/** A human line for a timeline entry. */
export function timelineText(e: { action: string; fromStatus: string | null; toStatus: string }): string {
  const to = STATUS_LABELS[e.toStatus] ?? e.toStatus;
  if (!e.fromStatus) return `${capitalize(e.action.replace(/_/g, " "))}: ${to}`;
  if (e.fromStatus === e.toStatus) return `${capitalize(e.action.replace(/_/g, " "))} (still ${to.toLowerCase()})`;
  return `${capitalize(e.action.replace(/_/g, " "))}: ${STATUS_LABELS[e.fromStatus] ?? e.fromStatus} → ${to}`;
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function actorText(a: { type: string; id: string | null; name: string | null }): string {
  const who = a.name || a.id || "";
  const kind = a.type === "staff" ? "staff" : a.type === "api_client" ? "API client" : a.type;
  return who ? `${who} (${kind})` : kind;
}

/**
 * A replay start typed in a `datetime-local` input (the browser's local time) → ISO 8601 UTC.
 * Returns an error message for an empty, unreadable or future time.
 */
export function replayStart(local: string, now: Date = new Date()): { start: string } | { error: string } {
  if (!local.trim()) return { error: "Choose the time to replay from." };
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return { error: "Enter a date and time." };
  if (d.getTime() > now.getTime()) return { error: "The replay start is in the future; choose a past time." };
  return { start: d.toISOString() };
}

/**
 * Fetches every page of a CSV (`Invoice.itemsCsv`) and joins them. The first page carries the header
 * row, so the result is the same bytes as the REST download.
 */
export async function collectCsv(fetchPage: (after: string | null) => Promise<{ csv: string; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>): Promise<string> {
  const parts: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchPage(after);
    parts.push(page.csv);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return parts.join("");
}

/** "Ada Lovelace" from a PersonName, or the email, or a dash. */
export function personName(n: { given: string; surname: string } | null | undefined, email?: string | null): string {
  const full = [n?.given, n?.surname].filter(Boolean).join(" ").trim();
  return full || email || "—";
}
