// The store's return policy: the draft, publishing it as an immutable numbered version, the store's time
// zone, and eligibility for an order. Publishing bumps ReturnPolicy.latestVersion in the same transaction
// that writes the version: the row's write lock serialises two publishes, and (storeId, number) is unique,
// so neither loses its version.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { actorName } from "../returns/service.js";
import { type AskedLine, evaluate } from "./evaluate.js";
import { loadHistory, loadOrderInput, publishedVersion } from "./load.js";
import { checkRules, checkTimeZone, defaultRules, type PolicyRules } from "./rules.js";

export interface PolicyView {
  storeId: string;
  timeZone: string;
  draft: PolicyRules;
  draftUpdatedAt: Date | null;
  draftUpdatedBy: { type: string; id: string | null; name: string | null } | null;
}

export async function getPolicy(ctx: RequestContext, storeId: string): Promise<PolicyView> {
  const [store, row] = await Promise.all([
    ctx.prisma.store.findUnique({ where: { id: storeId }, select: { timeZone: true } }),
    ctx.prisma.returnPolicy.findUnique({ where: { storeId } }),
  ]);
  return {
    storeId,
    timeZone: store?.timeZone ?? "UTC",
    draft: row ? (JSON.parse(row.rules) as PolicyRules) : defaultRules(),
    draftUpdatedAt: row?.updatedAt ?? null,
    draftUpdatedBy: row ? { type: row.updatedByType, id: row.updatedById, name: row.updatedByName } : null,
  };
}

export async function updateDraft(ctx: RequestContext, storeId: string, input: Parameters<typeof checkRules>[0]): Promise<PolicyView> {
  const rules = checkRules(input);
  const actor = ctx.actor();
  await ctx.prisma.$transaction(async (tx) => {
    const name = await actorName(ctx, tx);
    const data = { rules: JSON.stringify(rules), updatedByType: actor.type, updatedById: actor.id, updatedByName: name };
    await tx.returnPolicy.upsert({ where: { storeId }, create: { storeId, ...data }, update: data });
  });
  return getPolicy(ctx, storeId);
}

export async function publish(ctx: RequestContext, storeId: string) {
  const actor = ctx.actor();
  return ctx.prisma.$transaction(async (tx) => {
    const draft = await tx.returnPolicy.findUnique({ where: { storeId } });
    if (!draft) throw refuse("POLICY_NO_DRAFT", { action: "publish" });
    // Re-checked: a draft written before a rule was tightened must not be published unchecked.
    const rules = checkRules(JSON.parse(draft.rules) as PolicyRules, "draft");
    const { latestVersion: number } = await tx.returnPolicy.update({ where: { storeId }, data: { latestVersion: { increment: 1 } } });
    const store = await tx.store.findUnique({ where: { id: storeId }, select: { timeZone: true } });
    return tx.returnPolicyVersion.create({
      data: {
        id: newId("rpv"),
        storeId,
        number,
        rules: JSON.stringify(rules),
        timeZone: store?.timeZone ?? "UTC",
        publishedByType: actor.type,
        publishedById: actor.id,
        publishedByName: await actorName(ctx, tx),
      },
    });
  });
}

export async function setTimeZone(ctx: RequestContext, storeId: string, timeZone: string): Promise<PolicyView> {
  const zone = checkTimeZone(timeZone);
  await ctx.prisma.store.update({ where: { id: storeId }, data: { timeZone: zone } });
  return getPolicy(ctx, storeId);
}

export function versions(ctx: RequestContext, storeId: string) {
  return ctx.prisma.returnPolicyVersion.findMany({ where: { storeId }, orderBy: { number: "desc" }, take: 1_000 });
}

export function latestVersionRow(ctx: RequestContext, storeId: string) {
  return ctx.prisma.returnPolicyVersion.findFirst({ where: { storeId }, orderBy: { number: "desc" } });
}

/** The order by its id or the merchant's order id, within the store. */
export async function findOrder(ctx: RequestContext, storeId: string, orderId: string) {
  const order =
    (await ctx.prisma.order.findFirst({ where: { storeId, id: orderId } })) ??
    (await ctx.prisma.order.findFirst({ where: { storeId, externalId: orderId }, orderBy: { createdAt: "asc" } }));
  if (!order) throw refuse("POLICY_ORDER_NOT_FOUND", { id: orderId });
  return order;
}

export async function eligibility(
  ctx: RequestContext,
  storeId: string,
  args: {
    orderId: string;
    items?: { lineItemId: string; quantity: number; reasonCode?: string | null }[] | null;
    at?: Date | null;
    policyVersion?: number | null;
  },
) {
  const order = await findOrder(ctx, storeId, args.orderId);
  const version = await publishedVersion(ctx.prisma, storeId, args.policyVersion);
  if (args.policyVersion != null && !version) throw refuse("POLICY_VERSION_NOT_FOUND", { version: args.policyVersion });
  const input = await loadOrderInput(ctx.prisma, order);
  const now = args.at ?? new Date();
  let asked: AskedLine[] | null = null;
  if (args.items) {
    asked = args.items.map((it, i) => {
      const line = input.lines.find((l) => l.externalId === it.lineItemId) ?? input.lines.find((l) => l.id === it.lineItemId);
      if (!line) throw refuse("POLICY_NOT_A_LINE", { field: `items[${i}].lineItemId`, id: it.lineItemId, order: order.name });
      return { lineId: line.id, quantity: it.quantity, reasonCode: it.reasonCode ?? null };
    });
  }
  const history = await loadHistory(ctx.prisma, order, version?.rules ?? null, now);
  return evaluate(version, input, asked, history, now);
}
