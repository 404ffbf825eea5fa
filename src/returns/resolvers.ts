import { PAGE_SIZES } from "../core/bounds.js";
import type { RequestContext } from "../core/context.js";
import { actorName } from "./actors.js";
import type { PageArgs } from "../core/pagination.js";
import { orderById } from "../orders/service.js";
import * as returns from "./service.js";
import { bulkReturnAction, type BulkAction } from "./bulk.js";
import { createReturn } from "./create.js";
import { itemWithValues } from "./payload.js";
import {
  RETURNS_CSV_COLUMNS,
  formatReturnNumber,
  listReturns,
  returnsCsvRow,
  statusCounts,
  type Narrowed,
  type ReturnFilters,
} from "./list.js";
import { returnsOverview } from "./overview.js";
import { importReturns, type ImportReturnInput } from "./import.js";
import { tagsOfReturn } from "./tags.js";
import { RETURN_ACTIONS, RETURN_STATUSES, TRANSITIONS, allowedActions, type ReturnStatus } from "./transitions.js";
import { giftCardsOf } from "./gift-cards.js";
import { exchangeOf } from "./exchange.js";
import { reportExchangeOrder } from "./exchange-order.js";
import * as f from "./fields.js";
import { getReturnAggregate } from "./aggregate.js";
import { originOf } from "./origin.js";

type Ctx = RequestContext;
type R = returns.ReturnRow;

/** The return's order; null for an imported return (POST /returns/bulk), which has none. */
async function orderOf(ctx: Ctx, r: R) {
  if (!r.orderId) return null;
  const order = await orderById(ctx, r.orderId);
  if (!order) throw new Error(`return ${r.id} has no order`);
  return order;
}

const currencyOf = returns.returnCurrency;

type ImportedCustomer = f.ImportedCustomer;

async function totalsOf(ctx: Ctx, r: R) {
  const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), orderOf(ctx, r)]);
  const values = await Promise.all(items.map((i) => itemWithValues(ctx, i)));
  return f.totalsOf(values, currencyOf(r, order), r);
}

/** The arguments of `returns` and `returnsCsv`. */
type ReturnListArgs = { storeId: string; filter?: Omit<ReturnFilters, "sort"> | null; sort?: ReturnFilters["sort"] } & PageArgs;

/** Rows of the returns CSV a page holds at most (each reads its order and items through the loaders). */
const CSV_PAGE = PAGE_SIZES.returnsCsv.max;

const parse = f.parseJson;

const actorOf = (type: string, id: string | null, name?: string | null) => ({ type, id, name: name ?? null });

