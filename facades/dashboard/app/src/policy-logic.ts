// The return policy editor's pure logic: the core's rules ↔ the form's fields (texts the merchant types),
// the form's labels keyed by the core's field paths (so a refusal shows next to its field), enum words, exact
// money and times in a time zone. The policy in sentences and the publish diff are in policy-words.ts.
// No DOM: unit-tested in test/unit/dashboard-policy.test.ts.
import { zonedDateTime } from "../../../../src/core/zoned-time.js";

export type Outcome = "refund" | "store_credit" | "exchange" | "keep_item";

export interface PolicyRules {
  currency: string;
  window: { days: number; from: string; transitDays: number };
  windowRules: { name: string; tags: string[]; skus: string[]; productTypes: string[]; days: number }[];
  extensions: { name: string; orderedFrom: string; orderedTo: string; days: number }[];
  exclusions: { tags: string[]; skus: string[]; productTypes: string[]; vendors: string[]; discountAbovePercent: string | null };
  outcomes: { refund: boolean; storeCredit: boolean; exchange: boolean; keepItemBelow: string | null };
  returnFee: { amount: string | null; percent: string | null; waivedFor: Outcome[] } | null;
  restockingFees: { name: string; tags: string[]; percent: string }[];
  bonus: { amount: string | null; percent: string | null; on: Outcome[] } | null;
  reasons: { code: string; label: string; question: string | null; photoRequired: boolean; outcomes: Outcome[] }[];
  reviewRules: {
    name: string;
    action: string;
    valueAbove: string | null;
    returnsInDays: number | null;
    returnsAbove: number | null;
    reasonCodes: string[];
    orderTags: string[];
    shopperMessage: string;
  }[];
}

/** A published version and the policy as the page reads them (RETURN_POLICY). */
export interface PolicyVersion {
  number: number;
  timeZone: string;
  publishedAt: string;
  publishedBy: { type: string; name: string | null };
  rules: PolicyRules;
}
export interface PolicyData {
  timeZone: string;
  draftUpdatedAt: string | null;
  draftUpdatedBy: { type: string; name: string | null } | null;
  draft: PolicyRules;
  versions: PolicyVersion[];
}

/** Every field of the policy as selected from the core (PolicyRules). */
export const POLICY_RULES_FIELDS = `currency window { days from transitDays }
  windowRules { name tags skus productTypes days }
  extensions { name orderedFrom orderedTo days }
  exclusions { tags skus productTypes vendors discountAbovePercent }
  outcomes { refund storeCredit exchange keepItemBelow }
  returnFee { amount percent waivedFor }
  restockingFees { name tags percent }
  bonus { amount percent on }
  reasons { code label question photoRequired outcomes }
  reviewRules { name action valueAbove returnsInDays returnsAbove reasonCodes orderTags shopperMessage }`;

// ─── Words ────────────────────────────────────────────────────────────────────

export const OUTCOME_WORDS: Record<Outcome, string> = {
  refund: "Refund to the original payment",
  store_credit: "Store credit",
  exchange: "Exchange for another variant",
  keep_item: "Keep the item",
};
export const OUTCOMES: Outcome[] = ["refund", "store_credit", "exchange", "keep_item"];
export const ANCHOR_WORDS: Record<string, string> = { order: "the order date", fulfillment: "fulfillment", delivery: "delivery" };
export const ACTION_WORDS: Record<string, string> = { review: "Send to review", refuse: "Refuse" };
export const EFFECT_WORDS: Record<string, string> = {
  refuse: "Refused",
  review: "Sent to review",
  fee: "Charged",
  bonus: "Bonus",
  window: "Allowed",
};
export const outcomeWord = (o: string) => (OUTCOME_WORDS as Record<string, string>)[o]?.toLowerCase() ?? o.replace(/_/g, " ");

/**
 * The core's explanation for a merchant without the policy's field paths ("(windowRules[0])"), enum
 * spellings or ISO instants: the rule's name already says which rule it is.
 */
