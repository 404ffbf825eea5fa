// The warehouse platform's rules, applied to our returns: how our statuses read as its five states,
// how a return is named (compat id, our id, order name, order id), which of its actions are refused
// from which state (and with which of its messages), the list window and the ASN window.
// The compat door (facades/compat) only translates HTTP to these and renders the results (with this
// integration's objects, platform-return.ts).
import { WAREHOUSE_REFUSALS } from "./request-refusals.js";
import type { RequestContext } from "../core/context.js";
import { checkInputs, DomainError } from "../core/errors.js";
import { keysetOrder, pageOf } from "../core/pagination.js";
import * as returns from "../returns/service.js";
import type { ReturnRow } from "../returns/service.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { WAREHOUSE_STATES, WAREHOUSE_STATE_OF, warehouseStateOf, type WarehouseState } from "./states.js";
import { recordProcessingFailure } from "./webhook-format.js";
import { type ActionResult, refuse, stateRefusal, warehouseRefusal } from "./refusals.js";

export { type ActionResult, type Refusal, type RefusalCode, type WarehouseAction, warehouseRefusal } from "./refusals.js";

// ─── States (the table is in states.ts, which the webhook triggers read too) ───────────

export { WAREHOUSE_STATES, WAREHOUSE_STATE_OF, warehouseStateOf, type WarehouseState } from "./states.js";

/** Without a `state` filter the platform lists only these. */
export const DEFAULT_LIST_STATES: WarehouseState[] = ["open", "closed", "expired"];

/** Our statuses that read as any of the given states (expired has none: we never expire returns). */
export function statusesFor(states: WarehouseState[]): string[] {
  return Object.entries(WAREHOUSE_STATE_OF)
    .filter(([, s]) => states.includes(s))
    .map(([status]) => status);
}

// ─── Naming a return ──────────────────────────────────────────────────────────

export interface WarehouseRef {
  compatId?: number | null;
  serviceReturnId?: string | null;
  orderName?: string | null;
  orderId?: string | null;
}

/** The store a warehouse call acts on: the API client's, or the one staff name (required if several). */
export function warehouseStore(ctx: RequestContext, storeId?: string | null): string {
  if (storeId) return storeId; // checked by the access rules (another store → 403)
  const ids = ctx.storeIds();
  if (ids.length === 1) return ids[0];
  throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_STORE_NEEDED");
}

function hasRef(ref: WarehouseRef): boolean {
  return !!(ref.compatId || ref.serviceReturnId || ref.orderName || ref.orderId);
}

/**
 * One return by the first identifier given (none given: null), in this order: compat id (0 = none), our return id,
 * order name (with or without its leading `#`), order id (the platform's id or our `ord_…`).
 * An order with several returns gives its most recently created return that is not cancelled
 * (or, when all are cancelled, the most recent one).
 */
export async function findWarehouseReturn(ctx: RequestContext, storeId: string, ref: WarehouseRef): Promise<ReturnRow | null> {
  if (!hasRef(ref)) return null; // naming nothing finds nothing (the platform's "No return found")
  if (ref.compatId) return ctx.prisma.return.findFirst({ where: { storeId, compatId: ref.compatId } });
  if (ref.serviceReturnId) return ctx.prisma.return.findFirst({ where: { storeId, id: ref.serviceReturnId } });
  let orderWhere;
  if (ref.orderName) {
    const name = ref.orderName.trim();
    const names = [...new Set([name, name.startsWith("#") ? name.slice(1) : `#${name}`])];
    orderWhere = { storeId, name: { in: names } };
  } else {
    const id = ref.orderId!.trim();
    orderWhere = { storeId, OR: [{ externalId: id }, { id }] };
  }
  const candidates = await ctx.prisma.return.findMany({
    where: { storeId, order: orderWhere },
    orderBy: keysetOrder("createdAt"),
    take: 200,
  });
  return candidates.find((r) => r.status !== "deleted") ?? candidates[0] ?? null;
}

export async function warehouseReturn(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef) {
  return findWarehouseReturn(ctx, warehouseStore(ctx, storeId), ref);
}

// ─── Actions ──────────────────────────────────────────────────────────────────

const NOTE_MAX = 255;

