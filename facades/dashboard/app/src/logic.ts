// Pure helpers of the pages (no DOM, no network): turning the URL's filters into GraphQL variables,
// labelling the lifecycle actions the core allows, assembling a paged CSV. Unit-tested in
// test/unit/dashboard-logic.test.ts. Business rules are NOT here: which actions are allowed comes
// from the core (`Return.allowedActions`); this only decides how to present them.

import { plainExplanation } from "./policy-logic.js";

/** The statuses in people's words; the list of statuses itself is the core's (`returnStatuses`). */
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

/** A status in people's words: its label, or (a status newer than this dashboard) its name spelt out. */
export function statusLabel(status: string): string {
  const label = STATUS_LABELS[status];
  if (label) return label;
  const words = status.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Tone = "neutral" | "good" | "warn" | "bad" | "info";

export function statusTone(status: string): Tone {
  if (status === "complete" || status === "delivered") return "good";
  if (status === "flagged" || status === "needs_review" || status === "pending" || status === "waiting") return "warn";
  if (status === "rejected" || status === "deleted" || status === "discarded" || status === "failure") return "bad";
  if (status === "in_review" || status === "in_transit") return "info";
  return "neutral";
}

export const RETURN_SORTS = [
  { value: "NEWEST", label: "Newest first" },
  { value: "OLDEST", label: "Oldest first" },
  { value: "UPDATED", label: "Recently updated" },
] as const;

export interface ReturnFilters {
  status: string;
  from: string;
  to: string;
  order: string;
  /** Order name, customer name or email, or return number (the core's `search`). */
  q: string;
  /** A tag's exact name (the core's `tag`). */
  tag: string;
  sort: string;
}

export interface FilterResult {
  /** `filter` (the core's ReturnFilter) and `sort`, the variables of `returns` and `returnsCsv`. */
  variables: {
    filter: { status?: string; updatedAtMin?: string; updatedAtMax?: string; orderName?: string; search?: string; tag?: string };
    sort?: string;
  };
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
 * `statuses`: the core's (`returnStatuses`); until they are known, a status is sent as it reads.
 */
export function returnFilterVariables(f: Partial<ReturnFilters>, statuses?: readonly string[]): FilterResult {
  const filter: FilterResult["variables"]["filter"] = {};
  const variables: FilterResult["variables"] = { filter };
  const errors: FilterResult["errors"] = {};
  const status = (f.status ?? "").trim();
  if (status) {
    if (statuses ? statuses.includes(status) : /^[a-z_]{1,40}$/.test(status)) filter.status = status;
    else errors.status = `Unknown status "${status}"; choose one from the list.`;
  }
  const from = (f.from ?? "").trim();
  const to = (f.to ?? "").trim();
  if (from) {
    if (validDay(from)) filter.updatedAtMin = `${from}T00:00:00.000Z`;
    else errors.from = "Enter the date as YYYY-MM-DD.";
  }
  if (to) {
    if (validDay(to)) {
      const next = new Date(`${to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      filter.updatedAtMax = next.toISOString();
    } else errors.to = "Enter the date as YYYY-MM-DD.";
  }
  if (filter.updatedAtMin && filter.updatedAtMax && from > to) {
    errors.to = "The end date is before the start date.";
    delete filter.updatedAtMin;
    delete filter.updatedAtMax;
  }
  const order = (f.order ?? "").trim();
  if (order) filter.orderName = order;
  const q = (f.q ?? "").trim();
  if (q) filter.search = q;
  if (f.tag) filter.tag = f.tag;
  const sort = (f.sort ?? "").trim();
  if (sort && RETURN_SORTS.some((o) => o.value === sort)) variables.sort = sort;
  return { variables, errors };
}

export interface ActionInfo {
  action: string;
  label: string;
  /** What the action does and what follows from it, in plain words: shown beside its button and in its dialog. */
  description: string;
  /** Asks for an optional reason (recorded in the timeline). */
  reason: boolean;
  /** Cannot be undone (the return or its items are gone for good): a red button. */
  danger: boolean;
}

const ACTIONS: ActionInfo[] = [
  {
    action: "deliver",
    label: "Mark as arrived",
    description:
      "The parcel has reached you. Nothing is decided yet: process the items next. Store credit is issued now if your return policy gives it on arrival.",
    reason: false,
    danger: false,
  },
  {
    action: "process",
    label: "Process items",
    description:
      "Decide item by item: restock it, accept it without restocking, or reject it; an adjustment lowers an item's refund. The return completes once every item is decided.",
    reason: false,
    danger: false,
  },
  {
    action: "complete",
    label: "Complete",
    description: "Accept every item still open at its full value, without restocking, and close the return. You can reopen it later.",
    reason: false,
    danger: false,
  },
  {
    action: "flag",
    label: "Flag",
    description: "Mark the return for a closer look. Nothing is refunded or rejected; it can still be completed, rejected or reset.",
    reason: true,
    danger: false,
  },
  {
    action: "reopen",
    label: "Reopen",
    description:
      "Open the return again: every item goes back to open and its decisions are cleared. Refunds already made are not reversed.",
    reason: false,
    danger: false,
  },
  {
    action: "remove_items",
    label: "Remove items",
    description: "Take items off this return for good (at least one stays). The customer can return them again later.",
    reason: false,
    danger: true,
  },
  {
    action: "reject",
    label: "Reject",
    description: "Refuse the return: every open item is rejected and nothing is refunded for it. You can reopen it later.",
    reason: true,
    danger: false,
  },
  {
    action: "cancel",
    label: "Cancel",
    description:
      "Withdraw the return as if it had not been made (only while nothing is processed). It closes for good; the customer can return the items again.",
    reason: true,
    danger: true,
  },
  {
    action: "reset",
    label: "Reset",
    description: "Clear every decision, even on processed items, and close the return for good. The customer can return the items again.",
    reason: true,
    danger: true,
  },
];

/** The buttons for the actions the core allows, in a stable order; `comment` is the comment form, not a button. */
export function actionButtons(allowed: readonly string[]): ActionInfo[] {
  return ACTIONS.filter((a) => allowed.includes(a.action));
}

/** A human line for a timeline entry. */
export function timelineText(e: { action: string; fromStatus: string | null; toStatus: string }): string {
  if (e.action === "policy_review") return "The return policy asks for a review";
  if (e.action === "policy_overridden") return "Created outside the return policy";
  if (e.action === "exchange_order_reported") return "The shop reported the exchange order";
  if (e.action === "exchange_order_placed") return "The exchange order was placed in your shop";
  if (e.action === "exchange_shipped") return "The exchange shipped";
  if (e.action === "keep_items_settled") return `Items the customer keeps are refunded: ${statusLabel(e.toStatus)}`;
  const to = statusLabel(e.toStatus);
  if (!e.fromStatus) return `${capitalize(e.action.replace(/_/g, " "))}: ${to}`;
  if (e.fromStatus === e.toStatus) return `${capitalize(e.action.replace(/_/g, " "))} (still ${to.toLowerCase()})`;
  return `${capitalize(e.action.replace(/_/g, " "))}: ${statusLabel(e.fromStatus)} → ${to}`;
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const ITEM_STATUS_LABELS: Record<string, string> = { open: "Not processed yet", processed: "Processed", rejected: "Rejected" };

/** What looks like one of the service's ids (`rit_…`, `ret_…`): never shown as words. */
const INTERNAL_ID = /^[a-z]{2,4}_[0-9a-z]{8,}$/;

/**
 * A timeline entry's detail (the core's JSON) in a merchant's words: items by their titles, amounts
 * with the return's currency, reasons as written; ids never. `itemTitle` names a return item by id.
 */
export function describeDetail(detail: string, itemTitle: (id: string) => string | null, currency: string): string {
  let d: unknown;
  try {
    d = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (!d || typeof d !== "object" || Array.isArray(d)) return typeof d === "string" ? d : "";
  const item = (id: unknown) => (typeof id === "string" ? (itemTitle(id) ?? "an item") : "an item");
  const parts: string[] = [];
  for (const [key, value] of Object.entries(d as Record<string, unknown>)) {
    if (key === "items" && Array.isArray(value)) {
      for (const i of value as {
        itemId?: string;
        restock?: boolean | null;
        merchantAdjustment?: string | null;
        reject?: boolean | null;
      }[]) {
        const what = i.reject
          ? "rejected"
          : [
              i.restock ? "restocked" : "not restocked",
              i.merchantAdjustment != null && Number(i.merchantAdjustment) !== 0 ? `${i.merchantAdjustment} ${currency} kept back` : null,
            ]
              .filter(Boolean)
              .join(", ");
        parts.push(`${item(i.itemId)}: ${what}`);
      }
    } else if ((key === "removedItemIds" || key === "processedItemIds" || key === "keptItemIds") && Array.isArray(value)) {
      const verb = key === "removedItemIds" ? "Removed" : key === "keptItemIds" ? "Kept by the customer, refunded" : "Processed";
      parts.push(`${verb}: ${value.map(item).join(", ")}`);
    } else if (key === "rules" && Array.isArray(value)) {
      // A policy review or override: each rule by its name, with why (paths and enum spellings left out).
      for (const r of value as { name?: string; explanation?: string }[])
        parts.push(`${r.name ?? "A rule"}: ${plainExplanation(r.explanation ?? "", "UTC")}`);
    } else if (key === "commentId") {
      // The comment itself is listed under Comments.
    } else if (typeof value === "string" && INTERNAL_ID.test(value)) {
      // An id says nothing to a person.
    } else if (key === "policyVersion" && typeof value === "number") {
      parts.push(`Return policy version ${value}`);
    } else if (value !== null && typeof value !== "object") {
      parts.push(`${capitalize(key.replace(/([A-Z])/g, " $1").toLowerCase())}: ${String(value)}`);
    }
  }
  return parts.join(" · ");
}

export function actorText(a: { type: string; id: string | null; name: string | null }): string {
  // A shopper is recorded by their draft's id: "Shopper" says who without it.
  if (a.type === "shopper") return "Shopper";
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
export type CsvPage = { csv: string; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export async function collectCsv(fetchPage: (after: string | null) => Promise<CsvPage>): Promise<string> {
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

/** Minor units of a decimal amount ("12.5" → 1250 with 2 decimals), or null when it is not one. */
function minorUnits(text: string, decimals: number): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m || (m[2] ?? "").length > decimals) return null;
  return Number(m[1] + (m[2] ?? "").padEnd(decimals, "0"));
}

/**
 * Checks a merchant adjustment as typed, before it is sent: a plain amount, at most the item's value
 * (`max`, tax included, as the core allows). Empty is fine (no adjustment).
 */
export function adjustmentError(text: string, max: { amount: string; currency: string }): string | null {
  if (!text.trim()) return null;
  const decimals = (max.amount.split(".")[1] ?? "").length;
  const value = minorUnits(text, decimals);
  if (value === null) return decimals ? `Enter an amount such as 5.00 (at most ${decimals} decimals).` : "Enter a whole amount such as 5.";
  if (value > (minorUnits(max.amount, decimals) ?? 0))
    return `Cannot exceed the item's value of ${max.amount} ${max.currency} (tax included).`;
  return null;
}

/** The overview's period as typed (UTC days, both inclusive; default this month) → `from`/`to` of returnsOverview. */
export function overviewVariables(
  f: { from?: string; to?: string },
  now: Date = new Date(),
): { variables: { from: string; to: string }; errors: { from?: string; to?: string } } {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const errors: { from?: string; to?: string } = {};
  let from = (f.from ?? "").trim() || monthStart.toISOString().slice(0, 10);
  let to = (f.to ?? "").trim() || monthEnd.toISOString().slice(0, 10);
  if (!validDay(from)) (errors.from = "Enter the date as YYYY-MM-DD."), (from = monthStart.toISOString().slice(0, 10));
  if (!validDay(to)) (errors.to = "Enter the date as YYYY-MM-DD."), (to = monthEnd.toISOString().slice(0, 10));
  if (from > to) {
    errors.to = "The end date is before the start date.";
    to = from;
  }
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  // The core reads at most 366 days at once.
  if (end.getTime() - new Date(`${from}T00:00:00Z`).getTime() > 366 * 86_400_000) {
    errors.to = "Choose at most 366 days.";
    end.setTime(new Date(`${from}T00:00:00Z`).getTime() + 366 * 86_400_000);
  }
  return { variables: { from: `${from}T00:00:00.000Z`, to: end.toISOString() }, errors };
}

/** One line on where a return's money stands, from its items' decisions (the core keeps no payment records). */
/** What a return line gives, per line on its page: an exchange (it names a variant), store credit (the core's refund type), or a refund. */
export function lineGives(item: {
  exchangeItem?: unknown;
  compensation: string;
  refund: { type: string };
}): "exchange" | "store_credit" | "refund" {
  if (item.exchangeItem) return "exchange";
  return item.refund.type === "store_credit" || item.compensation === "store_credit" ? "store_credit" : "refund";
}

export function refundState(items: { status: string }[]): string {
  const open = items.filter((i) => i.status === "open").length;
  if (!items.length) return "No items.";
  if (open === items.length) return "Not decided yet: the amounts below are what accepting every item in full would owe.";
  if (open) return `Partly decided: ${open} of ${items.length} item${items.length === 1 ? "" : "s"} still open.`;
  if (items.every((i) => i.status === "rejected")) return "Rejected: nothing is owed.";
  return "Decided: the amounts below are owed to the customer.";
}

/** How an inventory movement's cause reads, and the page that shows it (the return, or the inbound shipment). */
export function movementCause(m: { cause: string; returnId?: string | null; shipmentId?: string | null }): { label: string; href: string } {
  if (m.cause === "RETURN_RESTOCK" && m.returnId) return { label: "Return restocked", href: `/returns/${encodeURIComponent(m.returnId)}` };
  if (m.cause === "EXCHANGE_HOLD" && m.returnId)
    return { label: "Held for an exchange", href: `/returns/${encodeURIComponent(m.returnId)}` };
  if (m.cause === "EXCHANGE_RELEASE" && m.returnId)
    return { label: "Exchange hold given back", href: `/returns/${encodeURIComponent(m.returnId)}` };
  if (m.cause === "EXCHANGE_SHIPPED" && m.returnId)
    return { label: "Shipped with the exchange order", href: `/returns/${encodeURIComponent(m.returnId)}` };
  if (m.cause === "INBOUND_RECEIPT" && m.shipmentId)
    return { label: "Inbound shipment received", href: `/inbound/${encodeURIComponent(m.shipmentId)}` };
  // A cause this page does not know yet reads as words, never as its enum spelling.
  const words = m.cause.toLowerCase().replace(/_/g, " ");
  return { label: words.charAt(0).toUpperCase() + words.slice(1), href: "/inventory" };
}

/**
 * The customer's returns other than the one shown (the core answers the newest 11, so 10 others fit),
 * and whether there are more than listed.
 */
export function otherReturns<R extends { id: string }>(
  record: { returns: { nodes: R[]; pageInfo: { hasNextPage: boolean } } } | null | undefined,
  currentId: string,
  max = 10,
): { returns: R[]; more: boolean } {
  if (!record) return { returns: [], more: false };
  const others = record.returns.nodes.filter((r) => r.id !== currentId);
  return { returns: others.slice(0, max), more: record.returns.pageInfo.hasNextPage || others.length > max };
}

// ─── Warehouse platform webhooks ──────────────────────────────────────────────

/**
 * The warehouse platform's topics Retour has facts for, each with its triggers, in the platform's
 * admin order (reference warehouse-compat-webhooks.md §1.3). The pickers offer only these; the core
 * refuses anything else (422 naming what is supported), so this list only spares a round trip.
 */
/** The platform's topics and each one's triggers, as the core sends them (`warehouseWebhookTopics`). */
export type WarehouseTopics = readonly { topic: string; triggers: readonly string[] }[];

/** The triggers offered for a topic (none for an unknown one). */
export function triggersOf(topics: WarehouseTopics, topic: string): readonly string[] {
  return topics.find((t) => t.topic === topic)?.triggers ?? [];
}

/** The trigger to keep when the topic changes: the current one if the new topic has it, else its first. */
export function triggerFor(topics: WarehouseTopics, topic: string, current: string): string {
  const triggers = triggersOf(topics, topic);
  return triggers.includes(current) ? current : (triggers[0] ?? "");
}

export type WarehouseStatus = "active" | "inactive";
export const WAREHOUSE_STATUS_LABELS: Record<WarehouseStatus, string> = { active: "Active", inactive: "Inactive" };

/** What one click on the Activate/Deactivate button sets. */
export function toggledStatus(status: string): WarehouseStatus {
  return status === "active" ? "inactive" : "active";
}

export interface WarehouseWebhookForm {
  topic: string;
  trigger: string;
  url: string;
  status: WarehouseStatus;
}

/**
 * The form → `WarehouseWebhookInput`, or the form's own errors by field (`topic`, `trigger`, `url`)
 * for what the browser can tell before asking: a missing or over-long URL, a pair outside the
 * pickers. `maxUrlLength` is the core's bound (TEXT_BOUNDS.url) and `topics` the core's table
 * (`warehouseWebhookTopics`); the URL policy itself (https, public addresses) stays the core's.
 */
export function warehouseWebhookInput(
  form: WarehouseWebhookForm,
  maxUrlLength: number,
  topics: WarehouseTopics,
): { input: WarehouseWebhookForm } | { errors: Record<string, string> } {
  const url = form.url.trim();
  const errors: Record<string, string> = {};
  const names = topics.map((t) => t.topic);
  if (!names.includes(form.topic))
    errors.topic = `Choose a topic: ${names.slice(0, -1).join(", ")}${names.length > 1 ? " or " : ""}${names.at(-1) ?? ""}.`;
  else if (!triggersOf(topics, form.topic).includes(form.trigger))
    errors.trigger = `Choose a trigger of the topic ${form.topic}: ${triggersOf(topics, form.topic).join(", ")}.`;
  if (!url) errors.url = "Enter the URL the deliveries are POSTed to.";
  else if (url.length > maxUrlLength) errors.url = `The URL has ${url.length} characters; at most ${maxUrlLength} are accepted.`;
  else if (!/^https?:\/\/[^/\s]/i.test(url)) errors.url = "Enter a full URL starting with https:// (e.g. https://example.com/hooks/loop).";
  if (Object.keys(errors).length) return { errors };
  return { input: { topic: form.topic, trigger: form.trigger, url, status: form.status } };
}

/** How a consumer checks `X-Loop-Signature` (Node), shown next to the signing secret; test/unit runs it. */
export const VERIFY_LOOP_SIGNATURE = `import crypto from "node:crypto";

// rawBody: the request body exactly as received (a Buffer), before any JSON parsing.
function isFromRetour(rawBody, signatureHeader, secret) {
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(rawBody).digest("base64"));
  const given = Buffer.from(signatureHeader ?? "");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// e.g. in Express: app.post("/hooks/loop", express.raw({ type: "application/json" }), (req, res) => {
//   if (!isFromRetour(req.body, req.get("X-Loop-Signature"), process.env.LOOP_WEBHOOK_SECRET)) return res.sendStatus(401);
//   res.sendStatus(200);
// });
`;
