// The simulation over the database: the store's returns created in [from, to), oldest first, a page at a
// time (keyset cursor), each with its order as it is now and the customer's history at its creation.
import { PAGE_SIZES } from "../core/bounds.js";
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { keysetOrder, paginate, type PageArgs } from "../core/pagination.js";
import { formatReturnNumber } from "../returns/list.js";
import { loadHistory, loadOrderInput, publishedVersion } from "./load.js";
import { checkRules, type PolicyRules } from "./rules.js";
import { type AffectedReturn, Simulation } from "./simulate.js";

export async function simulate(ctx: RequestContext, storeId: string, args: PageArgs & { from: Date | string; to: Date | string }) {
  const from = new Date(args.from);
  const to = new Date(args.to);
  if (!(from < to)) throw fail.badInput("`to` must be later than `from`: the range is [from, to).", "to");
  const [row, store, published] = await Promise.all([
    ctx.prisma.returnPolicy.findUnique({ where: { storeId } }),
    ctx.prisma.store.findUnique({ where: { id: storeId }, select: { timeZone: true } }),
    publishedVersion(ctx.prisma, storeId),
  ]);
  if (!row)
    throw fail.conflict(
      "policy/no-draft",
      "Nothing to simulate",
      "The store has no draft policy: write one first (updateReturnPolicyDraft).",
    );
  const draft = { number: 0, rules: checkRules(JSON.parse(row.rules) as PolicyRules, "draft"), timeZone: store?.timeZone ?? "UTC" };
  const sim = new Simulation(draft, published);
  const page = await paginate(ctx.services.cursors, {
    list: `policySimulation:${storeId}:${from.getTime()}:${to.getTime()}`,
    args,
    defaultSize: PAGE_SIZES.standard.default,
    maxSize: PAGE_SIZES.standard.max,
    sortField: "createdAt",
    direction: "asc",
    fetch: (keyset, take) =>
      ctx.prisma.return.findMany({
        where: { storeId, orderId: { not: null }, createdAt: { gte: from, lt: to }, ...(keyset ?? {}) },
        orderBy: keysetOrder("createdAt", "asc"),
        take,
        include: { items: { orderBy: { position: "asc" } }, order: true },
      }),
  });
  const affected: AffectedReturn[] = [];
  for (const ret of page.nodes) {
    if (!ret.order) continue;
    const order = await loadOrderInput(ctx.prisma, ret.order, ret.id);
    const items = ret.items
      .filter((it) => it.lineItemId && order.lines.some((l) => l.id === it.lineItemId))
      .map((it) => ({ lineId: it.lineItemId!, quantity: it.quantity, reasonCode: it.reasonCode, outcome: it.compensation }));
    const rules = published && published.rules.reviewRules.length > draft.rules.reviewRules.length ? published.rules : draft.rules;
    const history = await loadHistory(ctx.prisma, ret.order, rules, ret.createdAt);
    history.returnDates = history.returnDates.filter((d) => d < ret.createdAt);
    const changed = sim.add({ id: ret.id, number: formatReturnNumber(ret.compatId), createdAt: ret.createdAt, order, items, history });
    if (changed) affected.push(changed);
  }
  return { scanned: sim.scanned, money: sim.report(), affected, pageInfo: page.pageInfo, publishedVersion: published?.number ?? null };
}
