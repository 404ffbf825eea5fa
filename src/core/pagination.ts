// Keyset pagination over (sort key, id) with opaque, HMAC-protected cursors. Every list, in GraphQL
// (Relay connections) and every door's paging (each names its own parameters), pages through here.
import { refuse } from "./core-refusals.js";
import { createHmac, timingSafeEqual } from "node:crypto";
import { checkInputs } from "./errors.js";

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  /** Backward paging (the page just before `before`); `last` is its size. */
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean; startCursor: string | null };
}

interface CursorPayload {
  /** The list this cursor belongs to (name plus its store and filters), so it cannot be replayed elsewhere. */
  l: string;
  /** Sort key of the last row: epoch ms for dates, or a string/number. */
  k: string | number;
  i: string;
}

export class CursorCodec {
  constructor(private readonly secret: string) {}

  private mac(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("base64url").slice(0, 22);
  }

  encode(payload: CursorPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${body}.${this.mac(body)}`;
  }

  /** `field`: the argument that carried the cursor (`after` or `before`), named by the error. */
  decode(cursor: string, list: string, field = "after"): CursorPayload {
    const invalid = () => refuse("CURSOR_INVALID", { field });
    if (typeof cursor !== "string" || cursor.length > 2048) throw invalid();
    const dot = cursor.indexOf(".");
    if (dot < 1) throw invalid();
    const body = cursor.slice(0, dot);
    const sig = Buffer.from(cursor.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) throw invalid();
    let payload: CursorPayload;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      throw invalid();
    }
    if (!payload || payload.l !== list || typeof payload.i !== "string") throw invalid();
    return payload;
  }
}

export interface KeysetOptions<T> {
  /** Identifies the list and everything that shapes it (store id, filters). */
  list: string;
  args: PageArgs;
  defaultSize: number;
  maxSize: number;
  /** The row field sorted on, descending (or ascending), with `id` as tie-breaker. */
  sortField: string;
  /** Default "desc" (newest first); "asc" walks oldest first (e.g. invoice items in a CSV). */
  direction?: "asc" | "desc";
  /**
   * Fetch rows matching `keyset` (AND it with the list's filters), ordered by
   * `keysetOrder(sortField, direction)`, passing `take` to Prisma unchanged: it is negative when
   * paging backwards.
   */
  fetch: (keyset: Record<string, unknown> | undefined, take: number, after?: { k: string | number; i: string }) => Promise<T[]>;
  /**
   * The list's other argument checks (its filters), run with the page arguments' own before anything
   * is fetched, so that one error names every bad argument at once.
   */
  checks?: (() => unknown)[];
}

/** `field`: the argument that carried the size (`first` or `last`), named by the error. */
export function pageSize(first: number | null | undefined, defaultSize: number, maxSize: number, field = "first"): number {
  if (first === null || first === undefined) return defaultSize;
  if (!Number.isInteger(first) || first < 1 || first > maxSize) {
    throw refuse("PAGE_SIZE_INVALID", { field, max: maxSize, value: String(first) });
  }
  return first;
}

/** The page's size and where it starts, every problem of the page arguments (and the list's `checks`) told at once. */
function pageStart<T>(
  codec: CursorCodec,
  opts: KeysetOptions<T>,
): { size: number; keyset?: Record<string, unknown>; cursor?: { k: string | number; i: string } } {
  const backward = !!opts.args.before;
  const sizeField = backward && opts.args.last != null ? "last" : "first";
  let decoded: { k: string | number; i: string } | undefined;
  const [, size, keyset] = checkInputs(
    () => {
      if (backward && opts.args.after) throw refuse("PAGE_AFTER_AND_BEFORE");
    },
    () => pageSize(backward ? (opts.args.last ?? opts.args.first) : opts.args.first, opts.defaultSize, opts.maxSize, sizeField),
    () => {
      const cursor = backward ? opts.args.before : opts.args.after;
      if (!cursor) return undefined;
      const c = codec.decode(cursor, opts.list, backward ? "before" : "after");
      decoded = { k: c.k, i: c.i };
      const key = typeof c.k === "number" ? new Date(c.k) : c.k;
      // "after" walks on in the sort direction, "before" against it.
      const op = (opts.direction === "asc") !== backward ? "gt" : "lt";
      // (k, id) beyond the cursor's, spelled so an index on the sort key serves it as a range: the OR alone
      // is not sargable (PostgreSQL walked from the list's start: a page deep in 1 M returns took 27× the
      // first), so a redundant bound `k ≥/≤ cursor` stands beside it. AND-ed, so a list's own AND survives a spread.
      return {
        AND: [
          { [opts.sortField]: { [`${op}e`]: key } },
          { OR: [{ [opts.sortField]: { [op]: key } }, { [opts.sortField]: key, id: { [op]: c.i } }] },
        ],
      };
    },
    // `last` without `before` sizes nothing, but is bounded all the same (every number a client sends is).
    () => !backward && opts.args.last != null && pageSize(opts.args.last, opts.defaultSize, opts.maxSize, "last"),
    ...(opts.checks ?? []),
  );
  return { size, keyset, cursor: decoded };
}

export async function paginate<T extends { id: string }>(codec: CursorCodec, opts: KeysetOptions<T>): Promise<Connection<T>> {
  const backward = !!opts.args.before;
  const { size, keyset, cursor } = pageStart(codec, opts);
  // Prisma answers a negative take with the last rows, still in the requested order.
  const rows = await opts.fetch(keyset, backward ? -(size + 1) : size + 1, cursor);
  const more = rows.length > size;
  const page = more ? (backward ? rows.slice(1) : rows.slice(0, size)) : rows;
  const cursorOf = (row: T) => {
    const v = (row as Record<string, unknown>)[opts.sortField];
    return codec.encode({ l: opts.list, k: v instanceof Date ? v.getTime() : (v as string | number), i: row.id });
  };
  const edges = page.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: backward ? true : more,
      endCursor: edges.length ? edges[edges.length - 1].cursor : null,
      // Forward pages only know that something came before when they started from a cursor.
      hasPreviousPage: backward ? more : !!opts.args.after,
      startCursor: edges.length ? edges[0].cursor : null,
    },
  };
}

/** Order clause matching `paginate`'s keyset. */
export function keysetOrder(sortField: string, direction: "asc" | "desc" = "desc") {
  return [{ [sortField]: direction }, { id: direction }];
}

/** What `pageOf` hands a Prisma `findMany`: the list's filter AND-ed with the page's keyset, its order and size. */
export interface PageQuery<W> {
  where: W | { AND: [W, Record<string, unknown>] };
  orderBy: ReturnType<typeof keysetOrder>;
  take: number;
}

export interface PageOptions<T, W> extends Omit<KeysetOptions<T>, "fetch" | "defaultSize" | "maxSize"> {
  /** The list's page sizes (src/core/bounds.ts PAGE_SIZES). */
  size: { default: number; max: number };
  /** The list's own filter (its store, its arguments). */
  where: W;
  /** The rows of one page: `(query) => ctx.prisma.<model>.findMany(query)`. */
  findMany: (query: PageQuery<W>) => Promise<T[]>;
}

/** A page of a list read by one Prisma `findMany`: every domain's lists page through here. */
export function pageOf<T extends { id: string }, W>(codec: CursorCodec, opts: PageOptions<T, W>): Promise<Connection<T>> {
  const { size, where, findMany, ...keyset } = opts;
  return paginate(codec, {
    ...keyset,
    defaultSize: size.default,
    maxSize: size.max,
    fetch: (k, take) => findMany({ where: k ? { AND: [where, k] } : where, orderBy: keysetOrder(opts.sortField, opts.direction), take }),
  });
}
