// A draft run over the store's past returns beside the published version: each return's lines evaluated
// at the moment it was created, under both; which returns the draft would now refuse or review (and by
// which rule), and the money by currency. The tally is pure and streams: it keeps sums, never the returns
// (the benchmark in test/bench/policy-simulation.bench.ts feeds it 100 000 lines); the database side pages.
import { formatMinor } from "../core/money.js";
import {
  type AskedLine,
  type Charge,
  type CustomerHistory,
  type Decision,
  type Evaluation,
  evaluate,
  minorOf,
  type OrderInput,
  type PolicyVersionInput,
} from "./evaluate.js";

export interface PastReturn {
  id: string;
  number?: string | null;
  createdAt: Date;
  order: OrderInput;
  /** The return's lines with the outcome each took (its compensation). */
  items: (AskedLine & { outcome: string })[];
  history: CustomerHistory;
}

export interface Totals {
  returns: number;
  refused: number;
  reviewed: number;
  refunds: number;
  storeCredit: number;
  bonus: number;
  fees: number;
}

export interface Side {
  refused: boolean;
  reviewed: boolean;
  decisions: Decision[];
}

export interface AffectedReturn {
  returnId: string;
  /** The return's number as people read it ("R12"); null before it had one. */
  returnNumber: string | null;
  orderName: string;
  createdAt: Date;
  draft: Side;
  published: Side;
}

const zero = (): Totals => ({ returns: 0, refused: 0, reviewed: 0, refunds: 0, storeCredit: 0, bonus: 0, fees: 0 });

/** The evaluation's reviews and refusals, the return's first. */
function decisionsOf(e: Evaluation): Decision[] {
  // No inner named function: under tsx (keepNames) each would be renamed at every call.
  const out: Decision[] = [];
  for (const d of e.decisions) if (d.effect === "refuse" || d.effect === "review") out.push(d);
  for (const l of e.lines) for (const d of l.decisions) if (d.effect === "refuse" || d.effect === "review") out.push(d);
  return out;
}

/** One evaluation's money for the outcomes the return's lines took; a refused line counts nothing. */
function tally(e: Evaluation, items: PastReturn["items"], t: Totals): Side {
  // Plain loops: a simulation tallies every past return twice.
  const decisions = decisionsOf(e);
  let refused = false;
  for (let i = 0; i < e.lines.length && !refused; i++) {
    const l = e.lines[i]!;
    refused = l.returnable < (items[i]?.quantity ?? 0) || !l.outcomes.length;
  }
  const reviewed = e.review;
  t.returns++;
  if (refused) t.refused++;
  if (reviewed) t.reviewed++;
  const took = new Set<string>();
  for (let i = 0; i < e.lines.length; i++) {
    const l = e.lines[i]!;
    const want = items[i]?.outcome ?? "refund";
    let o = l.outcomes[0];
    for (const x of l.outcomes)
      if (x.outcome === want) {
        o = x;
        break;
      }
    if (!o) continue;
    took.add(o.outcome);
    const total = minorOf(o.total);
    if (o.outcome === "refund" || o.outcome === "keep_item") t.refunds += total;
    else if (o.outcome === "store_credit" || o.outcome === "exchange") t.storeCredit += total - (o.bonus ? minorOf(o.bonus.amount) : 0);
    if (o.bonus) t.bonus += minorOf(o.bonus.amount);
    for (const f of o.fees) t.fees += minorOf(f.amount);
  }
  // The per-return fee, once, on the first outcome taken that is not waived (the summary holds it).
  let fee: Charge | undefined;
  for (const s of e.summary) {
    if (fee) break;
    if (took.has(s.outcome)) fee = s.fees.find((f) => f.kind === "return_fee");
  }
  if (fee) {
    t.fees += minorOf(fee.amount);
    t.refunds -= took.has("refund") ? Math.min(t.refunds, minorOf(fee.amount)) : 0;
  }
  return { refused, reviewed, decisions };
}

const ruleKey = (s: Side) => {
  if (!s.decisions.length) return "";
  if (s.decisions.length === 1) return `${s.decisions[0]!.effect}:${s.decisions[0]!.rule}`;
  return s.decisions
    .map((d) => `${d.effect}:${d.rule}`)
    .sort()
    .join(",");
};

/** Sums by currency, and the returns whose decision the draft changes. */
export class Simulation {
  readonly money = new Map<string, { draft: Totals; published: Totals }>();
  scanned = 0;
  lines = 0;

  constructor(
    private readonly draft: PolicyVersionInput,
    private readonly published: PolicyVersionInput | null,
  ) {}

  /** Evaluates one past return under both; the return when the draft decides it otherwise (its decisions are codes: rendered when shown). */
  add(r: PastReturn): AffectedReturn | null {
    this.scanned++;
    this.lines += r.items.length;
    let m = this.money.get(r.order.currency);
    if (!m) this.money.set(r.order.currency, (m = { draft: zero(), published: zero() }));
    const draft = tally(evaluate(this.draft, r.order, r.items, r.history, r.createdAt), r.items, m.draft);
    const published = tally(evaluate(this.published, r.order, r.items, r.history, r.createdAt), r.items, m.published);
    if (draft.refused === published.refused && draft.reviewed === published.reviewed && ruleKey(draft) === ruleKey(published)) return null;
    return { returnId: r.id, returnNumber: r.number ?? null, orderName: r.order.name, createdAt: r.createdAt, draft, published };
  }

  /** The sums as decimals per currency. */
  report() {
    return reportMoney(this.money);
  }
}

export type MoneyByCurrency = Simulation["money"];

/** Adds one part's sums to another's (a run on several threads: src/policy/sim-threads.ts); integers, so exact. */
export function addMoney(into: Map<string, { draft: Totals; published: Totals }>, from: MoneyByCurrency): void {
  for (const [currency, m] of from) {
    let t = into.get(currency);
    if (!t) into.set(currency, (t = { draft: zero(), published: zero() }));
    for (const side of ["draft", "published"] as const) for (const k of Object.keys(t[side]) as (keyof Totals)[]) t[side][k] += m[side][k];
  }
}

/** The sums as decimals per currency, currencies in order. */
export function reportMoney(money: MoneyByCurrency) {
  const show = (t: Totals, cur: string) => ({
    returns: t.returns,
    refused: t.refused,
    reviewed: t.reviewed,
    refunds: { amount: formatMinor(t.refunds, cur), currency: cur },
    storeCredit: { amount: formatMinor(t.storeCredit, cur), currency: cur },
    bonus: { amount: formatMinor(t.bonus, cur), currency: cur },
    fees: { amount: formatMinor(t.fees, cur), currency: cur },
  });
  return [...money.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, m]) => ({ currency, draft: show(m.draft, currency), published: show(m.published, currency) }));
}