export function plainExplanation(text: string, zone: string): string {
  const out = text
    .replace(/^(?:Refused|Sent to review) by [^:]+?: /, "")
    .replace(/^Excluded by exclusions\.[a-zA-Z]+: /, "Excluded: ")
    .replace(/ \([a-zA-Z]+(?:\[\d+\])?(?:\.[a-zA-Z]+)*\)/g, "")
    .replace(/\bexclusions\.[a-zA-Z]+/g, (p) => PATH_WORDS[p] ?? "an exclusion")
    .replace(/\b[a-z][A-Za-z]*\[\d+\](?:\.[a-zA-Z]+)*/g, "a rule")
    .replace(/\b(store_credit|keep_item)\b/g, (w) => outcomeWord(w))
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => zonedTime(iso, zone))
    .replace(/\.\.$/, ".");
  return out.charAt(0).toUpperCase() + out.slice(1);
}
const PATH_WORDS: Record<string, string> = {
  "exclusions.tags": "the excluded product tags",
  "exclusions.skus": "the excluded SKUs",
  "exclusions.vendors": "the excluded vendors",
  "exclusions.productTypes": "the excluded product types",
  "exclusions.discountAbovePercent": "the discount limit",
};

// ─── Money and time ───────────────────────────────────────────────────────────

/** An exact decimal amount in its currency ("1234.50", "EUR" → "€1,234.50"); the digits are the core's. */
export function formatMoney(amount: string, currency: string, locale?: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return `${amount} ${currency}`;
  try {
    const fmt = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: (m[3] ?? "").length });
    // Format 1 to learn the currency's pattern, then put the exact digits in (no float on the way).
    const parts = fmt.formatToParts(m[1] ? -1 : 1);
    const group = fmt.formatToParts(1000).find((p) => p.type === "group")?.value ?? ",";
    const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
    const int = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    let fractionDone = false;
    return parts
      .map((p) => {
        if (p.type === "integer") return int;
        if (p.type === "fraction") return ((fractionDone = true), m[3] ?? "");
        if (p.type === "decimal") return m[3] ? decimal : "";
        return p.value;
      })
      .join("")
      .concat(!fractionDone && m[3] ? `${decimal}${m[3]}` : "");
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Adds two decimal strings exactly ("0.10" + "0.20" = "0.30"), keeping the longer fraction. */
export function addDecimal(a: string, b: string): string {
  const places = Math.max((a.split(".")[1] ?? "").length, (b.split(".")[1] ?? "").length);
  const toInt = (s: string) => {
    const [i, f = ""] = s.replace("-", "").split(".");
    const v = BigInt(i! + f.padEnd(places, "0"));
    return s.startsWith("-") ? -v : v;
  };
  const sum = toInt(a) + toInt(b);
  const neg = sum < 0n;
  const digits = (neg ? -sum : sum).toString().padStart(places + 1, "0");
  const out = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return neg ? `-${out}` : out;
}

/** An instant as people read it in a time zone, the zone named ("26 Nov 2026, 10:00 CET"): the shared src/core/zoned-time.ts. */
export function zonedTime(iso: string, zone: string, locale?: string): string {
  return zonedDateTime(iso, zone, locale);
}

/** The instant a calendar date ("2026-11-01") starts in a time zone, as ISO 8601 UTC. */
export function zonedMidnight(date: string, zone: string): string {
  const [y, mo, d] = date.split("-").map(Number);
  const guess = Date.UTC(y!, mo! - 1, d!);
  const offsetAt = (t: number) => {
    const p = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(t));
    const n = (k: string) => Number(p.find((x) => x.type === k)?.value);
    return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - t;
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t).toISOString();
}

/** The day after a calendar date ("2026-11-30" → "2026-12-01"). */
export function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

// ─── The form ─────────────────────────────────────────────────────────────────

/** The policy as the form holds it: what the merchant types (lists as comma-separated text). */
export interface PolicyForm {
  currency: string;
  windowDays: string;
  windowFrom: string;
  transitDays: string;
  windowRules: { name: string; tags: string; skus: string; productTypes: string; days: string }[];
  extensions: { name: string; orderedFrom: string; orderedTo: string; days: string }[];
  exclusions: { tags: string; skus: string; productTypes: string; vendors: string; discountAbovePercent: string };
  refund: boolean;
  storeCredit: boolean;
  exchange: boolean;
  keepItem: boolean;
  keepItemBelow: string;
  feeOn: boolean;
  feeKind: "amount" | "percent";
  feeValue: string;
  feeWaivedFor: Outcome[];
  restockingFees: { name: string; tags: string; percent: string }[];
  bonusOn: boolean;
  bonusKind: "amount" | "percent";
  bonusValue: string;
  bonusFor: Outcome[];
  reasons: { code: string; label: string; question: string; photoRequired: boolean; outcomes: Outcome[] }[];
  reviewRules: {
    name: string;
    action: string;
    valueAbove: string;
    returnsInDays: string;
    returnsAbove: string;
    reasonCodes: string;
    orderTags: string;
    shopperMessage: string;
  }[];
}