export const returnsResolvers = {
  Query: {
    // One statement for the return and every part its fields read (aggregate.ts).
    return: (_: unknown, a: { id: string }, ctx: Ctx) => getReturnAggregate(ctx, a.id),
    returns: (_: unknown, a: ReturnListArgs, ctx: Ctx) => listReturns(ctx, a.storeId, a, { ...a.filter, sort: a.sort }),
    returnsCsv: async (_: unknown, a: ReturnListArgs, ctx: Ctx) => {
      const page = await listReturns(
        ctx,
        a.storeId,
        { first: a.first ?? CSV_PAGE, after: a.after },
        { ...a.filter, sort: a.sort },
        CSV_PAGE,
      );
      const rows = await Promise.all(
        page.nodes.map(async (r) => {
          const [order, items, totals] = await Promise.all([orderOf(ctx, r), returns.itemsOf(ctx, r.id), totalsOf(ctx, r)]);
          const customer = parse<ImportedCustomer>(r.customer) ?? {};
          return returnsCsvRow({
            number: formatReturnNumber(r.compatId),
            id: r.id,
            createdAt: r.createdAt,
            updatedAt: r.updatedAt,
            status: r.status,
            type: r.type,
            orderName: order?.name ?? "",
            customerName: (order ? [order.customerFirstName, order.customerLastName] : [customer.firstName, customer.lastName])
              .filter(Boolean)
              .join(" "),
            customerEmail: order ? order.customerEmail : (customer.email ?? ""),
            itemCount: items.reduce((n, i) => n + i.quantity, 0),
            refund: totals.refund.amount.amount,
            storeCredit: totals.storeCredit.amount.amount,
            currency: currencyOf(r, order),
          });
        }),
      );
      return {
        csv: (a.after ? "" : RETURNS_CSV_COLUMNS.join(",") + "\r\n") + rows.join(""),
        rowCount: rows.length,
        pageInfo: page.pageInfo,
      };
    },
    returnsOverview: (_: unknown, a: { storeId: string; from?: Date | null; to?: Date | null }, ctx: Ctx) =>
      returnsOverview(ctx, a.storeId, a.from, a.to),
    returnStatuses: () => RETURN_STATUSES,
    returnTransitions: () =>
      RETURN_STATUSES.flatMap((from) =>
        RETURN_ACTIONS.filter((action) => TRANSITIONS[from][action] !== undefined).map((action) => {
          const t = TRANSITIONS[from][action]!;
          return { from, action, to: t === "same" ? null : t === "processed" ? "complete" : t };
        }),
      ),
  },
  Mutation: {
    createReturn: (
      _: unknown,
      a: {
        storeId: string;
        input: returns.CreateReturnInput;
        options?: { createExternalRMAs?: boolean | null } | null;
        idempotencyKey?: string | null;
      },
      ctx: Ctx,
    ) => createReturn(ctx, a.storeId, a.input, a.options, a.idempotencyKey),
    importReturns: (_: unknown, a: { storeId: string; returns: ImportReturnInput[] }, ctx: Ctx) => importReturns(ctx, a.storeId, a.returns),
    processReturn: (_: unknown, a: { id: string; items: returns.ProcessItemInput[]; customerNotes?: string | null }, ctx: Ctx) =>
      returns.processReturn(ctx, a.id, a.items, a.customerNotes),
    flagReturn: (_: unknown, a: { id: string; reason?: string | null }, ctx: Ctx) => returns.flagReturn(ctx, a.id, a.reason),
    rejectReturn: (_: unknown, a: { id: string; reason?: string | null }, ctx: Ctx) => returns.rejectReturn(ctx, a.id, a.reason),
    cancelReturn: (_: unknown, a: { id: string; reason?: string | null }, ctx: Ctx) => returns.cancelReturn(ctx, a.id, a.reason),
    resetReturn: (_: unknown, a: { id: string; reason?: string | null }, ctx: Ctx) => returns.resetReturn(ctx, a.id, a.reason),
    reopenReturn: (_: unknown, a: { id: string }, ctx: Ctx) => returns.reopenReturn(ctx, a.id),
    completeReturn: (_: unknown, a: { id: string }, ctx: Ctx) => returns.completeReturn(ctx, a.id),
    removeReturnItems: (_: unknown, a: { id: string; itemIds: string[] }, ctx: Ctx) => returns.removeReturnItems(ctx, a.id, a.itemIds),
    bulkReturnAction: (_: unknown, a: { ids: string[]; action: BulkAction; reason?: string | null; restock?: boolean | null }, ctx: Ctx) =>
      bulkReturnAction(ctx, a.ids, a.action, a),
    setReturnStatus: (_: unknown, a: { id: string; status: string }, ctx: Ctx) => returns.setReturnStatus(ctx, a.id, a.status),
    reportExchangeOrder: (_: unknown, a: { id: string; externalId: string }, ctx: Ctx) => reportExchangeOrder(ctx, a.id, a.externalId),
    addReturnComment: (_: unknown, a: { id: string; message?: string | null; image?: string | null }, ctx: Ctx) =>
      returns.addComment(ctx, a.id, a.message, a.image),
  },
  ReturnConnection: {
    statusCounts: (c: { storeId: string; filters: ReturnFilters; narrowed: Narrowed }, _: unknown, ctx: Ctx) =>
      statusCounts(ctx, c.storeId, c.filters, c.narrowed),
    orders: async (c: { nodes: R[] }, _: unknown, ctx: Ctx) => {
      const ids = [...new Set(c.nodes.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
      return (await Promise.all(ids.map((id) => orderById(ctx, id)))).filter(Boolean);
    },
  },
  Return: {
    number: (r: R) => formatReturnNumber(r.compatId),
    order: async (r: R, _: unknown, ctx: Ctx) => f.orderRefOf(await orderOf(ctx, r)),
    fullOrder: (r: R, _: unknown, ctx: Ctx) => orderOf(ctx, r),
    publishedOrder: async (r: R, _: unknown, ctx: Ctx) => (await orderOf(ctx, r)) ?? f.emptyOrderOf(r, currencyOf(r, null)),
    currency: async (r: R, _: unknown, ctx: Ctx) => currencyOf(r, await orderOf(ctx, r)),
    items: async (r: R, _: unknown, ctx: Ctx) => {
      const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), orderOf(ctx, r)]);
      return Promise.all(items.map(async (i) => ({ ...(await itemWithValues(ctx, i)), currency: currencyOf(r, order) })));
    },
    source: async (r: R, _: unknown, ctx: Ctx) => f.sourceOf(r, await orderOf(ctx, r)),
    destination: (r: R) => f.destinationOf(r),
    protection: async (r: R, _: unknown, ctx: Ctx) => f.protectionOf(await orderOf(ctx, r)),
    compensationMethods: async (r: R, _: unknown, ctx: Ctx) => f.compensationMethodsOf(await returns.itemsOf(ctx, r.id)),
    completeWithNoAction: () => f.RETURN_CONSTANTS.completeWithNoAction,
    giftCards: (r: R, _: unknown, ctx: Ctx) => giftCardsOf(ctx, r.id),
    exchange: async (r: R, _: unknown, ctx: Ctx) => exchangeOf(ctx, await returns.itemsOf(ctx, r.id), r),
    externalOrderIds: async (r: R, _: unknown, ctx: Ctx) => f.externalIdsOf(await orderOf(ctx, r)),
    platformOrderIds: async (r: R, _: unknown, ctx: Ctx) => f.externalIdsOf(await orderOf(ctx, r)),
    externalReturnIds: (r: R) => f.externalReturnIdsOf(r),
    internalCreatedByName: (r: R) => r.createdByName,
    notes: (r: R) => f.notesOf(r),
    shipment: (r: R) => f.shipmentOf(r),
    shipments: (r: R) => {
      const s = f.shipmentOf(r);
      return s ? [s] : [];
    },
    dropoffs: () => f.RETURN_CONSTANTS.dropoffs,
    tags: (r: R, _: unknown, ctx: Ctx) => tagsOfReturn(ctx, r.id),
    totals: (r: R, _: unknown, ctx: Ctx) => totalsOf(ctx, r),
    createdBy: (r: R) => actorOf(r.createdByType, r.createdById, r.createdByName),
    origin: (r: R) => originOf(r),
    timeline: async (r: R, _: unknown, ctx: Ctx) =>
      Promise.all(
        (await returns.timelineOf(ctx, r.id)).map(async (t) => ({
          ...t,
          at: t.createdAt,
          actor: actorOf(t.actorType, t.actorId, await actorName(ctx, t.actorType, t.actorId)),
        })),
      ),
    comments: (r: R, _: unknown, ctx: Ctx) => returns.commentsOf(ctx, r.id),
    allowedActions: async (r: R, _: unknown, ctx: Ctx) => {
      const flags = await returns.storeFlags(ctx, r.storeId);
      return allowedActions(r.status as ReturnStatus, flags);
    },
  },
  WebhookDelivery: {
    subjectReturn: (d: { subjectId: string }, _: unknown, ctx: Ctx) => returns.returnByIdLoader(ctx, d.subjectId),
  },
  ReturnComment: {
    author: async (c: { authorType: string; authorId: string | null }, _: unknown, ctx: Ctx) =>
      actorOf(c.authorType, c.authorId, await actorName(ctx, c.authorType, c.authorId)),
  },
  ReturnItem: {
    // The published fields (fields.ts), then what only GraphQL reads.
    ...f.ITEM_FIELDS,
    ...f.ITEM_EXTRA_FIELDS,
  },
};
