// A store's return policy: its rules as the merchant writes them (the GraphQL input, the REST body and the
// stored JSON share this shape) and the check that refuses a bad one, every problem named by its field
// with the fix. Amounts are decimal strings in the policy's currency; percentages decimal strings ("12.5").
import { refuse } from "./refusals.js";
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
  const bad = (field: string, detail: string) => problems.push({ field: `${prefix}.${field}`, detail: `\`${prefix}.${field}\` ${detail}` });
  const base = defaultRules();
  let currency = base.currency;
  try {
    currency = assertCurrency(input.currency ?? base.currency, `${prefix}.currency`);
  } catch {
    bad("currency", `must be a 3-letter ISO 4217 currency code such as "USD"; got ${JSON.stringify(input.currency)}.`);
  }
  const amount = (field: string, v: string | null | undefined, positive = true): string | null => {
    const t = opt(v);
    if (t == null) return null;
    try {
      const minor = parseMajor(t, currency, `${prefix}.${field}`);
      if (minor < 0 || (positive && minor === 0)) bad(field, `must be ${positive ? "above" : "at least"} 0; got ${JSON.stringify(t)}.`);
    } catch {
      bad(field, `must be a decimal amount in ${currency} such as "5.00"; got ${JSON.stringify(t)}.`);
    }
    return t;
  };
  const percent = (field: string, v: string | null | undefined): string | null => {
    const t = opt(v);
    if (t == null) return null;
    const bp = percentBp(t);
    if (!Number.isFinite(bp)) bad(field, `must be a percentage such as "10" or "12.5" (at most 2 decimals); got ${JSON.stringify(t)}.`);
    else if (bp > 10_000) bad(field, `must be at most 100 (a percentage of the value); got ${t}.`);
    else if (bp === 0) bad(field, "must be above 0; remove the rule instead of setting 0.");
    return t;
  };
  const days = (field: string, v: number | null | undefined, fallback: number, max = 3650): number => {
    const d = v ?? fallback;
    if (!Number.isInteger(d) || d < 0 || d > max) bad(field, `must be a whole number of days from 0 to ${max}; got ${d}.`);
    return d;
  };
  const names = (field: string, v: string[] | null | undefined): string[] => {
    const out = list(v).map((s) => s.trim());
    out.forEach((s, i) => {
      if (!s) bad(`${field}[${i}]`, "must not be empty.");
    });
    return out;
  };

  const w = input.window ?? {};
  const from = w.from ?? base.window.from;
  if (!(WINDOW_ANCHORS as readonly string[]).includes(from))
    bad("window.from", `must be one of ${WINDOW_ANCHORS.join(", ")}; got ${JSON.stringify(from)}.`);
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
    if (!m.tags.length && !m.skus.length && !m.productTypes.length)
      bad(f, "names no product, so it can never match: give tags, skus or productTypes.");
    return { name: ruleName(bad, `${f}.name`, r.name), ...m, days: days(`${f}.days`, r.days, 0) };
  });
  const extensions = list(input.extensions).map((r, i) => {
    const f = `extensions[${i}]`;
    for (const k of ["orderedFrom", "orderedTo"] as const)
      if (!DATE.test(r[k] ?? "") || Number.isNaN(Date.parse(`${r[k]}T00:00:00Z`)))
        bad(`${f}.${k}`, `must be a date such as "2026-11-20"; got ${JSON.stringify(r[k])}.`);
    const orderedFrom = r.orderedFrom ?? "";
    const orderedTo = r.orderedTo ?? "";
    if (orderedFrom > orderedTo && orderedTo)
      bad(f, `runs from ${r.orderedFrom} to the earlier ${r.orderedTo}, so it can never match: swap the dates.`);
    const d = days(`${f}.days`, r.days, 0);
    if (d === 0) bad(`${f}.days`, "must be above 0: an extension of 0 days never lengthens a window.");
    return { name: ruleName(bad, `${f}.name`, r.name), orderedFrom, orderedTo, days: d };
  });
  const x = input.exclusions ?? {};
  const discountAbove = percent("exclusions.discountAbovePercent", x.discountAbovePercent);
  if (discountAbove != null && percentBp(discountAbove) >= 10_000)
    bad("exclusions.discountAbovePercent", "must be below 100: no item is discounted beyond 100%, so it can never match.");
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
    bad("outcomes.settleOn", `must be one of ${SETTLE_EVENTS.join(", ")}; got ${JSON.stringify(outcomes.settleOn)}.`);
  const offered = offeredOutcomes(outcomes);
  if (!offered.length)
    bad("outcomes", "offers no outcome, so nothing could ever be returned: allow refund, storeCredit, exchange or keepItemBelow.");
  const outcomeList = (field: string, v: string[] | null | undefined): Outcome[] => {
    const out = list(v) as Outcome[];
    out.forEach((k, i) => {
      if (!(OUTCOMES as readonly string[]).includes(k))
        bad(`${field}[${i}]`, `must be one of ${OUTCOMES.join(", ")}; got ${JSON.stringify(k)}.`);
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
    if ((returnFee.amount == null) === (returnFee.percent == null)) bad("returnFee", "must give exactly one of amount (flat) or percent.");
    else if (offered.every((k) => returnFee!.waivedFor.includes(k)))
      bad(
        "returnFee.waivedFor",
        "waives the fee for every offered outcome, so it can never apply: remove the fee or an outcome from waivedFor.",
      );
  }
  const restockingFees = list(input.restockingFees).map((r, i) => {
    const f = `restockingFees[${i}]`;
    const tags = names(`${f}.tags`, r.tags);
    if (!tags.length) bad(`${f}.tags`, "names no product tag, so it can never match: give at least one tag.");
    return {
      name: ruleName(bad, `${f}.name`, r.name),
      tags,
      percent: percent(`${f}.percent`, r.percent) ?? (bad(`${f}.percent`, "is required."), "0"),
    };
  });
  let bonus: PolicyRules["bonus"] = null;
  if (input.bonus) {
    const b = input.bonus;
    const on = outcomeList("bonus.on", b.on) as ("store_credit" | "exchange")[];
    on.forEach((k, i) => {
      if (!(BONUS_OUTCOMES as readonly string[]).includes(k))
        bad(`bonus.on[${i}]`, `must be store_credit or exchange (a bonus is credit); got ${JSON.stringify(k)}.`);
    });
    bonus = { amount: amount("bonus.amount", b.amount), percent: percent("bonus.percent", b.percent), on };
    if ((bonus.amount == null) === (bonus.percent == null)) bad("bonus", "must give exactly one of amount (flat) or percent.");
    if (!on.length || !on.some((k) => offered.includes(k)))
      bad("bonus.on", "names no offered outcome, so the bonus can never apply: offer store credit or exchange and list it here.");
  }
  const codes = new Set<string>();
  const reasons = list(input.reasons).map((r, i) => {
    const f = `reasons[${i}]`;
    const code = (r.code ?? "").trim();
    if (!/^[a-z0-9_-]{1,64}$/.test(code))
      bad(`${f}.code`, `must be 1–64 lower-case letters, digits, _ or -; got ${JSON.stringify(r.code)}.`);
    if (codes.has(code)) bad(`${f}.code`, `repeats ${JSON.stringify(code)}: each reason needs its own code.`);
    codes.add(code);
    const allowed = r.outcomes == null ? offered : outcomeList(`${f}.outcomes`, r.outcomes);
    if (!allowed.some((k) => offered.includes(k)))
      bad(
        `${f}.outcomes`,
        "allows no outcome the policy offers, so a return with this reason could never be accepted: allow an offered outcome.",
      );
    const label = (r.label ?? "").trim();
    if (!label) bad(`${f}.label`, "must not be empty: it is what the shopper picks.");
    return { code, label, question: opt(r.question), photoRequired: !!r.photoRequired, outcomes: allowed };
  });
  const reviewRules = list(input.reviewRules).map((r, i) => {
    const f = `reviewRules[${i}]`;
    const action = r.action ?? "review";
    if (!(REVIEW_ACTIONS as readonly string[]).includes(action))
      bad(`${f}.action`, `must be review or refuse; got ${JSON.stringify(action)}.`);
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
    if ((rule.returnsInDays == null) !== (rule.returnsAbove == null))
      bad(f, "must give both returnsInDays and returnsAbove (more than returnsAbove returns in the last returnsInDays days), or neither.");
    if (rule.returnsInDays != null) days(`${f}.returnsInDays`, rule.returnsInDays, 0, 3650);
    if (rule.returnsInDays === 0)
      bad(`${f}.returnsInDays`, "must be at least 1: no return was placed in the last 0 days, so it can never match.");
    if (rule.returnsAbove != null && (!Number.isInteger(rule.returnsAbove) || rule.returnsAbove < 0))
      bad(`${f}.returnsAbove`, `must be a whole number of at least 0; got ${rule.returnsAbove}.`);
    if (rule.valueAbove == null && rule.returnsInDays == null && !rule.reasonCodes.length && !rule.orderTags.length)
      bad(
        f,
        "has no condition, so it would match every return: give valueAbove, returnsInDays with returnsAbove, reasonCodes or orderTags.",
      );
    rule.reasonCodes.forEach((c, j) => {
      if (!codes.has(c))
        bad(
          `${f}.reasonCodes[${j}]`,
          `names ${JSON.stringify(c)}, which is not a code in reasons, so it can never match: add the reason or fix the code.`,
        );
    });
    if (action === "refuse" && !rule.shopperMessage)
      bad(`${f}.shopperMessage`, "must not be empty when the rule refuses: it is what the shopper reads.");
    return rule;
  });
  if (problems.length === 1) throw fail.badInput(problems[0]!.detail, problems[0]!.field);
  if (problems.length) throw fail.badInputs(problems);
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

function ruleName(bad: (f: string, d: string) => void, field: string, name: string | null | undefined): string {
  const n = (name ?? "").trim();
  if (!n) bad(field, "must not be empty: the name is how a decision names its rule.");
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
