// One action on several returns (the dashboard's bulk bar, GraphQL bulkReturnAction): each return in its
// own transaction through the lifecycle, one result per id in the order given.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { DomainError, fail } from "../core/errors.js";
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
  if (!open.length)
    throw fail.conflict(
      "returns/nothing-to-process",
      "Nothing to process",
      `This return is ${ret.status.replace(/_/g, " ")}: no item is left to process.`,
    );
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
  if (!ids.length) throw fail.badInput("`ids` must name at least one return.", "ids");
  if (ids.length > BULK_MAX)
    throw fail.badInput(`\`ids\` may name at most ${BULK_MAX} returns at once; got ${ids.length}. Send them in several requests.`, "ids");
  if (new Set(ids).size !== ids.length) throw fail.badInput("`ids` names a return twice; name each once.", "ids");
  if (opts.reason && opts.reason.length > TEXT_BOUNDS.note)
    throw fail.badInput(`\`reason\` may hold at most ${TEXT_BOUNDS.note} characters.`, "reason");
  // An id outside the caller's stores is a wrong request, refused before anything changes (and told
  // apart from a refusal of the lifecycle, which is reported on its row).
  const found = new Set(
    (await ctx.prisma.return.findMany({ where: { id: { in: ids }, storeId: { in: ctx.storeIds() } }, select: { id: true } })).map(
      (r) => r.id,
    ),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length)
    throw fail.notFound(
      "returns/not-found",
      `No return ${unknown.map((id) => JSON.stringify(id)).join(", ")} in this store; nothing was changed.`,
      "Return not found",
    );
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
