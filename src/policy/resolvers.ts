import type { RequestContext } from "../core/context.js";
import { type Decision, paramPairs, wordsOf } from "../core/decisions/codes.js";
import { merchantWords } from "../core/decisions/merchant.js";
import { apiShopperMessage } from "../core/decisions/render.js";
import { actorName } from "../returns/actors.js";
import type { Charge, Evaluation, LineEvaluation, OutcomeOffer } from "./evaluate.js";
import { explainReturn } from "./explain.js";
import * as policy from "./service.js";
import { cancelRun, getRun, type RunResult, type RunRow, startRun } from "./simulation-jobs.js";
import { simulate } from "./simulation-run.js";

type Ctx = RequestContext;
type StoreArgs = { storeId: string };
type VersionRow = Awaited<ReturnType<typeof policy.versions>>[number];
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

export const policyResolvers = {
  PolicyDecision: {
    code: (d: DecisionOut) => (coded(d) ? d.code : d.effect === "review" ? "REVIEW_RULE" : "REFUSED_BY_RULE"),
    params: (d: DecisionOut) => (coded(d) ? paramPairs(d.params) : []),
    shopperMessage: (d: DecisionOut) => (coded(d) ? apiShopperMessage(d) : d.shopperMessage),
    merchantExplanation: (d: DecisionOut) => (coded(d) ? merchantWords(wordsOf(d)) : d.merchantExplanation),
  },
  Query: {
    returnPolicy: (_: unknown, a: StoreArgs, ctx: Ctx) => policy.getPolicy(ctx, a.storeId),
    returnEligibility: async (
      _: unknown,
      a: StoreArgs & Parameters<typeof policy.eligibility>[2] & { at?: string | Date | null },
      ctx: Ctx,
    ): Promise<EvaluationOut> => {
      const e = await policy.eligibility(ctx, a.storeId, { ...a, at: a.at ? new Date(a.at) : null });
      return { ...e, lines: e.lines.map((l) => ({ ...l, currency: e.currency })) };
    },
    returnPolicySimulation: (_: unknown, a: StoreArgs & Parameters<typeof simulate>[2], ctx: Ctx) => simulate(ctx, a.storeId, a),
    policySimulationRun: (_: unknown, a: StoreArgs & { id?: string | null }, ctx: Ctx) => getRun(ctx, a.storeId, a.id),
  },
  Mutation: {
    updateReturnPolicyDraft: (_: unknown, a: StoreArgs & { input: Parameters<typeof policy.updateDraft>[2] }, ctx: Ctx) =>
      policy.updateDraft(ctx, a.storeId, a.input),
    publishReturnPolicy: (_: unknown, a: StoreArgs, ctx: Ctx) => policy.publish(ctx, a.storeId),
    setStoreTimeZone: (_: unknown, a: StoreArgs & { timeZone: string }, ctx: Ctx) => policy.setTimeZone(ctx, a.storeId, a.timeZone),
    startPolicySimulation: (_: unknown, a: StoreArgs & { from: string; to: string }, ctx: Ctx) => startRun(ctx, a.storeId, a),
    cancelPolicySimulation: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => cancelRun(ctx, a.storeId, a.id),
  },
  PolicySimulationRun: {
    from: (r: RunRow) => r.rangeFrom,
    to: (r: RunRow) => r.rangeTo,
    money: (r: RunRow) => resultOf(r)?.money ?? [],
    affected: (r: RunRow) => resultOf(r)?.affected ?? [],
    affectedCount: (r: RunRow) => resultOf(r)?.affectedCount ?? 0,
  },
  ReturnPolicy: {
    published: (p: policy.PolicyView, _: unknown, ctx: Ctx) => policy.latestVersionRow(ctx, p.storeId),
    versions: (p: policy.PolicyView, _: unknown, ctx: Ctx) => policy.versions(ctx, p.storeId),
  },
  ReturnPolicyVersion: {
    rules: (v: VersionRow) => JSON.parse(v.rules),
    publishedBy: async (v: VersionRow, _: unknown, ctx: Ctx) => ({
      type: v.publishedByType,
      id: v.publishedById,
      name: v.publishedByName ?? (await actorName(ctx, v.publishedByType, v.publishedById)),
    }),
  },
  Return: {
    policyEvaluation: async (r: Parameters<typeof explainReturn>[1], _: unknown, ctx: Ctx): Promise<EvaluationOut | null> => {
      const e = await explainReturn(ctx, r);
      return e ? { ...e, lines: e.lines.map((l) => ({ ...l, currency: e.currency })) } : null;
    },
  },
  // Versions published before the setting existed settle on processing.
  PolicyOutcomes: { settleOn: (o: { settleOn?: string | null }) => o.settleOn ?? "processed" },
  ReturnEligibility: {
    summary: (e: EvaluationOut) => e.summary.map((o) => offer(o, e.currency)),
  },
  LineEligibility: {
    lineItemId: (l: LineEvaluation) => l.externalId,
    outcomes: (l: LineEvaluation & { currency: string }) => l.outcomes.map((o) => offer(o, l.currency)),
    exchange: (l: LineEvaluation & { currency: string }) =>
      l.exchange ? { productId: l.exchange.productId, unitPrice: money(l.exchange.unitPrice, l.currency) } : null,
  },
};
