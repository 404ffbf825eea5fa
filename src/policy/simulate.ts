// A draft run over the store's past returns beside the published version: each return's lines evaluated
// at the moment it was created, under both; which returns the draft would now refuse or review (and by
// which rule), and the money by currency. The tally is pure and streams: it keeps sums, never the returns
// (the benchmark in test/bench/policy-simulation.bench.ts feeds it 100 000 lines); the database side pages.
import { formatMinor } from "../core/money.js";
import {
  type AskedLine,
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
const decisionsOf = (e: Evaluation): Decision[] =>
  [...e.decisions, ...e.lines.flatMap((l) => l.decisions)].filter((d) => d.effect === "refuse" || d.effect === "review");

/** One evaluation's money for the outcomes the return's lines took; a refused line counts nothing. */
function tally(e: Evaluation, items: PastReturn["items"], t: Totals): Side {
  const decisions = decisionsOf(e);
  const refused = e.lines.some((l, i) => l.returnable < (items[i]?.quantity ?? 0) || !l.outcomes.length);
  const reviewed = e.review;
  t.returns++;
  if (refused) t.refused++;
  if (reviewed) t.reviewed++;
  const took = new Set<string>();
  e.lines.forEach((l, i) => {
    const want = items[i]?.outcome ?? "refund";
    const o = l.outcomes.find((x) => x.outcome === want) ?? l.outcomes[0];
    if (!o) return;
    took.add(o.outcome);
    const total = minorOf(o.total);
    if (o.outcome === "refund" || o.outcome === "keep_item") t.refunds += total;
    else if (o.outcome === "store_credit" || o.outcome === "exchange") t.storeCredit += total - (o.bonus ? minorOf(o.bonus.amount) : 0);
    if (o.bonus) t.bonus += minorOf(o.bonus.amount);
    for (const f of o.fees) t.fees += minorOf(f.amount);
  });
  // The per-return fee, once, on the first outcome taken that is not waived (the summary holds it).
  const fee = e.summary.filter((s) => took.has(s.outcome)).flatMap((s) => s.fees.filter((f) => f.kind === "return_fee"))[0];
  if (fee) {
    t.fees += minorOf(fee.amount);
    t.refunds -= took.has("refund") ? Math.min(t.refunds, minorOf(fee.amount)) : 0;
  }
  return { refused, reviewed, decisions };
}

const ruleKey = (s: Side) =>
  s.decisions
    .map((d) => `${d.effect}:${d.rule}`)
    .sort()
    .join(",");

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
    const show = (t: Totals, cur: string) => ({
      returns: t.returns,
      refused: t.refused,
      reviewed: t.reviewed,
      refunds: { amount: formatMinor(t.refunds, cur), currency: cur },
      storeCredit: { amount: formatMinor(t.storeCredit, cur), currency: cur },
      bonus: { amount: formatMinor(t.bonus, cur), currency: cur },
      fees: { amount: formatMinor(t.fees, cur), currency: cur },
    });
    return [...this.money.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, m]) => ({ currency, draft: show(m.draft, currency), published: show(m.published, currency) }));
  }
}
