import { PAGE_SIZES } from "../core/bounds.js";
import type { RequestContext } from "../core/context.js";
import { actorName } from "./actors.js";
import type { PageArgs } from "../core/pagination.js";
import { money } from "../core/money.js";
import { lineItemById, orderById, type LineItemRow, type OrderRow } from "../orders/service.js";
import * as returns from "./service.js";
import { bulkReturnAction, type BulkAction } from "./bulk.js";
import { createReturn } from "./create.js";
import { itemValues } from "./service.js";
import { RETURNS_CSV_COLUMNS, formatReturnNumber, listReturns, returnsCsvRow, statusCounts, type ReturnFilters } from "./list.js";
import { returnsOverview } from "./overview.js";
import { importReturns, type ImportReturnInput } from "./import.js";
import { tagsOfReturn } from "./tags.js";
import { RETURN_ACTIONS, RETURN_STATUSES, TRANSITIONS, allowedActions, type ReturnStatus } from "./transitions.js";

type Ctx = RequestContext;
type R = returns.ReturnRow;
type I = returns.ReturnItemRow;

const wrap = (minor: number, currency: string) => ({ amount: money(minor, currency) });

/** The return's order; null for an imported return (POST /returns/bulk), which has none. */
async function orderOf(ctx: Ctx, r: R) {
  if (!r.orderId) return null;
  const order = await orderById(ctx, r.orderId);
  if (!order) throw new Error(`return ${r.id} has no order`);
  return order;
}

const currencyOf = returns.returnCurrency;

/**
 * The order of an imported return, which has none, where a published shape requires one (the Return's
 * `order`, REST's order-read, webhook payloads, the warehouse platform's return): written once, here.
 * Empty strings and lists, amounts 0 in the return's currency, placed when the return was created.
 */
function emptyOrder(r: R): OrderRow {
  return {
    id: "",
    storeId: r.storeId,
    provider: "",
    externalId: "",
    name: "",
    source: "",
    currency: currencyOf(r, null),
    customerId: null,
    customerEmail: null,
    customerPhone: null,
    customerFirstName: "",
    customerLastName: "",
    shippingAddress: null,
    billingAddress: null,
    shippingMethod: null,
    shippingCost: 0,
    discountTotal: 0,
    taxTotal: 0,
    totalPrice: null,
    locationId: null,
    tags: "[]",
    covered: false,
    finalSaleCoverage: false,
    packageProtection: false,
    returnsCoverage: false,
    placedAt: r.createdAt,
    version: 0,
    createdAt: r.createdAt,
    updatedAt: r.createdAt,
    customerRecordId: null,
  };
}

/** The return's order, or the empty one of an imported return. */
const publishedOrderOf = async (ctx: Ctx, r: R) => (await orderOf(ctx, r)) ?? emptyOrder(r);

interface ImportedCustomer {
  firstName?: string;
  lastName?: string;
  email?: string;
}

async function itemWithValues(ctx: Ctx, item: I) {
  // Through the order's line-item loader (one query per page of orders), which the order's own
  // `lineItems`/`items` also use: a return read with its order selects the line items once.
  // An imported item names a catalogue product, not a line: it carries no value.
  const line = item.orderId && item.lineItemId ? await lineItemById(ctx, item.orderId, item.lineItemId) : null;
  return { item, line, ...itemValues(item, line) };
}

async function totalsOf(ctx: Ctx, r: R) {
  const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), orderOf(ctx, r)]);
  const values = await Promise.all(items.map((i) => itemWithValues(ctx, i)));
  const sum = (comp: string) => values.filter((v) => v.item.compensation === comp).reduce((s, v) => s + v.refund, 0);
  const c = currencyOf(r, order);
  return {
    charge: wrap(0, c),
    exchange: wrap(0, c),
    refund: wrap(sum("refund"), c),
    storeCredit: wrap(sum("store_credit"), c),
    shippingFee: wrap(0, c),
  };
}

/** The arguments of `returns` and `returnsCsv`. */
type ReturnListArgs = { storeId: string; filter?: Omit<ReturnFilters, "sort"> | null; sort?: ReturnFilters["sort"] } & PageArgs;

/** Rows of the returns CSV a page holds at most (each reads its order and items through the loaders). */
const CSV_PAGE = PAGE_SIZES.returnsCsv.max;

