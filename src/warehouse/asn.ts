// The warehouse platform's ASN report in the core: a page at a time of the returns created in a
// window (the platform does not page it; the warehouse door walks these pages, up to 5 000 returns).
import type { RequestContext } from "../core/context.js";
import { checkInputs, DomainError, fail } from "../core/errors.js";
import { pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { ASN_DEFAULT_DAYS, DAY, LIST_WINDOW_MAX_DAYS, warehouseStore } from "./rules.js";

export interface AsnArgs {
  storeId?: string | null;
  from?: Date | null;
  to?: Date | null;
  pageSize?: number | null;
  cursor?: string | null;
}

/**
 * ASN: returns created in [from, to], oldest first, a page at a time (at most PAGE_SIZES.warehouseAsn.max).
 * Defaults: from = 7 days before now, to = now; at most 120 days. The page states the window it applied,
 * and its cursor is bound to that window.
 */
export async function warehouseAsn(ctx: RequestContext, a: AsnArgs, now = new Date()) {
  const storeId = warehouseStore(ctx, a.storeId);
  const to = a.to ?? now;
  const from = a.from ?? new Date(to.getTime() - ASN_DEFAULT_DAYS * DAY);
  const { default: defaultSize, max: maxSize } = PAGE_SIZES.warehouseAsn;
  const size = a.pageSize ?? defaultSize;
  checkInputs(
    () => {
      if (!Number.isInteger(size) || size < 1 || size > maxSize)
        throw fail.badInput(`The page size must be between 1 and ${maxSize}.`, "pageSize");
    },
    () => {
      if (from > to) throw fail.badInput("The from must be a date before or equal to to.", "from");
      if (to.getTime() - from.getTime() > LIST_WINDOW_MAX_DAYS * DAY)
        throw fail.badInput(`The to must be a date within ${LIST_WINDOW_MAX_DAYS} days of from.`, "to");
    },
  );
  const where = { storeId, createdAt: { gte: from, lte: to } };
  let conn;
  try {
    conn = await pageOf(ctx.services.cursors, {
      list: `asn:${storeId}:${from.getTime()}:${to.getTime()}`,
      args: a.cursor ? { first: size, after: a.cursor } : { first: size },
      size: { default: defaultSize, max: maxSize },
      sortField: "createdAt",
      direction: "asc",
      where,
      findMany: (q) => ctx.prisma.return.findMany(q),
    });
  } catch (err) {
    if (err instanceof DomainError && err.info.type === "request/invalid-cursor")
      throw fail.badInput("The cursor is invalid: send a nextCursor unchanged, with its page's from and to.", "cursor");
    throw err;
  }
  return {
    returns: conn.nodes,
    nextCursor: conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null,
    from,
    to,
  };
}