const joined = (v: string[]) => v.join(", ");
const split = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const num = (n: number | null) => (n == null ? "" : String(n));

export function toForm(r: PolicyRules): PolicyForm {
  return {
    currency: r.currency,
    windowDays: String(r.window.days),
    windowFrom: r.window.from,
    transitDays: String(r.window.transitDays),
    windowRules: r.windowRules.map((w) => ({
      name: w.name,
      tags: joined(w.tags),
      skus: joined(w.skus),
      productTypes: joined(w.productTypes),
      days: String(w.days),
    })),
    extensions: r.extensions.map((e) => ({ ...e, days: String(e.days) })),
    exclusions: {
      tags: joined(r.exclusions.tags),
      skus: joined(r.exclusions.skus),
      productTypes: joined(r.exclusions.productTypes),
      vendors: joined(r.exclusions.vendors),
      discountAbovePercent: r.exclusions.discountAbovePercent ?? "",
    },
    refund: r.outcomes.refund,
    storeCredit: r.outcomes.storeCredit,
    exchange: r.outcomes.exchange,
    keepItem: r.outcomes.keepItemBelow != null,
    keepItemBelow: r.outcomes.keepItemBelow ?? "",
    feeOn: !!r.returnFee,
    feeKind: r.returnFee?.percent != null ? "percent" : "amount",
    feeValue: r.returnFee?.percent ?? r.returnFee?.amount ?? "",
    feeWaivedFor: r.returnFee?.waivedFor ?? [],
    restockingFees: r.restockingFees.map((f) => ({ name: f.name, tags: joined(f.tags), percent: f.percent })),
    bonusOn: !!r.bonus,
    bonusKind: r.bonus?.amount != null ? "amount" : "percent",
    bonusValue: r.bonus?.percent ?? r.bonus?.amount ?? "",
    bonusFor: r.bonus?.on ?? [],
    reasons: r.reasons.map((x) => ({ ...x, question: x.question ?? "" })),
    reviewRules: r.reviewRules.map((x) => ({
      name: x.name,
      action: x.action,
      valueAbove: x.valueAbove ?? "",
      returnsInDays: num(x.returnsInDays),
      returnsAbove: num(x.returnsAbove),
      reasonCodes: joined(x.reasonCodes),
      orderTags: joined(x.orderTags),
      shopperMessage: x.shopperMessage,
    })),
  };
}

/** A whole number typed in a field, or NaN when it is not one (the form says so before sending). */
function wholeNumber(v: string): number {
  const t = v.trim();
  return /^\d{1,7}$/.test(t) ? Number(t) : Number.NaN;
}
const optional = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The form as the core's PolicyRulesInput, and the form's own refusals (a number field that holds no
 * whole number), keyed by the core's field path like the core's refusals.
 */
