// The returns list and what the dashboard derives from the same filters: counts per status and the
// CSV export. One `returnsWhere` builds the filter, so the list, its tab counts and its CSV agree.
import type { RequestContext } from "../core/context.js";
import { PAGE_SIZES, TEXT_BOUNDS } from "../core/bounds.js";
import { checkInputs } from "../core/errors.js";
import { refuse } from "./refusals.js";
import { csvField, guardFormula } from "../invoices/csv.js";
import { keysetOrder, paginate, type PageArgs } from "../core/pagination.js";
import { SEARCH_BOUND, searchMatches, type SearchMatch } from "./search.js";
import { matchPage, matchesUnder } from "./search-page.js";
import { RETURN_STATUSES, isReturnStatus } from "./transitions.js";

export const RETURN_SORTS = { NEWEST: ["createdAt", "desc"], OLDEST: ["createdAt", "asc"], UPDATED: ["updatedAt", "desc"] } as const;
export type ReturnSort = keyof typeof RETURN_SORTS;

export interface ReturnFilters {
  status?: string | null;
  updatedAtMin?: Date | null;
  updatedAtMax?: Date | null;
  orderName?: string | null;
  /** Words matched against the order name, the customer's names and email, or a return number. */
  search?: string | null;
  /** Only returns carrying the store's tag of this name (case-sensitive). */
  tag?: string | null;
  sort?: ReturnSort | null;
}

export { formatReturnNumber } from "./number.js";

/** Every problem of a returns filter at once, named as the `filter` argument's fields. */
function checkReturnFilters(f: ReturnFilters) {
  checkInputs(
    () => {
      if (f.status != null && !isReturnStatus(f.status)) throw refuse("RETURN_STATUS_FILTER_UNKNOWN", { value: f.status });
    },
    () => {
      if ((f.search?.trim().length ?? 0) > TEXT_BOUNDS.short) throw refuse("RETURN_SEARCH_TOO_LONG", { max: TEXT_BOUNDS.short });
    },
  );
}

/**
 * A filter that names few returns is looked up first, each through its own index, and the list then reads
 * those returns by key instead of walking the store and testing each (an order name joined per return took
 * 64 s at 1 M returns; a tag carried by one return in a thousand, a correlated EXISTS per return, 19 s).
 * A tag carried by more than NARROW_MAX returns is tested per return instead: then a page is found within
 * about store ÷ NARROW_MAX × page size returns of the walk, and the id list stays bounded.
 */
export const NARROW_MAX = 5000;

/** What the narrowing filters resolved to: conditions on the return's own keys. */
export type Narrowed = Record<string, unknown>[];

/** "#1007" and "1007" name the same order: a merchant types either, and a shop writes either. */
export function orderNameForms(name: string): string[] {
  const n = name.trim();
  const bare = n.startsWith("#") ? n.slice(1) : n;
  return bare ? [...new Set([n, bare, `#${bare}`])] : [n];
}

/**
 * Resolves the search, order-name and tag filters to keys (an index lookup each; the search through the
 * database's text search, src/returns/search.ts), once per list request: its status counts reuse them.
 */
export async function narrow(ctx: RequestContext, storeId: string, f: ReturnFilters): Promise<Narrowed> {
  checkReturnFilters(f);
  const out: Narrowed = [];
  const search = f.search?.trim() ?? "";
  if (search) out.push({ id: { in: (await searchMatches(ctx, storeId, search)).map((m) => m.id) } });
  if (f.orderName != null) {
    const orders = await ctx.laggingReads.order.findMany({
      where: { storeId, name: { in: orderNameForms(f.orderName) } },
      select: { id: true },
      take: NARROW_MAX,
    });
    out.push({ orderId: { in: orders.map((o) => o.id) } });
  }
  if (f.tag != null) {
    const tag = await ctx.laggingReads.returnTag.findUnique({ where: { storeId_name: { storeId, name: f.tag } }, select: { id: true } });
    const links = tag
      ? await ctx.laggingReads.returnTagLink.findMany({ where: { tagId: tag.id }, select: { returnId: true }, take: NARROW_MAX + 1 })
      : [];
    out.push(links.length > NARROW_MAX ? { tagLinks: { some: { tagId: tag?.id } } } : { id: { in: links.map((l) => l.returnId) } });
  }
  // A search and a tag both name returns: the ones both name, as one list.
  const lists = out.filter((c) => Array.isArray((c.id as { in?: unknown } | undefined)?.in));
  if (lists.length < 2) return out;
  const [first, ...rest] = lists.map((c) => (c.id as { in: string[] }).in);
  const others = rest.map((ids) => new Set(ids));
  const both = first.filter((id) => others.every((o) => o.has(id)));
  return [...out.filter((c) => !lists.includes(c)), { id: { in: both } }];
}

