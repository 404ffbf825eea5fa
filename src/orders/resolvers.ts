import type { RequestContext } from "../core/context.js";
import type { PageArgs } from "../core/pagination.js";
import { money } from "../core/money.js";
import * as orders from "./service.js";
import { orderCustomer, orderItemProduct, orderItemVariant, orderProtection } from "./fields.js";
import { fulfillmentsOf } from "../fulfillments/service.js";
import { returnsOfOrder } from "../returns/service.js";

type Ctx = RequestContext;
type O = orders.OrderRow;
type L = orders.LineItemRow;

export const ordersResolvers = {
  Query: {
    order: (_: unknown, a: { storeId: string; id: string }, ctx: Ctx) => orders.getOrder(ctx, a.storeId, a.id),
    orders: (_: unknown, a: { storeId: string } & PageArgs, ctx: Ctx) => orders.listOrders(ctx, a.storeId, a),
  },
  Mutation: {
    upsertOrder: (
      _: unknown,
      a: { storeId: string; input: orders.OrderInput; mode?: orders.OrderWriteMode | null; idempotencyKey?: string | null },
      ctx: Ctx,
    ) => orders.upsertOrder(ctx, a.storeId, a.input, a.mode ?? "UPSERT", a.idempotencyKey),
    deleteOrder: (_: unknown, a: { storeId: string; id: string }, ctx: Ctx) => orders.deleteOrder(ctx, a.storeId, a.id),
  },
  Order: {
    shippingAddress: (o: O) => (o.shippingAddress ? JSON.parse(o.shippingAddress) : null),
    billingAddress: (o: O) => (o.billingAddress ? JSON.parse(o.billingAddress) : null),
    customer: orderCustomer,
    customerDetails: (o: O) => ({
      id: o.customerId,
      email: o.customerEmail,
      phoneNumber: o.customerPhone,
      name: [o.customerFirstName, o.customerLastName].filter(Boolean).join(" ") || null,
      firstName: o.customerFirstName || null,
      lastName: o.customerLastName || null,
    }),
    items: (o: O, _: unknown, ctx: Ctx) => orders.lineItemsOf(ctx, o.id).then((ls) => ls.map((l) => ({ ...l, currency: o.currency }))),
    lineItems: (o: O, _: unknown, ctx: Ctx) =>
      orders.lineItemsOf(ctx, o.id).then((ls) =>
        ls.map((l) => ({
          id: l.externalId,
          productId: l.productId,
          variantId: l.variantId,
          sku: l.sku,
          title: l.title,
          quantity: l.quantity,
          price: orders.majorNumber(l.unitPrice, o.currency),
          discount: orders.majorNumber(l.discount, o.currency),
          imageUrl: l.imageUrl,
        })),
      ),
    discounts: (o: O) => money(o.discountTotal, o.currency),
    lineItemsTotal: (o: O, _: unknown, ctx: Ctx) =>
      orders.lineItemsOf(ctx, o.id).then((ls) => money(orders.lineItemsTotal(ls), o.currency)),
    shippingCost: (o: O) => money(o.shippingCost, o.currency),
    taxes: (o: O) => money(o.taxTotal, o.currency),
    total: (o: O, _: unknown, ctx: Ctx) => orders.lineItemsOf(ctx, o.id).then((ls) => money(orders.orderTotal(o, ls), o.currency)),
    protection: orderProtection,
    tags: (o: O) => JSON.parse(o.tags) as string[],
    fulfillments: (o: O, _: unknown, ctx: Ctx) => fulfillmentsOf(ctx, o.id),
    returns: (o: O, _: unknown, ctx: Ctx) => returnsOfOrder(ctx, o.id),
  },
  OrderItem: {
    price: (l: L & { currency: string }) => money(l.unitPrice, l.currency),
    product: orderItemProduct,
    variant: orderItemVariant,
  },
};