export function toInput(f: PolicyForm): { input: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const int = (path: string, v: string, required = true): number | null => {
    if (!v.trim() && !required) return null;
    const n = wholeNumber(v);
    if (Number.isNaN(n)) errors[path] = "Enter a whole number (0 or more).";
    return Number.isNaN(n) ? 0 : n;
  };
  const input = {
    currency: f.currency.trim().toUpperCase(),
    window: {
      days: int("input.window.days", f.windowDays),
      from: f.windowFrom,
      transitDays: int("input.window.transitDays", f.transitDays),
    },
    windowRules: f.windowRules.map((w, i) => ({
      name: w.name,
      tags: split(w.tags),
      skus: split(w.skus),
      productTypes: split(w.productTypes),
      days: int(`input.windowRules[${i}].days`, w.days),
    })),
    extensions: f.extensions.map((e, i) => ({ ...e, days: int(`input.extensions[${i}].days`, e.days) })),
    exclusions: {
      tags: split(f.exclusions.tags),
      skus: split(f.exclusions.skus),
      productTypes: split(f.exclusions.productTypes),
      vendors: split(f.exclusions.vendors),
      discountAbovePercent: optional(f.exclusions.discountAbovePercent),
    },
    outcomes: {
      refund: f.refund,
      storeCredit: f.storeCredit,
      exchange: f.exchange,
      keepItemBelow: f.keepItem ? f.keepItemBelow.trim() || "0" : null,
    },
    returnFee: f.feeOn
      ? { [f.feeKind]: f.feeValue.trim() || "0", [f.feeKind === "amount" ? "percent" : "amount"]: null, waivedFor: f.feeWaivedFor }
      : null,
    restockingFees: f.restockingFees.map((r) => ({ name: r.name, tags: split(r.tags), percent: r.percent.trim() })),
    bonus: f.bonusOn
      ? { [f.bonusKind]: f.bonusValue.trim() || "0", [f.bonusKind === "amount" ? "percent" : "amount"]: null, on: f.bonusFor }
      : null,
    reasons: f.reasons.map((r) => ({
      code: r.code.trim(),
      label: r.label,
      question: optional(r.question),
      photoRequired: r.photoRequired,
      outcomes: r.outcomes,
    })),
    reviewRules: f.reviewRules.map((r, i) => ({
      name: r.name,
      action: r.action,
      valueAbove: optional(r.valueAbove),
      returnsInDays: int(`input.reviewRules[${i}].returnsInDays`, r.returnsInDays, false),
      returnsAbove: int(`input.reviewRules[${i}].returnsAbove`, r.returnsAbove, false),
      reasonCodes: split(r.reasonCodes),
      orderTags: split(r.orderTags),
      shopperMessage: r.shopperMessage,
    })),
  };
  return { input, errors };
}

/**
 * The form's label for every field path the core may name (`input.returnFee.percent`), rows included,
 * so `fieldErrors` puts each refusal next to its field and names fields by their labels in messages.
 */
export function policyLabels(f: PolicyForm): Record<string, string> {
  const l: Record<string, string> = {
    "input.currency": "Currency of fixed amounts",
    "input.window": "Return window",
    "input.window.days": "Days to return",
    "input.window.from": "Counted from",
    "input.window.transitDays": "Transit days when no delivery date is known",
    "input.exclusions.tags": "Excluded product tags",
    "input.exclusions.skus": "Excluded SKUs",
    "input.exclusions.productTypes": "Excluded product types",
    "input.exclusions.vendors": "Excluded vendors",
    "input.exclusions.discountAbovePercent": "Exclude items discounted more than (%)",
    "input.outcomes": "Outcomes offered",
    "input.outcomes.keepItemBelow": "Keep the item when the return is worth less than",
    "input.returnFee": "Return fee",
    "input.returnFee.amount": "Return fee amount",
    "input.returnFee.percent": "Return fee amount",
    "input.returnFee.waivedFor": "Waive the fee for",
    "input.bonus": "Bonus credit",
    "input.bonus.amount": "Bonus amount",
    "input.bonus.percent": "Bonus amount",
    "input.bonus.on": "Give the bonus on",
  };
  const rows = <T>(list: T[], base: string, what: string, fields: Record<string, string>) =>
    list.forEach((_, i) => {
      l[`input.${base}[${i}]`] = `${what} ${i + 1}`;
      for (const [k, v] of Object.entries(fields)) l[`input.${base}[${i}].${k}`] = `${what} ${i + 1}: ${v}`;
    });
  rows(f.windowRules, "windowRules", "Window rule", {
    name: "name",
    tags: "tags",
    skus: "SKUs",
    productTypes: "product types",
    days: "days",
  });
  rows(f.extensions, "extensions", "Holiday extension", {
    name: "name",
    orderedFrom: "ordered from",
    orderedTo: "ordered to",
    days: "days",
  });
  rows(f.restockingFees, "restockingFees", "Restocking fee", { name: "name", tags: "tags", percent: "percent" });
  rows(f.reasons, "reasons", "Reason", { code: "code", label: "label", question: "follow-up question", outcomes: "outcomes allowed" });
  rows(f.reviewRules, "reviewRules", "Review rule", {
    name: "name",
    action: "action",
    valueAbove: "value above",
    returnsInDays: "in the last days",
    returnsAbove: "more returns than",
    reasonCodes: "reasons",
    orderTags: "order tags",
    shopperMessage: "message to the shopper",
  });
  return l;
}
