import { type Decision, paramPairs, wordsOf } from "../core/decisions/codes.js";
import { merchantWords } from "../core/decisions/merchant.js";
import { apiShopperMessage } from "../core/decisions/render.js";
import { actorName } from "../returns/actors.js";
import type { Charge, Evaluation, LineEvaluation, OutcomeOffer } from "./evaluate.js";
import { explainReturn } from "./explain.js";
import * as policy from "./service.js";
import type { PolicyInput } from "./rules.js";
import { cancelRun, getRun, type RunResult, type RunRow, startRun } from "./simulation-jobs.js";
import { simulate } from "./simulation-run.js";
import type { Resolvers, ReturnSettleEvent } from "../core/generated/schema.js";

type Money = { amount: string; currency: string };
type EvaluationOut = Evaluation & { lines: (LineEvaluation & { currency: string })[] };

const money = (amount: string, currency: string): Money => ({ amount, currency });
const charge = (c: Charge, cur: string) => ({ kind: c.kind, rule: c.rule, amount: money(c.amount, cur) });
const offer = (o: OutcomeOffer, cur: string) => ({
  outcome: o.outcome,
  value: money(o.value, cur),
  total: money(o.total, cur),
  fees: o.fees.map((f) => charge(f, cur)),
  bonus: o.bonus ? charge(o.bonus, cur) : null,
});

/** A completed run's result, parsed once per row (three fields read it). */
const results = new WeakMap<RunRow, RunResult | null>();
function resultOf(r: RunRow): RunResult | null {
  let v = results.get(r);
  if (v === undefined) results.set(r, (v = r.result ? (JSON.parse(r.result) as RunResult) : null));
  return v;
}

/**
 * A decision as resolved: a code with its params; a simulation run stored before decisions were codes
 * holds the two sentences instead (and no code): they are shown as stored.
 */
type DecisionOut = Decision | { effect: string; rule: string; name: string; shopperMessage: string; merchantExplanation: string };
const coded = (d: DecisionOut): d is Decision => "code" in d;

declare module "../core/parents.js" {
  interface DomainParents {
    PolicyDecision: DecisionOut;
    /** An evaluation with its currency on every line (the lines' money fields read it). */
    ReturnEligibility: EvaluationOut;
    LineEligibility: EvaluationOut["lines"][number];
    /** The published rules' outcomes, as stored (settleOn is missing from versions before it existed). */
    PolicyOutcomes: { settleOn?: ReturnSettleEvent | null };
    ReturnPolicy: policy.PolicyView;
  }
}

export const policyResolvers = {
  PolicyDecision: {
    code: (d) => (coded(d) ? d.code : d.effect === "review" ? "REVIEW_RULE" : "REFUSED_BY_RULE"),
    params: (d) => (coded(d) ? paramPairs(d.params) : []),
    shopperMessage: (d) => (coded(d) ? apiShopperMessage(d) : d.shopperMessage),
    merchantExplanation: (d) => (coded(d) ? merchantWords(wordsOf(d)) : d.merchantExplanation),
  },
  Query: {
    returnPolicy: (_, a, ctx) => policy.getPolicy(ctx, a.storeId),
    returnEligibility: async (_, a, ctx): Promise<EvaluationOut> => {
      const e = await policy.eligibility(ctx, a.storeId, { ...a, at: a.at ? new Date(a.at) : null });
      return { ...e, lines: e.lines.map((l) => ({ ...l, currency: e.currency })) };
    },
    returnPolicySimulation: (_, a, ctx) => simulate(ctx, a.storeId, a),
    policySimulationRun: (_, a, ctx) => getRun(ctx, a.storeId, a.id),
  },
  Mutation: {
    // The schema's outcome enum is wider than some rules allow (a bonus is never a refund): checkRules refuses
    // what a rule cannot hold, naming the field, so the input goes in as the rules' own loose shape.
    updateReturnPolicyDraft: (_, a, ctx) => policy.updateDraft(ctx, a.storeId, a.input as PolicyInput),
    publishReturnPolicy: (_, a, ctx) => policy.publish(ctx, a.storeId),
    setStoreTimeZone: (_, a, ctx) => policy.setTimeZone(ctx, a.storeId, a.timeZone),
    startPolicySimulation: (_, a, ctx) => startRun(ctx, a.storeId, a),
    cancelPolicySimulation: (_, a, ctx) => cancelRun(ctx, a.storeId, a.id),
  },
  PolicySimulationRun: {
    from: (r) => r.rangeFrom,
    to: (r) => r.rangeTo,
    timeLimitSeconds: (_, __, ctx) => ctx.services.config.simulation.maxSeconds,
    money: (r) => resultOf(r)?.money ?? [],
    affected: (r) => resultOf(r)?.affected ?? [],
    affectedCount: (r) => resultOf(r)?.affectedCount ?? 0,
  },
  ReturnPolicy: {
    published: (p, _, ctx) => policy.latestVersionRow(ctx, p.storeId),
    versions: (p, _, ctx) => policy.versions(ctx, p.storeId),
  },
  ReturnPolicyVersion: {
    rules: (v) => JSON.parse(v.rules),
    publishedBy: async (v, _, ctx) => ({
      type: v.publishedByType,
      id: v.publishedById,
      name: v.publishedByName ?? (await actorName(ctx, v.publishedByType, v.publishedById)),
    }),
  },
  Return: {
    policyEvaluation: async (r, _, ctx): Promise<EvaluationOut | null> => {
      const e = await explainReturn(ctx, r);
      return e ? { ...e, lines: e.lines.map((l) => ({ ...l, currency: e.currency })) } : null;
    },
  },
  // Versions published before the setting existed settle on processing.
  PolicyOutcomes: { settleOn: (o) => o.settleOn ?? "processed" },
  ReturnEligibility: {
    summary: (e) => e.summary.map((o) => offer(o, e.currency)),
  },
  LineEligibility: {
    lineItemId: (l) => l.externalId,
    outcomes: (l) => l.outcomes.map((o) => offer(o, l.currency)),
    exchange: (l) => (l.exchange ? { productId: l.exchange.productId, unitPrice: money(l.exchange.unitPrice, l.currency) } : null),
  },
} satisfies Resolvers;