const parse = <T>(s: string | null): T | null => (s ? (JSON.parse(s) as T) : null);

const actorOf = (type: string, id: string | null, name?: string | null) => ({ type, id, name: name ?? null });

export const returnsResolvers = {
  Query: {
    return: (_: unknown, a: { id: string }, ctx: Ctx) => returns.getReturn(ctx, a.id),
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
    addReturnComment: (_: unknown, a: { id: string; message?: string | null; image?: string | null }, ctx: Ctx) =>
      returns.addComment(ctx, a.id, a.message, a.image),
  },
  ReturnConnection: {
    statusCounts: (c: { storeId: string; filters: ReturnFilters }, _: unknown, ctx: Ctx) => statusCounts(ctx, c.storeId, c.filters),
    orders: async (c: { nodes: R[] }, _: unknown, ctx: Ctx) => {
      const ids = [...new Set(c.nodes.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
      return (await Promise.all(ids.map((id) => orderById(ctx, id)))).filter(Boolean);
    },
  },
  Return: {
    number: (r: R) => formatReturnNumber(r.compatId),
    order: async (r: R, _: unknown, ctx: Ctx) => {
      const o = await publishedOrderOf(ctx, r);
      return { id: o.id, name: o.name };
    },
    fullOrder: (r: R, _: unknown, ctx: Ctx) => orderOf(ctx, r),
    publishedOrder: (r: R, _: unknown, ctx: Ctx) => publishedOrderOf(ctx, r),
    currency: async (r: R, _: unknown, ctx: Ctx) => currencyOf(r, await orderOf(ctx, r)),
    items: async (r: R, _: unknown, ctx: Ctx) => {
      const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), orderOf(ctx, r)]);
      return Promise.all(items.map(async (i) => ({ ...(await itemWithValues(ctx, i)), currency: currencyOf(r, order) })));
    },
    source: async (r: R, _: unknown, ctx: Ctx) => {
      const o = await orderOf(ctx, r);
      if (!o) {
        const c = parse<ImportedCustomer>(r.customer) ?? {};
        const address = parse<Record<string, string> & { phone?: string }>(r.shippingAddress);
        return {
          emailAddress: c.email ?? null,
          mailingAddress: address ? postal(address) : null,
          name: { given: c.firstName ?? "", surname: c.lastName ?? "" },
          phoneNumber: address?.phone ?? null,
        };
      }
      return {
        emailAddress: o.customerEmail,
        mailingAddress: parse(r.shippingAddress),
        name: { given: o.customerFirstName, surname: o.customerLastName },
        phoneNumber: o.customerPhone,
      };
    },
    destination: (r: R) => {
      const address = parse<Record<string, string> & { phone?: string }>(r.merchantAddress);
      return { mailingAddress: address ? postal(address) : null, phoneNumber: address?.phone ?? null };
    },
    protection: async (r: R, _: unknown, ctx: Ctx) => {
      const o = await orderOf(ctx, r);
      if (!o)
        return {
          covered: false,
          finalSaleCoverage: false,
          packageProtection: false,
          returnsCoverage: false,
          labelPayer: null,
          labelPayerReason: null,
        };
      return {
        covered: o.covered,
        finalSaleCoverage: o.finalSaleCoverage,
        packageProtection: o.packageProtection,
        returnsCoverage: o.returnsCoverage,
        labelPayer: null,
        labelPayerReason: null,
      };
    },
    compensationMethods: async (r: R, _: unknown, ctx: Ctx) =>
      [...new Set((await returns.itemsOf(ctx, r.id)).map((i) => i.compensation))].sort(),
    completeWithNoAction: () => false,
    giftCards: () => [],
    exchange: () => null,
    externalOrderIds: async (r: R, _: unknown, ctx: Ctx) => externalIdsOf(await orderOf(ctx, r)),
    platformOrderIds: async (r: R, _: unknown, ctx: Ctx) => externalIdsOf(await orderOf(ctx, r)),
    externalReturnIds: (r: R) => (r.externalReferenceId ? [{ provider: "import", value: r.externalReferenceId }] : []),
    internalCreatedByName: (r: R) => r.createdByName,
    notes: (r: R) => (r.notes ? [{ message: r.notes, image: null }] : []),
    shipment: (r: R) => shipmentOf(r),
    shipments: (r: R) => {
      const s = shipmentOf(r);
      return s ? [s] : [];
    },
    dropoffs: () => [],
    tags: (r: R, _: unknown, ctx: Ctx) => tagsOfReturn(ctx, r.id),
    totals: (r: R, _: unknown, ctx: Ctx) => totalsOf(ctx, r),
    createdBy: (r: R) => actorOf(r.createdByType, r.createdById, r.createdByName),
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
    id: (v: { item: I }) => v.item.id,
    // An imported item has no order line: empty strings, as the published shape requires the ref.
    orderItem: (v: { item: I; line: LineItemRow | null }) => ({ id: v.item.lineItemId ?? "", line_item_id: v.line?.externalId ?? "" }),
    quantity: (v: { item: I }) => v.item.quantity,
    reason: (v: { item: I }) => v.item.reason,
    reasonCode: (v: { item: I }) => v.item.reasonCode,
    customerComment: (v: { item: I }) => v.item.customerComment,
    reasons: (v: { item: I }) => (v.item.reason ? [v.item.reason] : []),
    reasonCodes: (v: { item: I }) => (v.item.reasonCode ? [v.item.reasonCode] : []),
    exchangeItem: () => null,
    outcome: (v: { item: I }) =>
      v.item.status === "rejected" ? "reject" : v.item.restock === true ? "restock" : v.item.restock === false ? "dispose" : null,
    productAdjustment: (v: { item: I; currency: string }) =>
      v.item.merchantAdjustment != null ? money(v.item.merchantAdjustment, v.currency).amount : null,
    greenReturn: () => false,
    processingImages: () => [],
    customerImages: () => [],
    shipmentGroupIds: () => [],
    externalReturnLineItemId: () => null,
    productId: (v: { item: I; line: LineItemRow | null }) => v.line?.productId ?? v.item.productId ?? null,
    variantId: (v: { line: LineItemRow | null }) => v.line?.variantId ?? null,
    sku: (v: { item: I; line: LineItemRow | null }) => v.line?.sku ?? v.item.sku ?? null,
    upc: (v: { item: I }) => v.item.barcode ?? null,
    grade: (v: { item: I }) => v.item.condition ?? null,
    status: (v: { item: I }) => v.item.status,
    multipleChoiceQuestions: () => [],
    assessments: () => [],
    refund: (v: { refund: number; currency: string; item: I }) => ({
      amount: money(v.refund, v.currency),
      type: v.item.compensation === "store_credit" ? "store_credit" : "original_payment",
    }),
    productValueNoTaxNoAdjustment: (v: { productValue: number; currency: string }) => wrap(v.productValue, v.currency),
    maxMerchantAdjustment: (v: { maxAdjustment: number; currency: string }) => money(v.maxAdjustment, v.currency),
    compensation: (v: { item: I }) => v.item.compensation,
    imageUrl: (v: { line: LineItemRow | null }) => v.line?.imageUrl ?? null,
    title: (v: { item: I }) => [v.item.productTitle, v.item.variantTitle].filter(Boolean).join(" · ") || null,
  },
};

const externalIdsOf = (o: { externalId: string } | null) => (o ? [o.externalId] : []);

/** A stored address as the Return's mailingAddress (the import's `name`/`phone` are not part of it). */
function postal(a: Record<string, string>) {
  return {
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    state: a.state ?? "",
    postalCode: a.postalCode ?? "",
    country: a.country,
  };
}

function shipmentOf(r: R) {
  const label = parse<{
    trackingNumber: string;
    carrier?: string | null;
    trackingUrl?: string | null;
    postageLabelUrl?: string | null;
    formLabelUrl?: string | null;
  }>(r.label);
  if (!label) return null;
  return {
    carrier: label.carrier ?? null,
    status: "unknown",
    tracker: label.trackingNumber,
    trackingUrl: label.trackingUrl ?? null,
    postageLabel: label.postageLabelUrl ?? null,
    formLabel: label.formLabelUrl ?? null,
    shipmentGroupId: null,
    itemIds: [] as string[],
    externalLocationId: null,
    estimatedDeliveryDate: null,
    deliveredAt: null,
  };
}
