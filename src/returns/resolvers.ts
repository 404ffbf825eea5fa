import { PAGE_SIZES } from "../core/bounds.js";
import type { RequestContext } from "../core/context.js";
import { actorName } from "./actors.js";
import { orderById } from "../orders/service.js";
import * as returns from "./service.js";
import { bulkReturnAction } from "./bulk.js";
import { createReturn } from "./create.js";
import { itemWithValues } from "./payload.js";
import { RETURNS_CSV_COLUMNS, formatReturnNumber, listReturns, returnsCsvRow, statusCounts } from "./list.js";
import { returnsOverview } from "./overview.js";
import { overviewCsv } from "./overview-csv.js";
import { importReturns } from "./import.js";
import { tagsOfReturn } from "./tags.js";
import { RETURN_ACTIONS, RETURN_STATUSES, TRANSITIONS, allowedActions, type ReturnStatus } from "./transitions.js";
import { giftCardsOf } from "./gift-cards.js";
import { ledgerOf } from "./ledger.js";
import { exchangeOf } from "./exchange.js";
import { reportExchangeOrder } from "./exchange-order.js";
import * as f from "./fields.js";
import { getReturnAggregate } from "./aggregate.js";
import { originOf } from "./origin.js";
import type { Resolvers } from "../core/generated/schema.js";

type Ctx = RequestContext;

declare module "../core/parents.js" {
  interface DomainParents {
    /** The item with its order line, values and currency (fields.ts ITEM_FIELDS read it). */
    ReturnItem: f.ItemWithCurrency;
    /** The item's order line as the published item holds it (fields.ts `orderItem`). */
    ReturnOrderItemRef: ReturnType<typeof f.ITEM_FIELDS.orderItem>;
    /** A page of returns with what its status counts are read from (list.ts). */
    ReturnConnection: Awaited<ReturnType<typeof listReturns>>;
    /** The overview as read (overview.ts); its CSV is built from it when asked. */
    ReturnsOverview: Awaited<ReturnType<typeof returnsOverview>>;
  }
}
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

/** Rows of the returns CSV a page holds at most (each reads its order and items through the loaders). */
const CSV_PAGE = PAGE_SIZES.returnsCsv.max;

const parse = f.parseJson;

const actorOf = (type: string, id: string | null, name?: string | null) => ({ type, id, name: name ?? null });

