// A store's return policy: its rules as the merchant writes them (the GraphQL input, the REST body and the
// stored JSON share this shape) and the check that refuses a bad one, every problem named by its field
// with the fix. Amounts are decimal strings in the policy's currency; percentages decimal strings ("12.5").
import { refuse } from "./refusals.js";
import { RULE_REFUSALS, type RuleParams } from "./rule-refusals.js";
import { fail, type FieldProblem } from "../core/errors.js";
import { assertCurrency, parseMajor } from "../core/money.js";
import { isTimeZone } from "./zone.js";

export const OUTCOMES = ["refund", "store_credit", "exchange", "keep_item"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const BONUS_OUTCOMES = ["store_credit", "exchange"] as const;
export const WINDOW_ANCHORS = ["order", "fulfillment", "delivery"] as const;
export type WindowAnchor = (typeof WINDOW_ANCHORS)[number];
export const REVIEW_ACTIONS = ["review", "refuse"] as const;
/** When a return's store credit is issued and its keep-item lines settle. */
export const SETTLE_EVENTS = ["created", "delivered", "processed"] as const;
export type SettleEvent = (typeof SETTLE_EVENTS)[number];

/** Products a rule names: a line matches when any list holds its tag, SKU or product type (vendor for exclusions). */
export interface ProductMatch {
  tags: string[];
  skus: string[];
  productTypes: string[];
}

export interface PolicyRules {
  /** The currency of the flat amounts (fees, bonus, keep-item, review value): they apply to orders in it only. */
  currency: string;
  window: { days: number; from: WindowAnchor; transitDays: number };
  /** Longer or shorter windows for some products (0 days: final sale); the shortest matching one wins. */
  windowRules: (ProductMatch & { name: string; days: number })[];
  /** Orders placed in [orderedFrom, orderedTo] (dates in the store's time zone) get at least `days`. */
  extensions: { name: string; orderedFrom: string; orderedTo: string; days: number }[];
  exclusions: ProductMatch & { vendors: string[]; discountAbovePercent: string | null };
  outcomes: { refund: boolean; storeCredit: boolean; exchange: boolean; keepItemBelow: string | null; settleOn: SettleEvent };
  returnFee: { amount: string | null; percent: string | null; waivedFor: Outcome[] } | null;
  restockingFees: { name: string; tags: string[]; percent: string }[];
  bonus: { amount: string | null; percent: string | null; on: ("store_credit" | "exchange")[] } | null;
  reasons: { code: string; label: string; question: string | null; photoRequired: boolean; outcomes: Outcome[] }[];
  reviewRules: {
    name: string;
    action: "review" | "refuse";
    valueAbove: string | null;
    returnsInDays: number | null;
    returnsAbove: number | null;
    reasonCodes: string[];
    orderTags: string[];
    shopperMessage: string;
  }[];
}

/** What a store without a draft starts from: 30 days from delivery, refund and store credit, nothing else. */
export function defaultRules(currency = "USD"): PolicyRules {
  return {
    currency,
    window: { days: 30, from: "delivery", transitDays: 5 },
    windowRules: [],
    extensions: [],
    exclusions: { tags: [], skus: [], productTypes: [], vendors: [], discountAbovePercent: null },
    outcomes: { refund: true, storeCredit: true, exchange: false, keepItemBelow: null, settleOn: "processed" },
    returnFee: null,
    restockingFees: [],
    bonus: null,
    reasons: [],
    reviewRules: [],
  };
}

/** A percentage as hundredths of a percent (basis points): "12.5" → 1250. */
export function percentBp(text: string): number {
  const hit = bps.get(text);
  if (hit !== undefined) return hit;
  const bp = parseBp(text);
  if (bps.size > 10_000) bps.clear();
  bps.set(text, bp);
  return bp;
}
const bps = new Map<string, number>();

function parseBp(text: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

type Loose<T> = T extends (infer U)[] ? Loose<U>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> | null } : T;
/** A policy as a client sends it: any field may be left out (its default applies). */
export type PolicyInput = Loose<PolicyRules>;
type Input = PolicyInput;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const list = <T>(v: T[] | null | undefined): T[] => v ?? [];
const opt = (v: string | null | undefined): string | null => (v == null || v.trim() === "" ? null : v.trim());

/**
 * The rules of `input` with their defaults, or a 400 listing every problem (field under `prefix`, with the
 * fix). Refused: negative or absurd windows, percentages above 100, amounts the currency cannot hold, and
 * rules that can never match (a window rule naming no product, an empty date range, a reason allowing no
 * offered outcome, a review rule without a condition, a fee waived for every offered outcome).
 */
export function checkRules(input: Input, prefix = "input"): PolicyRules {
  const problems: FieldProblem[] = [];
  // Every problem at once, each a code naming its field (rule-refusals.ts).
  const bad: Bad = (field, code, params) =>
    problems.push(RULE_REFUSALS.problem(code, { ...params, field: `${prefix}.${field}` } as RuleParams[typeof code]));
  const base = defaultRules();
  let currency = base.currency;
  try {
    currency = assertCurrency(input.currency ?? base.currency, `${prefix}.currency`);
  } catch {
    bad("currency", "RULE_CURRENCY", { got: JSON.stringify(input.currency) });
  }
  const amount = (field: string, v: string | null | undefined, positive = true): string | null => {
    const t = opt(v);
    if (t == null) return null;
    try {
      const minor = parseMajor(t, currency, `${prefix}.${field}`);
      if (minor < 0 || (positive && minor === 0))
        bad(field, "RULE_AMOUNT_SIGN", { bound: positive ? "above" : "at least", got: JSON.stringify(t) });
    } catch {
      bad(field, "RULE_AMOUNT_FORMAT", { currency, got: JSON.stringify(t) });
    }
    return t;
  };
  const percent = (field: string, v: string | null | undefined): string | null => {
    const t = opt(v);
    if (t == null) return null;
    const bp = percentBp(t);
    if (!Number.isFinite(bp)) bad(field, "RULE_PERCENT_FORMAT", { got: JSON.stringify(t) });
    else if (bp > 10_000) bad(field, "RULE_PERCENT_ABOVE_100", { value: t });
    else if (bp === 0) bad(field, "RULE_PERCENT_ZERO");
    return t;
  };
  const days = (field: string, v: number | null | undefined, fallback: number, max = 3650): number => {
    const d = v ?? fallback;
    if (!Number.isInteger(d) || d < 0 || d > max) bad(field, "RULE_DAYS", { max, got: d });
    return d;
  };
  const names = (field: string, v: string[] | null | undefined): string[] => {
    const out = list(v).map((s) => s.trim());
    out.forEach((s, i) => {
      if (!s) bad(`${field}[${i}]`, "RULE_LIST_ENTRY_EMPTY");
    });
    return out;
  };

  const w = input.window ?? {};
  const from = w.from ?? base.window.from;
  if (!(WINDOW_ANCHORS as readonly string[]).includes(from))
    bad("window.from", "RULE_NOT_ONE_OF", { allowed: WINDOW_ANCHORS.join(","), got: JSON.stringify(from) });
  const window = {
    days: days("window.days", w.days, base.window.days),
    from,
    transitDays: days("window.transitDays", w.transitDays, base.window.transitDays, 365),
  };

  const windowRules = list(input.windowRules).map((r, i) => {
    const f = `windowRules[${i}]`;
    const m = {
      tags: names(`${f}.tags`, r.tags),
      skus: names(`${f}.skus`, r.skus),
      productTypes: names(`${f}.productTypes`, r.productTypes),
    };
    if (!m.tags.length && !m.skus.length && !m.productTypes.length) bad(f, "RULE_WINDOW_NO_PRODUCT");
    return { name: ruleName(bad, `${f}.name`, r.name), ...m, days: days(`${f}.days`, r.days, 0) };
  });
  const extensions = list(input.extensions).map((r, i) => {
    const f = `extensions[${i}]`;
    for (const k of ["orderedFrom", "orderedTo"] as const)
      if (!DATE.test(r[k] ?? "") || Number.isNaN(Date.parse(`${r[k]}T00:00:00Z`)))
        bad(`${f}.${k}`, "RULE_DATE", { got: JSON.stringify(r[k]) });
    const orderedFrom = r.orderedFrom ?? "";
    const orderedTo = r.orderedTo ?? "";
    if (orderedFrom > orderedTo && orderedTo) bad(f, "RULE_EXTENSION_DATES", { from: String(r.orderedFrom), to: String(r.orderedTo) });
    const d = days(`${f}.days`, r.days, 0);
    if (d === 0) bad(`${f}.days`, "RULE_EXTENSION_ZERO");
    return { name: ruleName(bad, `${f}.name`, r.name), orderedFrom, orderedTo, days: d };
  });
  const x = input.exclusions ?? {};
  const discountAbove = percent("exclusions.discountAbovePercent", x.discountAbovePercent);
  if (discountAbove != null && percentBp(discountAbove) >= 10_000) bad("exclusions.discountAbovePercent", "RULE_DISCOUNT_100");
  const exclusions = {
    tags: names("exclusions.tags", x.tags),
    skus: names("exclusions.skus", x.skus),
    productTypes: names("exclusions.productTypes", x.productTypes),
    vendors: names("exclusions.vendors", x.vendors),
    discountAbovePercent: discountAbove,
  };
  const o = input.outcomes ?? {};
  const outcomes = {
    refund: o.refund ?? base.outcomes.refund,
    storeCredit: o.storeCredit ?? base.outcomes.storeCredit,
    exchange: o.exchange ?? base.outcomes.exchange,
    keepItemBelow: amount("outcomes.keepItemBelow", o.keepItemBelow),
    settleOn: (o.settleOn ?? base.outcomes.settleOn ?? "processed") as SettleEvent,
  };
  if (!(SETTLE_EVENTS as readonly string[]).includes(outcomes.settleOn))
    bad("outcomes.settleOn", "RULE_NOT_ONE_OF", { allowed: SETTLE_EVENTS.join(","), got: JSON.stringify(outcomes.settleOn) });
  const offered = offeredOutcomes(outcomes);
  if (!offered.length) bad("outcomes", "RULE_NO_OUTCOME");
  const outcomeList = (field: string, v: string[] | null | undefined): Outcome[] => {
    const out = list(v) as Outcome[];
    out.forEach((k, i) => {
      if (!(OUTCOMES as readonly string[]).includes(k))
        bad(`${field}[${i}]`, "RULE_NOT_ONE_OF", { allowed: OUTCOMES.join(","), got: JSON.stringify(k) });
    });
    return [...new Set(out)];
  };

  let returnFee: PolicyRules["returnFee"] = null;
  if (input.returnFee) {
    const f = input.returnFee;
    returnFee = {
      amount: amount("returnFee.amount", f.amount),
      percent: percent("returnFee.percent", f.percent),
      waivedFor: outcomeList("returnFee.waivedFor", f.waivedFor),
    };
    if ((returnFee.amount == null) === (returnFee.percent == null)) bad("returnFee", "RULE_AMOUNT_OR_PERCENT");
    else if (offered.every((k) => returnFee!.waivedFor.includes(k))) bad("returnFee.waivedFor", "RULE_FEE_ALWAYS_WAIVED");
  }
  const restockingFees = list(input.restockingFees).map((r, i) => {
    const f = `restockingFees[${i}]`;
    const tags = names(`${f}.tags`, r.tags);
    if (!tags.length) bad(`${f}.tags`, "RULE_RESTOCKING_NO_TAG");
    return {
      name: ruleName(bad, `${f}.name`, r.name),
      tags,
      percent: percent(`${f}.percent`, r.percent) ?? (bad(`${f}.percent`, "RULE_REQUIRED"), "0"),
    };
  });
  let bonus: PolicyRules["bonus"] = null;
  if (input.bonus) {
    const b = input.bonus;
    const on = outcomeList("bonus.on", b.on) as ("store_credit" | "exchange")[];
    on.forEach((k, i) => {
      if (!(BONUS_OUTCOMES as readonly string[]).includes(k)) bad(`bonus.on[${i}]`, "RULE_BONUS_OUTCOME", { got: JSON.stringify(k) });
    });
    bonus = { amount: amount("bonus.amount", b.amount), percent: percent("bonus.percent", b.percent), on };
    if ((bonus.amount == null) === (bonus.percent == null)) bad("bonus", "RULE_AMOUNT_OR_PERCENT");
    if (!on.length || !on.some((k) => offered.includes(k))) bad("bonus.on", "RULE_BONUS_NEVER");
  }
  const codes = new Set<string>();
  const reasons = list(input.reasons).map((r, i) => {
    const f = `reasons[${i}]`;
    const code = (r.code ?? "").trim();
    if (!/^[a-z0-9_-]{1,64}$/.test(code)) bad(`${f}.code`, "RULE_REASON_CODE", { got: JSON.stringify(r.code) });
    if (codes.has(code)) bad(`${f}.code`, "RULE_REASON_CODE_REPEATED", { got: JSON.stringify(code) });
    codes.add(code);
    const allowed = r.outcomes == null ? offered : outcomeList(`${f}.outcomes`, r.outcomes);
    if (!allowed.some((k) => offered.includes(k))) bad(`${f}.outcomes`, "RULE_REASON_NO_OUTCOME");
    const label = (r.label ?? "").trim();
    if (!label) bad(`${f}.label`, "RULE_REASON_LABEL_EMPTY");
    return { code, label, question: opt(r.question), photoRequired: !!r.photoRequired, outcomes: allowed };
  });
  const reviewRules = list(input.reviewRules).map((r, i) => {
    const f = `reviewRules[${i}]`;
    const action = r.action ?? "review";
    if (!(REVIEW_ACTIONS as readonly string[]).includes(action)) bad(`${f}.action`, "RULE_REVIEW_ACTION", { got: JSON.stringify(action) });
    const rule = {
      name: ruleName(bad, `${f}.name`, r.name),
      action,
      valueAbove: amount(`${f}.valueAbove`, r.valueAbove, false),
      returnsInDays: r.returnsInDays ?? null,
      returnsAbove: r.returnsAbove ?? null,
      reasonCodes: names(`${f}.reasonCodes`, r.reasonCodes),
      orderTags: names(`${f}.orderTags`, r.orderTags),
      shopperMessage: (r.shopperMessage ?? "").trim(),
    };
    if ((rule.returnsInDays == null) !== (rule.returnsAbove == null)) bad(f, "RULE_REVIEW_COUNT_PAIR");
    if (rule.returnsInDays != null) days(`${f}.returnsInDays`, rule.returnsInDays, 0, 3650);
    if (rule.returnsInDays === 0) bad(`${f}.returnsInDays`, "RULE_REVIEW_ZERO_DAYS");
    if (rule.returnsAbove != null && (!Number.isInteger(rule.returnsAbove) || rule.returnsAbove < 0))
      bad(`${f}.returnsAbove`, "RULE_REVIEW_RETURNS_ABOVE", { value: rule.returnsAbove });
    if (rule.valueAbove == null && rule.returnsInDays == null && !rule.reasonCodes.length && !rule.orderTags.length)
      bad(f, "RULE_REVIEW_NO_CONDITION");
    rule.reasonCodes.forEach((c, j) => {
      if (!codes.has(c)) bad(`${f}.reasonCodes[${j}]`, "RULE_REVIEW_REASON_UNKNOWN", { got: JSON.stringify(c) });
    });
    if (action === "refuse" && !rule.shopperMessage) bad(`${f}.shopperMessage`, "RULE_REVIEW_MESSAGE_EMPTY");
    return rule;
  });
  if (problems.length) throw fail.problems(problems);
  return {
    currency,
    window,
    windowRules,
    extensions,
    exclusions,
    outcomes,
    returnFee,
    restockingFees,
    bonus,
    reasons,
    reviewRules,
  } as PolicyRules;
}

/** A problem of the rules: its field under the input, its code and the code's parameters but the field. */
type Bad = <C extends keyof RuleParams>(field: string, code: C, params?: Omit<RuleParams[C], "field">) => void;

function ruleName(bad: Bad, field: string, name: string | null | undefined): string {
  const n = (name ?? "").trim();
  if (!n) bad(field, "RULE_NAME_EMPTY");
  return n;
}

export function offeredOutcomes(o: PolicyRules["outcomes"]): Outcome[] {
  const out: Outcome[] = [];
  if (o.refund) out.push("refund");
  if (o.storeCredit) out.push("store_credit");
  if (o.exchange) out.push("exchange");
  if (o.keepItemBelow != null) out.push("keep_item");
  return out;
}

/** The store's time zone as given, or a 400 naming the field. */
export function checkTimeZone(zone: string, field = "timeZone"): string {
  const z = zone.trim();
  if (!isTimeZone(z)) throw refuse("TIME_ZONE_INVALID", { field, value: zone });
  return z;
}
