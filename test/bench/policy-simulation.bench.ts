// 9. Policy simulation: 100 000 past return lines (--quick: 5 000) run through the draft beside the
// published version (src/policy/simulate.ts: two evaluations and the tally per return), streamed from a
// generator so nothing but the sums is kept; reported against the evaluator alone (one evaluation per
// return) and with the live heap's peak growth (sampled after a forced GC; npm run bench passes --expose-gc).
// No database: it measures the evaluator and the tally, which the paged database run feeds.
import { type OrderInput, evaluate, type PolicyVersionInput } from "../../src/policy/evaluate.js";
import { checkRules } from "../../src/policy/rules.js";
import { type PastReturn, Simulation } from "../../src/policy/simulate.js";
import { round, type Measure } from "./lib.js";

const LINES_PER_RETURN = 4;
const DAY = 86_400_000;
const T0 = Date.parse("2026-01-01T12:00:00Z");

const published: PolicyVersionInput = {
  number: 1,
  timeZone: "America/New_York",
  rules: checkRules({ window: { days: 30, from: "delivery", transitDays: 4 }, outcomes: { refund: true, storeCredit: true } }),
};
const draft: PolicyVersionInput = {
  number: 0,
  timeZone: "America/New_York",
  rules: checkRules({
    window: { days: 30, from: "delivery", transitDays: 4 },
    windowRules: [{ name: "Final sale", tags: ["final-sale"], days: 0 }],
    extensions: [{ name: "Holidays", orderedFrom: "2026-11-20", orderedTo: "2026-12-31", days: 60 }],
    exclusions: { vendors: ["Outlet"], discountAbovePercent: "50" },
    outcomes: { refund: true, storeCredit: true, exchange: true },
    returnFee: { amount: "5.00", waivedFor: ["store_credit", "exchange"] },
    restockingFees: [{ name: "Bulky", tags: ["bulky"], percent: "15" }],
    bonus: { percent: "10", on: ["store_credit", "exchange"] },
    reasons: [
      { code: "too_big", label: "Too big" },
      { code: "damaged", label: "Damaged", outcomes: ["refund", "store_credit"] },
    ],
    reviewRules: [
      { name: "Big returns", action: "review", valueAbove: "300.00" },
      { name: "Serial returner", action: "refuse", returnsInDays: 30, returnsAbove: 3, shopperMessage: "Please contact us." },
    ],
  }),
};

/** `n` past returns, made one at a time (deterministic: the same stream every run). */
function* pastReturns(n: number): Generator<PastReturn> {
  const tags = [[], ["final-sale"], ["bulky"], [], ["summer"]];
  const outcomes = ["refund", "store_credit", "exchange", "refund"];
  for (let r = 0; r < n; r++) {
    const placed = T0 + (r % 330) * DAY + (r % 17) * 3_600_000;
    const fulfilled = new Date(placed + (1 + (r % 3)) * DAY);
    const order: OrderInput = {
      id: `ord_${r}`,
      name: `#${100000 + r}`,
      currency: r % 10 === 0 ? "EUR" : "USD",
      placedAt: new Date(placed),
      tags: r % 50 === 0 ? ["vip"] : [],
      lines: Array.from({ length: LINES_PER_RETURN }, (_, i) => ({
        id: `li_${r}_${i}`,
        externalId: `L${r}-${i}`,
        productId: `p${(r + i) % 500}`,
        sku: `SKU-${(r + i) % 900}`,
        productType: null,
        vendor: (r + i) % 41 === 0 ? "Outlet" : "Acme",
        tags: tags[(r + i) % tags.length]!,
        quantity: 1 + ((r + i) % 3),
        unitPrice: 1_000 + ((r * 7 + i * 13) % 20_000),
        discount: (r + i) % 9 === 0 ? 1_500 : 0,
        returned: 0,
        fulfilledAt: fulfilled,
        deliveredAt: r % 4 === 0 ? null : new Date(fulfilled.getTime() + 3 * DAY),
      })),
    };
    yield {
      id: `ret_${r}`,
      createdAt: new Date(placed + (5 + (r % 40)) * DAY),
      order,
      items: order.lines.map((l, i) => ({
        lineId: l.id,
        quantity: 1,
        reasonCode: i % 2 ? "too_big" : "damaged",
        outcome: outcomes[(r + i) % outcomes.length]!,
      })),
      history: { returnDates: r % 25 === 0 ? [1, 2, 3, 4].map((d) => new Date(placed + d * DAY)) : [] },
    };
  }
}

function heapSampler() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  return {
    sample() {
      gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    },
    growthMb: () => (peak - base) / 1e6,
  };
}

function run(returns: number) {
  // The evaluator alone: one evaluation per return (the draft), nothing kept.
  let t = performance.now();
  let offers = 0;
  for (const r of pastReturns(returns)) offers += evaluate(draft, r.order, r.items, r.history, r.createdAt).summary.length;
  const evaluatorMs = performance.now() - t;
  // The simulation: both versions, the tally, the affected returns counted (a page would hold them).
  const heap = heapSampler();
  const sim = new Simulation(draft, published);
  let affected = 0;
  t = performance.now();
  for (const r of pastReturns(returns)) {
    if (sim.add(r)) affected++;
    if (sim.scanned % 5_000 === 0) heap.sample();
  }
  const simulationMs = performance.now() - t;
  heap.sample();
  return { evaluatorMs, simulationMs, affected, offers, lines: sim.lines, heapMb: heap.growthMb(), money: sim.report() };
}

const measure: Measure = {
  id: 9,
  name: "Policy simulation 100 000 lines",
  async run(ctx) {
    const lines = ctx.quick ? 5_000 : 100_000;
    const returns = lines / LINES_PER_RETURN;
    run(Math.min(returns, 2_000)); // warm-up
    const r = run(returns);
    if (r.lines !== lines) throw new Error(`expected ${lines} lines, got ${r.lines}`);
    const s = r.simulationMs / 1000;
    const met = ctx.quick ? null : s <= 2;
    const usd = r.money.find((m) => m.currency === "USD");
    return [
      {
        measure: 9,
        name: `Policy simulation ${lines.toLocaleString("en")} lines`,
        db: ctx.provider,
        value: round(s, 2),
        unit: "s (draft beside published)",
        target: "≤ 2 s, memory bounded",
        met,
        ...(met === false ? { reason: "the simulation took longer than 2 s" } : {}),
        details: {
          "evaluator alone s": round(r.evaluatorMs / 1000, 2),
          "simulation ÷ evaluator": round(r.simulationMs / r.evaluatorMs, 2),
          "lines/s": round(lines / s),
          "affected returns": r.affected,
          "live heap peak +MB": round(r.heapMb, 1),
          "draft refunds USD": usd?.draft.refunds.amount ?? "0",
          "published refunds USD": usd?.published.refunds.amount ?? "0",
        },
      },
    ];
  },
};

export default measure;
