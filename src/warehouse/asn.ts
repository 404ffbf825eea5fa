// The warehouse platform's ASN report in the core: a page at a time of the returns created in a
// window (the platform does not page it; the warehouse door walks these pages, up to 5 000 returns).
import { refuse } from "./request-refusals.js";
import type { RequestContext } from "../core/context.js";
import { checkInputs, DomainError } from "../core/errors.js";
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
      if (!Number.isInteger(size) || size < 1 || size > maxSize) throw refuse("WAREHOUSE_PAGE_SIZE", { max: maxSize });
    },
    () => {
      if (from > to) throw refuse("WAREHOUSE_WINDOW_ORDER");
      if (to.getTime() - from.getTime() > LIST_WINDOW_MAX_DAYS * DAY)
        throw refuse("WAREHOUSE_WINDOW_TOO_LONG", { days: LIST_WINDOW_MAX_DAYS });
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
    if (err instanceof DomainError && err.info.type === "request/invalid-cursor") throw refuse("WAREHOUSE_ASN_CURSOR_INVALID");
    throw err;
  }
  return {
    returns: conn.nodes,
    nextCursor: conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null,
    from,
    to,
  };
}
