// One action on several returns (the dashboard's bulk bar, GraphQL bulkReturnAction): each return in its
// own transaction through the lifecycle, one result per id in the order given.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { DomainError } from "../core/errors.js";
import { quoted } from "../core/refusals.js";
import { refuse } from "./refusals.js";
import { KEEP_ITEM } from "./keep-items.js";
import { flagReturn, processReturn, rejectReturn, returnNotFound } from "./service.js";

export const BULK_MAX = LIST_BOUNDS.bulkReturns;
export type BulkAction = "process" | "flag" | "reject";

/** Every open item accepted at its full value; a return changed meanwhile is refused under its lock. */
async function processOpenItems(ctx: RequestContext, id: string, restock: boolean) {
  const ret = await ctx.prisma.return.findFirst({
    where: { id, storeId: { in: ctx.storeIds() } },
    select: {
      status: true,
      items: {
        where: { status: "open" },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { id: true, compensation: true },
      },
    },
  });
  if (!ret) throw returnNotFound(id);
  const open = ret.items;
  if (!open.length) throw refuse("RETURN_NOTHING_TO_PROCESS", { status: ret.status });
  return processReturn(
    ctx,
    id,
    // A kept item comes back to nobody: never restocked.
    open.map((i) => ({ itemId: i.id, restock: restock && i.compensation !== KEEP_ITEM })),
  );
}

/**
 * One action on several returns, each in its own transaction (through `act`), one result per id in
 * the order given: a lifecycle refusal of one is reported on its row and the others still run.
 */
export async function bulkReturnAction(
  ctx: RequestContext,
  ids: string[],
  action: BulkAction,
  opts: { reason?: string | null; restock?: boolean | null } = {},
) {
  if (!ids.length) throw refuse("RETURN_BULK_EMPTY");
  if (ids.length > BULK_MAX) throw refuse("RETURN_BULK_TOO_MANY", { max: BULK_MAX, count: ids.length });
  if (new Set(ids).size !== ids.length) throw refuse("RETURN_BULK_TWICE");
  if (opts.reason && opts.reason.length > TEXT_BOUNDS.note)
    throw refuse("RETURN_TEXT_TOO_LONG", { field: "reason", max: TEXT_BOUNDS.note });
  // An id outside the caller's stores is a wrong request, refused before anything changes (and told
  // apart from a refusal of the lifecycle, which is reported on its row).
  const found = new Set(
    (await ctx.prisma.return.findMany({ where: { id: { in: ids }, storeId: { in: ctx.storeIds() } }, select: { id: true } })).map(
      (r) => r.id,
    ),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) throw refuse("RETURNS_NOT_FOUND", { ids: unknown.map(quoted).join(", ") });
  const run = (id: string) =>
    action === "process"
      ? processOpenItems(ctx, id, opts.restock ?? true)
      : action === "flag"
        ? flagReturn(ctx, id, opts.reason)
        : rejectReturn(ctx, id, opts.reason);
  const results = [];
  // One after the other: each takes its return's lock, and SQLite has one writer anyway.
  for (const id of ids) {
    try {
      const done = await run(id);
      results.push({ id, ok: true, message: done.message, errorType: null, return: done.return });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ id, ok: false, message: err.info.detail, errorType: err.info.type, return: null });
    }
  }
  return results;
}
