// The returns list and what the dashboard derives from the same filters: counts per status and the
// CSV export. One `returnsWhere` builds the filter, so the list, its tab counts and its CSV agree.
import type { RequestContext } from "../core/context.js";
import { PAGE_SIZES, TEXT_BOUNDS } from "../core/bounds.js";
import { checkInputs, fail } from "../core/errors.js";
import { csvField, guardFormula } from "../invoices/csv.js";
import { keysetOrder, paginate, type PageArgs } from "../core/pagination.js";
import { RETURN_STATUSES, isReturnStatus } from "./transitions.js";
import { searchReturnIds } from "./search.js";

export const RETURN_SORTS = { NEWEST: ["createdAt", "desc"], OLDEST: ["createdAt", "asc"], UPDATED: ["updatedAt", "desc"] } as const;
export type ReturnSort = keyof typeof RETURN_SORTS;

export interface ReturnFilters {
  status?: string | null;
  updatedAtMin?: Date | null;
  updatedAtMax?: Date | null;
  orderName?: string | null;
  /** Words matched against the order name, the customer's names and email, or a return number. */
  search?: string | null;
  /** The returns `search` matched (withSearchMatches), at most SEARCH_BOUND: read by id, not by store. */
  searchMatches?: readonly string[];
  /** Only returns carrying the store's tag of this name (case-sensitive). */
  tag?: string | null;
  sort?: ReturnSort | null;
}

/** The human number of a return (its per-row compat id), as every screen shows it. */
export function formatReturnNumber(compatId: number | null): string | null {
  return compatId == null ? null : `R${compatId}`;
}

/** The search's matches as `listReturns` resolved them (src/returns/search.ts): the returns to read, by id. */
function searchWhere(f: ReturnFilters) {
  if (!f.searchMatches) throw new Error("returnsWhere: the search was not resolved (withSearchMatches)");
  return { id: { in: [...f.searchMatches] } };
}

/** The filters with the search's matches resolved, once per list (its status counts reuse them). */
export async function withSearchMatches(ctx: RequestContext, storeId: string, f: ReturnFilters): Promise<ReturnFilters> {
  const search = f.search?.trim() ?? "";
  return !search || f.searchMatches ? f : { ...f, searchMatches: await searchReturnIds(ctx, storeId, search) };
}

/** Every problem of a returns filter at once, named as the `filter` argument's fields. */
function checkReturnFilters(f: ReturnFilters) {
  checkInputs(
    () => {
      if (f.status != null && !isReturnStatus(f.status))
        throw fail.badInput(`\`status\` must be a return status; got ${JSON.stringify(f.status)}.`, "filter.status");
    },
    () => {
      if ((f.search?.trim().length ?? 0) > TEXT_BOUNDS.short)
        throw fail.badInput(`\`search\` may hold at most ${TEXT_BOUNDS.short} characters.`, "filter.search");
    },
  );
}

/** The Prisma filter of a store's returns; `withStatus: false` leaves the status out (for the per-status counts). */
export function returnsWhere(_ctx: RequestContext, storeId: string, f: ReturnFilters, withStatus = true) {
  checkReturnFilters(f);
  const search = f.search?.trim() ?? "";
  const updatedAt: Record<string, Date> = {};
  if (f.updatedAtMin) updatedAt.gte = f.updatedAtMin;
  if (f.updatedAtMax) updatedAt.lt = f.updatedAtMax;
  return {
    // A search's matches are the store's own: by id, so no plan walks the store's index instead (SQLite).
    ...(search ? searchWhere(f) : { storeId }),
    ...(withStatus && f.status ? { status: f.status } : {}),
    ...(Object.keys(updatedAt).length ? { updatedAt } : {}),
    ...(f.orderName != null ? { order: { name: f.orderName } } : {}),
    ...(f.tag != null ? { tagLinks: { some: { tag: { storeId, name: f.tag } } } } : {}),
  };
}

function listKey(storeId: string, f: ReturnFilters) {
  return `returns:${storeId}:${f.status ?? ""}:${f.updatedAtMin?.getTime() ?? ""}:${f.updatedAtMax?.getTime() ?? ""}:${f.orderName ?? ""}:${f.search?.trim() ?? ""}:${f.sort ?? "NEWEST"}:${f.tag ?? ""}`;
}

export async function listReturns(
  ctx: RequestContext,
  storeId: string,
  args: PageArgs,
  f: ReturnFilters,
  maxSize = PAGE_SIZES.standard.max,
) {
  const [sortField, direction] = RETURN_SORTS[f.sort ?? "NEWEST"];
  let searched = f;
  const page = await paginate(ctx.services.cursors, {
    list: listKey(storeId, f),
    args,
    defaultSize: PAGE_SIZES.standard.default,
    maxSize,
    sortField,
    direction,
    checks: [() => checkReturnFilters(f)],
    fetch: async (keyset, take) => {
      searched = await withSearchMatches(ctx, storeId, f);
      return ctx.prisma.return.findMany({
        where: { ...returnsWhere(ctx, storeId, searched), ...(keyset ?? {}) },
        orderBy: keysetOrder(sortField, direction),
        take,
      });
    },
  });
  // The filters ride along for `ReturnConnection.statusCounts` (with the search's matches, not searched again).
  return { ...page, storeId, filters: searched };
}

/** How many returns each status holds under the filters (the status filter aside), every status listed. */
export async function statusCounts(ctx: RequestContext, storeId: string, f: ReturnFilters) {
  checkReturnFilters(f);
  const where = returnsWhere(ctx, storeId, await withSearchMatches(ctx, storeId, f), false);
  const rows = await ctx.prisma.return.groupBy({ by: ["status"], where, _count: { _all: true } });
  const counts = new Map(rows.map((r) => [r.status, r._count._all]));
  return RETURN_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

export const RETURNS_CSV_COLUMNS = [
  "number",
  "return_id",
  "created_at",
  "updated_at",
  "status",
  "type",
  "order_name",
  "customer_name",
  "customer_email",
  "item_count",
  "refund",
  "store_credit",
  "currency",
];

/** One CRLF-terminated row of the returns CSV (text the customer typed is formula-guarded). */
export function returnsCsvRow(r: {
  number: string | null;
  id: string;
  createdAt: Date;
  updatedAt: Date;
  status: string;
  type: string;
  orderName: string;
  customerName: string;
  customerEmail: string | null;
  itemCount: number;
  refund: string;
  storeCredit: string;
  currency: string;
}): string {
  const text = (v: string | null) => csvField(guardFormula(v ?? ""));
  return (
    [
      r.number ?? "",
      r.id,
      r.createdAt.toISOString(),
      r.updatedAt.toISOString(),
      r.status,
      r.type,
      text(r.orderName),
      text(r.customerName),
      text(r.customerEmail),
      String(r.itemCount),
      r.refund,
      r.storeCredit,
      r.currency,
    ].join(",") + "\r\n"
  );
}