async function withReturn(
  ctx: RequestContext,
  storeId: string | null | undefined,
  ref: WarehouseRef,
  run: (ret: ReturnRow, flags: { allowFlaggedReturnProcessing: boolean }) => Promise<ActionResult>,
): Promise<ActionResult> {
  const ret = await findWarehouseReturn(ctx, warehouseStore(ctx, storeId), ref);
  if (!ret) return refuse("NOT_FOUND", null, "No return found with this ID.");
  const flags = await returns.storeFlags(ctx, ret.storeId);
  try {
    return await run(ret, flags);
  } catch (err) {
    // The status moved between our check and the action's lock: answer from the fresh status.
    if (err instanceof DomainError && err.info.type === "returns/items-changed")
      return refuse("NOT_ALL_QUALIFY", null, "Not all line items qualify for removal");
    if (err instanceof DomainError && err.info.type === "returns/invalid-transition") {
      const fresh = await ctx.prisma.return.findUnique({ where: { id: ret.id }, select: { status: true } });
      return stateRefusal(warehouseStateOf(fresh?.status ?? ret.status));
    }
    throw err;
  }
}

const done = (r: { return: ReturnRow }): ActionResult => ({ ok: true, refusal: null, return: r.return });

/** Errors withReturn answers as refusals (a race with another change): not processing failures. */
const ANSWERED_RACES = new Set(["returns/items-changed", "returns/invalid-transition"]);

/**
 * Runs the processing of an accepted process/remove. When it fails (the transaction rolled back, the
 * return stays as it was) the platform's `return.processing.failed` subscribers are told, with source
 * `warehouse`; the caller still gets the error.
 */
async function processing(ctx: RequestContext, ret: ReturnRow, run: () => Promise<{ return: ReturnRow }>) {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof DomainError && ANSWERED_RACES.has(err.info.type))) {
      const message = err instanceof DomainError ? err.message : "Something went wrong during processing";
      await recordProcessingFailure(ctx.services, {
        storeId: ret.storeId,
        returnId: ret.id,
        compatId: ret.compatId,
        state: warehouseStateOf(ret.status),
        message,
        source: "warehouse",
      }).catch((e) => ctx.services.log.warn({ err: e, returnId: ret.id }, "recording a processing failure failed"));
    }
    throw err;
  }
}

