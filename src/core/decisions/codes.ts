// A policy decision as data: a stable code and its parameters, never a sentence. The evaluator
// (src/policy/evaluate.ts), the draft flow and the refusals answer these; each door renders them in its
// readers' words: the portal and the shopper emails from the shopper's catalogue (src/core/words), the
// dashboard in the merchant's words (./merchant.ts), REST and the warehouse API in the English they always
// returned (./render.ts, the API's formatter). Add a code here, its sentence to every catalogue, and its
// merchant's words; a reworded sentence never changes a code.

/** The parameters of each code. Dates are instants (an ISO string once stored or sent); amounts decimals. */
export interface DecisionParams {
  /** Returnable until `endsAt` (midnight after the last day in `zone`): `days` from `from` (`anchor`). */
  WINDOW_OPEN: { endsAt: Date | string; zone: string; days: number; from: string; anchor: Date | string; transitDays?: number };
  /** The window ended at `endsAt` (midnight in `zone`); asked at `askedAt`. */
  WINDOW_ENDED: { endsAt: Date | string; zone: string; askedAt: Date | string };
  /** Excluded by the product's `tag`, its `sku`, `productType` or `vendor`, a discount above `discountAbovePercent`, or a 0-day window (`windowDays`). */
  FINAL_SALE: { tag?: string; sku?: string; productType?: string; vendor?: string; discountAbovePercent?: string; windowDays?: number };
  /** The window runs `from` fulfillment or delivery and the item has not shipped ("" when the order line is unfulfilled). */
  NOT_FULFILLED: { from: string };
  /** `ordered` units, `returned` already returned or in a live return: `remaining` left, `asked` asked. */
  ALREADY_RETURNED: { remaining: number; ordered: number; returned: number; asked: number };
  /** The shopper's `reason` is not one of the policy's reasons. */
  REASON_NOT_LISTED: { reason: string };
  /** A review rule sends the return to review; `message` is the merchant's own sentence for the shopper ("" for the default). */
  REVIEW_RULE: RuleMatch;
  /** A review rule refuses; `message` is the merchant's own sentence for the shopper. */
  REFUSED_BY_RULE: RuleMatch;
  /** A restocking fee of `amount` on the line's `value` (both in `currency`). */
  RESTOCKING_FEE: { amount: string; currency: string; value: string };
  /** The per-return fee: `percent` of the value or a flat `amount` in `currency`; none for the outcomes in `waivedFor`. */
  RETURN_FEE: { percent?: string; amount?: string; currency: string; waivedFor: string[] };
  /** The bonus: `percent` of the value or a flat `amount` in `currency`, when the shopper takes an outcome in `on`. */
  BONUS: { percent?: string; amount?: string; currency: string; on: string[] };
  /** The `outcome` asked is not among the line's `offered` outcomes. */
  OUTCOME_NOT_OFFERED: { outcome: string; offered: string[] };
}

/** Why a review rule matched: any of the return's `value` above `valueAbove` (in `currency`), `returns` in the last `returnsInDays` days above `returnsAbove`, the order's `orderTag`, the line's `reason`. */
export interface RuleMatch {
  message: string;
  value?: string;
  currency?: string;
  valueAbove?: string;
  returns?: number;
  returnsInDays?: number;
  returnsAbove?: number;
  orderTag?: string;
  reason?: string;
}

export type DecisionCode = keyof DecisionParams;

export const DECISION_CODES = [
  "WINDOW_OPEN",
  "WINDOW_ENDED",
  "FINAL_SALE",
  "NOT_FULFILLED",
  "ALREADY_RETURNED",
  "REASON_NOT_LISTED",
  "REVIEW_RULE",
  "REFUSED_BY_RULE",
  "RESTOCKING_FEE",
  "RETURN_FEE",
  "BONUS",
  "OUTCOME_NOT_OFFERED",
] as const satisfies readonly DecisionCode[];

/** A code with its parameters, typed together. */
export type Coded = { [C in DecisionCode]: { code: C; params: DecisionParams[C] } }[DecisionCode];

export type Effect = "refuse" | "review" | "fee" | "bonus" | "window";

/** One rule's part in a decision: `rule` is its place in the policy ("windowRules[0]"), `name` the merchant's. */
export type Decision = { effect: Effect; rule: string; name: string } & Coded;

/** A parameter as GraphQL sends it: its name and its value as text (lists joined with ","; dates ISO 8601). */
export interface ParamPair {
  name: string;
  value: string;
}

/** A decision as a door reads it: the code, the rule and its parameters by name, as text. */
export interface DecisionWords {
  code: string;
  rule: string;
  name: string;
  params: Record<string, string>;
}

const text = (v: unknown): string => (v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.join(",") : String(v));

/** The parameters as name/value pairs (absent ones left out), in the order the code declares them. */
export function paramPairs(params: object): ParamPair[] {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([name, v]) => ({ name, value: text(v) }));
}

/** A decision (typed, or as sent) as the renderers read it. */
export function wordsOf(d: { code: string; rule: string; name: string; params: object | ParamPair[] }): DecisionWords {
  const params: Record<string, string> = {};
  for (const p of Array.isArray(d.params) ? d.params : paramPairs(d.params)) params[p.name] = p.value;
  return { code: d.code, rule: d.rule, name: d.name, params };
}

/** A list parameter's items ("" is none). */
export const listParam = (v: string | undefined): string[] => (v ? v.split(",") : []);

/** The prefix of a decision's parameters among a refusal's (`decision.endsAt`), beside its code (`decision`). */
export const DECISION_PARAM = "decision.";

/** A decision as a refusal's parameters: its code as `decision` ("" for none), each parameter as `decision.<name>`. */
export function decisionAsParams(d: DecisionWords | null): { decision: string } & Record<`decision.${string}`, string> {
  const out: { decision: string } & Record<`decision.${string}`, string> = { decision: d?.code ?? "" };
  for (const [name, value] of Object.entries(d?.params ?? {})) out[`${DECISION_PARAM}${name}`] = value;
  return out;
}

/** The decision a refusal's parameters carry (see decisionAsParams), as the renderers read it; null when none. */
export function decisionOfParams(p: Record<string, string | number>): DecisionWords | null {
  if (!p.decision) return null;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(p))
    if (name.startsWith(DECISION_PARAM)) params[name.slice(DECISION_PARAM.length)] = String(value);
  return { code: String(p.decision), rule: "", name: "", params };
}