export const returnsResolvers = {
  Query: {
    // One statement for the return and every part its fields read (aggregate.ts).
    return: (_, a, ctx) => getReturnAggregate(ctx, a.id),
    returns: (_, a, ctx) => listReturns(ctx, a.storeId, a, { ...a.filter, sort: a.sort }),
    returnsCsv: async (_, a, ctx) => {
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
    returnsOverview: (_, a, ctx) => returnsOverview(ctx, a.storeId, a.from, a.to),
    returnStatuses: () => [...RETURN_STATUSES],
    returnTransitions: () =>
      RETURN_STATUSES.flatMap((from) =>
        RETURN_ACTIONS.filter((action) => TRANSITIONS[from][action] !== undefined).map((action) => {
          const t = TRANSITIONS[from][action]!;
          return { from, action, to: t === "same" ? null : t === "processed" ? "complete" : t };
        }),
      ),
  },
  Mutation: {
    createReturn: (_, a, ctx) => createReturn(ctx, a.storeId, a.input, a.options, a.idempotencyKey),
    importReturns: (_, a, ctx) => importReturns(ctx, a.storeId, a.returns),
    processReturn: (_, a, ctx) => returns.processReturn(ctx, a.id, a.items, a.customerNotes),
    flagReturn: (_, a, ctx) => returns.flagReturn(ctx, a.id, a.reason),
    rejectReturn: (_, a, ctx) => returns.rejectReturn(ctx, a.id, a.reason),
    cancelReturn: (_, a, ctx) => returns.cancelReturn(ctx, a.id, a.reason),
    resetReturn: (_, a, ctx) => returns.resetReturn(ctx, a.id, a.reason),
    reopenReturn: (_, a, ctx) => returns.reopenReturn(ctx, a.id),
    completeReturn: (_, a, ctx) => returns.completeReturn(ctx, a.id),
    removeReturnItems: (_, a, ctx) => returns.removeReturnItems(ctx, a.id, a.itemIds),
    bulkReturnAction: (_, a, ctx) => bulkReturnAction(ctx, a.ids, a.action, a),
    setReturnStatus: (_, a, ctx) => returns.setReturnStatus(ctx, a.id, a.status),
    reportExchangeOrder: (_, a, ctx) => reportExchangeOrder(ctx, a.id, a.externalId),
    addReturnComment: (_, a, ctx) => returns.addComment(ctx, a.id, a.message, a.image),
  },
  ReturnsOverview: {
    csv: (o) => overviewCsv(o),
  },
  ReturnConnection: {
    statusCounts: (c, _, ctx) => statusCounts(ctx, c.storeId, c.filters, c.narrowed, c.matches),
    orders: async (c, _, ctx) => {
      const ids = [...new Set(c.nodes.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
      return (await Promise.all(ids.map((id) => orderById(ctx, id)))).filter((o) => o !== null);
    },
  },
  Return: {
    number: (r) => formatReturnNumber(r.compatId),
    order: async (r, _, ctx) => f.orderRefOf(await orderOf(ctx, r)),
    fullOrder: (r, _, ctx) => orderOf(ctx, r),
    publishedOrder: async (r, _, ctx) => (await orderOf(ctx, r)) ?? f.emptyOrderOf(r, currencyOf(r, null)),
    currency: async (r, _, ctx) => currencyOf(r, await orderOf(ctx, r)),
    items: async (r, _, ctx) => {
      const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), orderOf(ctx, r)]);
      return Promise.all(items.map(async (i) => ({ ...(await itemWithValues(ctx, i)), currency: currencyOf(r, order) })));
    },
    source: async (r, _, ctx) => f.sourceOf(r, await orderOf(ctx, r)),
    destination: (r) => f.destinationOf(r),
    protection: async (r, _, ctx) => f.protectionOf(await orderOf(ctx, r)),
    compensationMethods: async (r, _, ctx) => f.compensationMethodsOf(await returns.itemsOf(ctx, r.id)),
    completeWithNoAction: () => f.RETURN_CONSTANTS.completeWithNoAction,
    giftCards: (r, _, ctx) => giftCardsOf(ctx, r.id),
    ledger: (r, _, ctx) => ledgerOf(ctx, r.id),
    exchange: async (r, _, ctx) => exchangeOf(ctx, await returns.itemsOf(ctx, r.id), r),
    externalOrderIds: async (r, _, ctx) => f.externalIdsOf(await orderOf(ctx, r)),
    platformOrderIds: async (r, _, ctx) => f.externalIdsOf(await orderOf(ctx, r)),
    externalReturnIds: (r) => f.externalReturnIdsOf(r),
    internalCreatedByName: (r) => r.createdByName,
    notes: (r) => f.notesOf(r),
    shipment: (r) => f.shipmentOf(r),
    shipments: (r) => {
      const s = f.shipmentOf(r);
      return s ? [s] : [];
    },
    dropoffs: () => f.RETURN_CONSTANTS.dropoffs,
    tags: (r, _, ctx) => tagsOfReturn(ctx, r.id),
    totals: (r, _, ctx) => totalsOf(ctx, r),
    createdBy: (r) => actorOf(r.createdByType, r.createdById, r.createdByName),
    origin: (r) => originOf(r),
    timeline: async (r, _, ctx) =>
      Promise.all(
        (await returns.timelineOf(ctx, r.id)).map(async (t) => ({
          ...t,
          at: t.createdAt,
          actor: actorOf(t.actorType, t.actorId, await actorName(ctx, t.actorType, t.actorId)),
        })),
      ),
    comments: (r, _, ctx) => returns.commentsOf(ctx, r.id),
    allowedActions: async (r, _, ctx) => {
      const flags = await returns.storeFlags(ctx, r.storeId);
      return allowedActions(r.status as ReturnStatus, flags);
    },
  },
  WebhookDelivery: {
    subjectReturn: (d, _, ctx) => returns.returnByIdLoader(ctx, d.subjectId),
  },
  ReturnComment: {
    author: async (c, _, ctx) => actorOf(c.authorType, c.authorId, await actorName(ctx, c.authorType, c.authorId)),
  },
  ReturnItem: {
    // The published fields (fields.ts), then what only GraphQL reads.
    ...f.ITEM_FIELDS,
    ...f.ITEM_EXTRA_FIELDS,
  },
  ReturnOrderItemRef: {
    externalId: (ref) => ref.line_item_id,
  },
} satisfies Resolvers;