/** process: every remaining item; `details` (a JSON object's text) goes onto the timeline. */
export function warehouseProcess(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef, details?: string | null) {
  let parsed: unknown;
  if (details != null) {
    try {
      parsed = JSON.parse(details);
    } catch {
      throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_DETAILS_NOT_JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_DETAILS_NOT_OBJECT");
  }
  return withReturn(
    ctx,
    storeId,
    ref,
    async (ret, flags) =>
      warehouseRefusal("process", ret.status, flags) ??
      done(await processing(ctx, ret, () => returns.processRemaining(ctx, ret.id, { details: parsed }))),
  );
}

export function warehouseFlag(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef) {
  return withReturn(ctx, storeId, ref, async (ret, flags) => {
    const refusal = warehouseRefusal("flag", ret.status, flags);
    if (refusal) return refusal;
    // Flagging a flagged return again succeeds and changes nothing (the platform's flag is idempotent).
    if (ret.status === "flagged") return { ok: true, refusal: null, return: ret };
    return done(await returns.flagReturn(ctx, ret.id));
  });
}

export function warehouseClose(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef) {
  return withReturn(
    ctx,
    storeId,
    ref,
    async (ret, flags) => warehouseRefusal("close", ret.status, flags) ?? done(await returns.rejectReturn(ctx, ret.id)),
  );
}

export function warehouseCancel(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef) {
  return withReturn(
    ctx,
    storeId,
    ref,
    async (ret, flags) => warehouseRefusal("cancel", ret.status, flags) ?? done(await returns.resetReturn(ctx, ret.id)),
  );
}

/**
 * remove: `lineItemIds` are the return's `line_items[].line_item_id` (our return item ids; the
 * order's line-item ids are accepted too). Only open items with a refund or store-credit outcome
 * qualify; all named items must qualify. The rest of the return is then processed; removing every
 * item cancels the return.
 */
export function warehouseRemove(ctx: RequestContext, storeId: string | null | undefined, ref: WarehouseRef, lineItemIds: string[]) {
  const ids = [...new Set(lineItemIds.map((s) => s.trim()).filter(Boolean))];
  return withReturn(ctx, storeId, ref, async (ret, flags) => {
    if (!ids.length) return refuse("LINE_ITEM_ID_REQUIRED", null, "The line item id field is required.");
    const refusal = warehouseRefusal("remove", ret.status, flags);
    if (refusal) return refusal;
    const items = await ctx.prisma.returnItem.findMany({ where: { returnId: ret.id } });
    const lines = await ctx.prisma.orderLineItem.findMany({
      where: { id: { in: items.flatMap((i) => (i.lineItemId ? [i.lineItemId] : [])) } },
      select: { id: true, externalId: true },
    });
    const extOf = new Map(lines.map((l) => [l.id, l.externalId]));
    const qualifies = (i: (typeof items)[number]) =>
      i.status === "open" && (i.compensation === "refund" || i.compensation === "store_credit");
    const chosen = new Set<string>();
    let unqualified = 0;
    for (const id of ids) {
      const matches = items.filter((i) => i.id === id || (i.lineItemId !== null && extOf.get(i.lineItemId) === id));
      const ok = matches.filter(qualifies);
      if (!ok.length) unqualified++;
      ok.forEach((i) => chosen.add(i.id));
    }
    if (!chosen.size) return refuse("NONE_QUALIFY", null, "There are no line items that qualify for removal");
    if (unqualified) return refuse("NOT_ALL_QUALIFY", null, "Not all line items qualify for removal");
    return done(await processing(ctx, ret, () => returns.processRemaining(ctx, ret.id, { removeItemIds: [...chosen] })));
  });
}

/** note: non-empty content under 255 characters, stored as a comment (visible in GraphQL and REST). */
export function warehouseNote(
  ctx: RequestContext,
  storeId: string | null | undefined,
  ref: WarehouseRef,
  content: string | null | undefined,
) {
  return withReturn(ctx, storeId, ref, async (ret) => {
    if (typeof content !== "string" || !content.trim() || content.length >= NOTE_MAX) {
      return refuse("INVALID_CONTENT", null, `Content is required and must be less than ${NOTE_MAX} characters.`);
    }
    await returns.addComment(ctx, ret.id, content, null);
    const fresh = await ctx.prisma.return.findUniqueOrThrow({ where: { id: ret.id } });
    return { ok: true, refusal: null, return: fresh };
  });
}

// ─── List and ASN windows ─────────────────────────────────────────────────────

const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const LIST_WINDOW_MAX_DAYS = 120;
export const LIST_PAGE_SIZE_DEFAULT = PAGE_SIZES.warehouseReturns.default;
export const LIST_PAGE_SIZE_MAX = PAGE_SIZES.warehouseReturns.max;
export const ASN_DEFAULT_DAYS = 7;

export interface ListWindow {
  from: Date;
  to: Date;
  filter: "created_at" | "updated_at";
  /** The `state` asked for, or null (the default set). */
  state: WarehouseState | null;
}

export interface ListArgs {
  storeId?: string | null;
  from?: Date | null;
  to?: Date | null;
  filter?: string | null;
  state?: string | null;
  pageSize?: number | null;
  cursor?: string | null;
}

/**
 * The list window: no `from`/`to` → the 24 hours before now; `from` alone → the 24 hours after it;
 * `to` alone is ignored (the platform's behaviour); `from` after `to`, or more than 120 days → refused.
 */
export function listWindow(a: ListArgs, now = new Date()): ListWindow {
  let from: Date;
  let to: Date;
  if (a.from && a.to) [from, to] = [a.from, a.to];
  else if (a.from) [from, to] = [a.from, new Date(a.from.getTime() + DAY)];
  else [from, to] = [new Date(now.getTime() - DAY), now];
  const filter = a.filter ?? "created_at";
  // Every problem of the window at once.
  checkInputs(
    () => {
      if (from > to) throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_WINDOW_ORDER");
      if (to.getTime() - from.getTime() > LIST_WINDOW_MAX_DAYS * DAY)
        throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_WINDOW_TOO_LONG", { days: LIST_WINDOW_MAX_DAYS });
    },
    () => {
      if (filter !== "created_at" && filter !== "updated_at") throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_FILTER_INVALID");
    },
    () => {
      if (a.state != null && !WAREHOUSE_STATES.includes(a.state as WarehouseState))
        throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_STATE_INVALID", { states: WAREHOUSE_STATES.join(", ") });
    },
  );
  return { from, to, filter: filter as ListWindow["filter"], state: (a.state as WarehouseState | null) ?? null };
}

interface CursorBody {
  w: { f: number; t: number; fl: ListWindow["filter"]; s: WarehouseState | null };
  /** "n": the page after the core cursor; "p": the page before it. */
  d: "n" | "p";
  c: string;
}

function encodeCursor(w: ListWindow, d: "n" | "p", c: string): string {
  const body: CursorBody = { w: { f: w.from.getTime(), t: w.to.getTime(), fl: w.filter, s: w.state }, d, c };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

function decodeCursor(cursor: string): { window: ListWindow; d: "n" | "p"; c: string } {
  const invalid = () => WAREHOUSE_REFUSALS.refuse("WAREHOUSE_CURSOR_INVALID");
  let b: CursorBody;
  try {
    b = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!b || typeof b.c !== "string" || (b.d !== "n" && b.d !== "p") || !b.w || typeof b.w.f !== "number" || typeof b.w.t !== "number")
    throw invalid();
  if (b.w.fl !== "created_at" && b.w.fl !== "updated_at") throw invalid();
  if (b.w.s !== null && !WAREHOUSE_STATES.includes(b.w.s)) throw invalid();
  return { window: { from: new Date(b.w.f), to: new Date(b.w.t), filter: b.w.fl, state: b.w.s }, d: b.d, c: b.c };
}

/**
 * The list, oldest first by the filter's timestamp (then id). A cursor carries its window, so a
 * client that re-sends only `cursor` (and `paginate`/`pageSize`) keeps walking the same list; the
 * core cursor inside it is signed and bound to that window, so an edited window is refused.
 */
export async function warehouseReturns(ctx: RequestContext, a: ListArgs) {
  const storeId = warehouseStore(ctx, a.storeId);
  const size = a.pageSize ?? LIST_PAGE_SIZE_DEFAULT;
  // Every problem of the arguments at once: the page size, the cursor and the window asked for.
  const [, decoded, asked] = checkInputs(
    () => {
      if (!Number.isInteger(size) || size < 1 || size > LIST_PAGE_SIZE_MAX)
        throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_PAGE_SIZE", { max: LIST_PAGE_SIZE_MAX });
    },
    () => (a.cursor ? decodeCursor(a.cursor) : null),
    () => listWindow(a),
  );
  const window = decoded?.window ?? asked;
  const sortField = window.filter === "created_at" ? "createdAt" : "updatedAt";
  const states = window.state ? [window.state] : DEFAULT_LIST_STATES;
  const where = { storeId, status: { in: statusesFor(states) }, [sortField]: { gte: window.from, lte: window.to } };
  const list = `warehouse:${storeId}:${window.from.getTime()}:${window.to.getTime()}:${window.filter}:${window.state ?? ""}`;
  const args = !decoded ? { first: size } : decoded.d === "n" ? { first: size, after: decoded.c } : { last: size, before: decoded.c };
  let conn;
  try {
    conn = await pageOf(ctx.services.cursors, {
      list,
      args,
      size: { default: LIST_PAGE_SIZE_DEFAULT, max: LIST_PAGE_SIZE_MAX },
      sortField,
      direction: "asc",
      where,
      findMany: (q) => ctx.prisma.return.findMany(q),
    });
  } catch (err) {
    if (err instanceof DomainError && err.info.type === "request/invalid-cursor")
      throw WAREHOUSE_REFUSALS.refuse("WAREHOUSE_CURSOR_INVALID");
    throw err;
  }
  const { pageInfo } = conn;
  return {
    returns: conn.nodes,
    nextCursor: pageInfo.hasNextPage && pageInfo.endCursor ? encodeCursor(window, "n", pageInfo.endCursor) : null,
    previousCursor: pageInfo.hasPreviousPage && pageInfo.startCursor ? encodeCursor(window, "p", pageInfo.startCursor) : null,
    from: window.from,
    to: window.to,
    filter: window.filter,
    states,
    pageSize: size,
  };
}

// Money, outcome and dates as the platform reads a return: values.ts.
export {
  closedAtOf,
  editedAtOf,
  refundParts,
  restockStatusOf,
  warehouseOutcome,
  warehouseTotals,
  warehouseTotalsIn,
  WAREHOUSE_ITEM_FIELDS,
  type ItemMoney,
} from "./values.js";
