// The simulation over the database: the store's returns created in [from, to), oldest first, each with its
// order as it is now and the customer's history at its creation, read a chunk at a time by
// src/policy/sim-read.ts. Two doors: one page at a time (`returnPolicySimulation`, keyset cursor), and a
// run over the whole range in the background with progress (src/policy/simulation-jobs.ts).
import { refuse } from "./refusals.js";
import { PAGE_SIZES } from "../core/bounds.js";
import type { RequestContext } from "../core/context.js";
import { paginate, type PageArgs } from "../core/pagination.js";
import type { PolicyVersionInput } from "./evaluate.js";
import { historyDays, publishedVersion } from "./load.js";
import { checkRules, type PolicyRules } from "./rules.js";
import { SimulationReader } from "./sim-read.js";
import { type AffectedReturn, Simulation } from "./simulate.js";

export interface Prepared {
  from: Date;
  to: Date;
  draft: PolicyVersionInput;
  published: PolicyVersionInput | null;
  reader: SimulationReader;
  storeId: string;
  /** How far back the history rules look (src/policy/sim-threads.ts gives it to each part's reader). */
  historyDays: number;
}

/** The range checked, the draft and the published version read, and the reader over the range. */
export async function prepareSimulation(
  ctx: RequestContext,
  storeId: string,
  fromArg: Date | string,
  toArg: Date | string,
  /** The whole range chunk after chunk (a background run), not one page. */
  streaming = false,
): Promise<Prepared> {
  const from = new Date(fromArg);
  const to = new Date(toArg);
  if (!(from < to)) throw refuse("SIMULATION_RANGE");
  const [row, store, published] = await Promise.all([
    ctx.prisma.returnPolicy.findUnique({ where: { storeId } }),
    ctx.prisma.store.findUnique({ where: { id: storeId }, select: { timeZone: true } }),
    publishedVersion(ctx.prisma, storeId),
  ]);
  if (!row) throw refuse("POLICY_NO_DRAFT", { action: "simulate" });
  const draft = { number: 0, rules: checkRules(JSON.parse(row.rules) as PolicyRules, "draft"), timeZone: store?.timeZone ?? "UTC" };
  // The history either version's rules look at: the longer window of the two.
  const days = Math.max(historyDays(draft.rules), historyDays(published?.rules ?? null));
  return {
    from,
    to,
    draft,
    published,
    reader: new SimulationReader(ctx.services.db, storeId, from, to, days, streaming),
    storeId,
    historyDays: days,
  };
}

export async function simulate(ctx: RequestContext, storeId: string, args: PageArgs & { from: Date | string; to: Date | string }) {
  const { from, to, draft, published, reader } = await prepareSimulation(ctx, storeId, args.from, args.to);
  const sim = new Simulation(draft, published);
  const page = await paginate(ctx.services.cursors, {
    list: `policySimulation:${storeId}:${from.getTime()}:${to.getTime()}`,
    args,
    defaultSize: PAGE_SIZES.standard.default,
    maxSize: PAGE_SIZES.standard.max,
    sortField: "createdAt",
    direction: "asc",
    fetch: async (_keyset, take, after) =>
      (await reader.chunk(after ? { at: Number(after.k), id: after.i } : null, Math.abs(take))).returns,
  });
  const affected: AffectedReturn[] = [];
  for (const ret of page.nodes) {
    const changed = sim.add(ret);
    if (changed) affected.push(changed);
  }
  return { scanned: sim.scanned, money: sim.report(), affected, pageInfo: page.pageInfo, publishedVersion: published?.number ?? null };
}