/**
 * A tag with no search, order name or `updatedAt` window beside it (a status may stand beside it) is read
 * along its links: each link carries its return's createdAt and status (copied by triggers, the migration
 * tag_list_order), so a page walks the index (tagId[, returnStatus], returnCreatedAt, returnId) in the
 * list's order and stops at the page, and the counts come from ReturnTagCount. A tag on 1 000 returns at
 * 1 000 000 had its 1 000 ids read, sorted per chunk and counted on every page (3.3× to 4.8× the
 * 10 000-return store's time).
 */
function tagAlone(f: ReturnFilters): boolean {
  return f.tag != null && !f.search?.trim() && f.orderName == null && !f.updatedAtMin && !f.updatedAtMax;
}

/** A search with no tag or order name beside it: paged and counted from its matches (src/returns/search-page.ts). */
function searchAlone(f: ReturnFilters): boolean {
  return !!f.search?.trim() && f.tag == null && f.orderName == null;
}

/** The returns of these ids, in this order (a page already cut). */
async function byKeys(ctx: RequestContext, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.laggingReads.return.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The keyset of a returns page spelled on a tag's links: the return's createdAt and id as the link copies them. */
function onLinks(keyset: unknown): unknown {
  if (Array.isArray(keyset)) return keyset.map(onLinks);
  if (keyset === null || typeof keyset !== "object" || keyset instanceof Date) return keyset;
  const names: Record<string, string> = { createdAt: "returnCreatedAt", id: "returnId" };
  return Object.fromEntries(Object.entries(keyset).map(([k, v]) => [names[k] ?? k, onLinks(v)]));
}

async function tagOf(ctx: RequestContext, storeId: string, name: string) {
  return ctx.laggingReads.returnTag.findUnique({ where: { storeId_name: { storeId, name } }, select: { id: true } });
}

/** A page of a tag's returns read along its links (see tagAlone): two statements, whatever the tag's size. */
async function tagPage(
  ctx: RequestContext,
  tagId: string | undefined,
  f: ReturnFilters,
  keyset: Record<string, unknown> | undefined,
  take: number,
  direction: "asc" | "desc",
) {
  if (!tagId) return [];
  const links = await ctx.laggingReads.returnTagLink.findMany({
    where: { tagId, ...(f.status ? { returnStatus: f.status } : {}), ...(keyset ? (onLinks(keyset) as Record<string, unknown>) : {}) },
    orderBy: [{ returnCreatedAt: direction }, { returnId: direction }],
    take,
    select: { returnId: true },
  });
  return byKeys(
    ctx,
    links.map((l) => l.returnId),
  );
}

/**
 * Ids a statement may carry at once: Prisma binds at most 999 parameters on SQLite, and a search's matches
 * (at most 500) may stand beside a tag's returns. A narrowing with more ids (a tag on up to NARROW_MAX
 * returns) is asked in chunks of disjoint ids, whose pages are merged and whose counts are added.
 * PostgreSQL binds up to 32 767: one statement (a tag on 1 000 returns at 1 000 000 was three statements
 * of 15 ms each).
 */
const ID_CHUNK = { sqlite: 400, postgresql: NARROW_MAX + SEARCH_BOUND } as const;

function chunked(ctx: RequestContext, narrowed: Narrowed): Narrowed[] {
  const size = ID_CHUNK[ctx.services.db.provider];
  const at = narrowed.findIndex((c) => {
    const ids = (c.id as { in?: unknown[] } | undefined)?.in;
    return Array.isArray(ids) && ids.length > size && !("tagLinks" in c);
  });
  if (at < 0) return [narrowed];
  const ids = (narrowed[at].id as { in: string[] }).in;
  const out: Narrowed[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(narrowed.map((c, j) => (j === at ? { id: { in: ids.slice(i, i + size) } } : c)));
  return out;
}

/** The Prisma filter of a store's returns; `withStatus: false` leaves the status out (for the per-status counts). */
export function returnsWhere(storeId: string, f: ReturnFilters, narrowed: Narrowed, withStatus = true) {
  checkReturnFilters(f);
  const updatedAt: Record<string, Date> = {};
  if (f.updatedAtMin) updatedAt.gte = f.updatedAtMin;
  if (f.updatedAtMax) updatedAt.lt = f.updatedAtMax;

  return {
    // A search's matches are the store's own: by id alone, so no plan walks the store's index instead (SQLite).
    ...(f.search?.trim() ? {} : { storeId }),
    ...(withStatus && f.status ? { status: f.status } : {}),
    ...(Object.keys(updatedAt).length ? { updatedAt } : {}),
    ...(narrowed.length ? { AND: narrowed } : {}),
  };
}

/** The sort of a list: as asked; else an `updatedAt` window reads newest-updated first, so its index serves both. */
export function sortOf(f: ReturnFilters): ReturnSort {
  return f.sort ?? (f.updatedAtMin || f.updatedAtMax ? "UPDATED" : "NEWEST");
}

export function listKey(storeId: string, f: ReturnFilters) {
  return `returns:${storeId}:${f.status ?? ""}:${f.updatedAtMin?.getTime() ?? ""}:${f.updatedAtMax?.getTime() ?? ""}:${f.orderName ?? ""}:${f.search?.trim() ?? ""}:${sortOf(f)}:${f.tag ?? ""}`;
}

export async function listReturns(
  ctx: RequestContext,
  storeId: string,
  args: PageArgs,
  f: ReturnFilters,
  maxSize = PAGE_SIZES.standard.max,
) {
  const [sortField, direction] = RETURN_SORTS[sortOf(f)];
  const alongTag = tagAlone(f) && sortField === "createdAt";
  const bySearch = searchAlone(f);
  if (alongTag || bySearch) checkReturnFilters(f);
  const tag = alongTag && f.tag != null ? await tagOf(ctx, storeId, f.tag) : null;
  const matches = bySearch ? await searchMatches(ctx, storeId, f.search!.trim()) : undefined;
  const narrowed = alongTag || bySearch ? [] : await narrow(ctx, storeId, f);
  const page = await paginate(ctx.services.cursors, {
    list: listKey(storeId, f),
    args,
    defaultSize: PAGE_SIZES.standard.default,
    maxSize,
    sortField,
    direction,
    checks: [() => checkReturnFilters(f)],
    fetch: async (keyset, take, cursor) => {
      if (alongTag) return tagPage(ctx, tag?.id, f, keyset, take, direction);
      if (matches) return byKeys(ctx, matchPage(matchesUnder(matches, f), sortField, direction, take, cursor));
      const parts = await Promise.all(
        chunked(ctx, narrowed).map((n) =>
          ctx.laggingReads.return.findMany({
            where: keyset ? { AND: [returnsWhere(storeId, f, n), keyset] } : returnsWhere(storeId, f, n),
            orderBy: keysetOrder(sortField, direction),
            take,
          }),
        ),
      );
      if (parts.length === 1) return parts[0];
      // Each chunk's page in the list's order, merged: the first `take` rows (the last when paging backwards).
      const sign = direction === "desc" ? -1 : 1;
      const key = (r: (typeof parts)[number][number]) => (r as Record<string, unknown>)[sortField] as Date;
      const rows = parts.flat().sort((a, b) => sign * (key(a).getTime() - key(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
      return take < 0 ? rows.slice(take) : rows.slice(0, take);
    },
  });
  // The filters (and what they resolved to) ride along for `ReturnConnection.statusCounts`.
  return { ...page, storeId, filters: f, narrowed, matches };
}

/**
 * How many returns each status holds under the filters (the status filter aside), every status listed.
 * Unfiltered (the dashboard's tabs on every page turn): summed from the store's daily counts, which
 * triggers keep (at most days × statuses rows, not the store's returns). Under a tag alone: the tag's
 * counts (ReturnTagCount, kept by triggers: one row per status). Under an order name or a tag beside others:
 * counted among the returns they name (at most NARROW_MAX); under a search, among its matches; under an
 * `updatedAt` window, over the window's range of its index.
 */
export async function statusCounts(ctx: RequestContext, storeId: string, f: ReturnFilters, narrowed?: Narrowed, matches?: SearchMatch[]) {
  if (searchAlone(f)) {
    checkReturnFilters(f);
    const counts = new Map<string, number>();
    for (const m of matchesUnder(matches ?? (await searchMatches(ctx, storeId, f.search!.trim())), f, false))
      counts.set(m.status, (counts.get(m.status) ?? 0) + 1);
    return RETURN_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  }
  const filtered = f.orderName != null || f.tag != null || !!f.search?.trim() || !!f.updatedAtMin || !!f.updatedAtMax;
  let counts: Map<string, number>;
  if (tagAlone(f)) {
    checkReturnFilters(f);
    const tag = f.tag != null ? await tagOf(ctx, storeId, f.tag) : null;
    const rows = tag
      ? await ctx.laggingReads.returnTagCount.findMany({ where: { tagId: tag.id }, select: { status: true, count: true } })
      : [];
    counts = new Map(rows.map((r) => [r.status, r.count]));
  } else if (!filtered) {
    checkReturnFilters(f);
    const rows = await ctx.laggingReads.returnDailyCount.groupBy({ by: ["status"], where: { storeId }, _sum: { count: true } });
    counts = new Map(rows.map((r) => [r.status, r._sum.count ?? 0]));
  } else {
    counts = new Map();
    for (const n of chunked(ctx, narrowed ?? (await narrow(ctx, storeId, f)))) {
      const rows = await ctx.laggingReads.return.groupBy({
        by: ["status"],
        where: returnsWhere(storeId, f, n, false),
        _count: { _all: true },
      });
      for (const r of rows) counts.set(r.status, (counts.get(r.status) ?? 0) + r._count._all);
    }
  }
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
