import { money } from "../core/money.js";
import * as orders from "./service.js";
import { orderCustomer, orderItemProduct, orderItemVariant, orderProtection } from "./fields.js";
import { fulfillmentsOf } from "../fulfillments/service.js";
import { returnsOfOrder } from "../returns/service.js";
import type { Resolvers } from "../core/generated/schema.js";

declare module "../core/parents.js" {
  interface DomainParents {
    /** An order's line item with its order's currency (Order.items). */
    OrderItem: orders.LineItemRow & { currency: string };
  }
}

export const ordersResolvers = {
  Query: {
    order: (_, a, ctx) => orders.getOrder(ctx, a.storeId, a.id),
    orders: (_, a, ctx) => orders.listOrders(ctx, a.storeId, a),
  },
  Mutation: {
    upsertOrder: (_, a, ctx) => orders.upsertOrder(ctx, a.storeId, a.input, a.mode ?? "UPSERT", a.idempotencyKey),
    deleteOrder: (_, a, ctx) => orders.deleteOrder(ctx, a.storeId, a.id),
  },
  Order: {
    shippingAddress: (o) => (o.shippingAddress ? JSON.parse(o.shippingAddress) : null),
    billingAddress: (o) => (o.billingAddress ? JSON.parse(o.billingAddress) : null),
    customer: orderCustomer,
    customerDetails: (o) => ({
      id: o.customerId,
      email: o.customerEmail,
      phoneNumber: o.customerPhone,
      name: [o.customerFirstName, o.customerLastName].filter(Boolean).join(" ") || null,
      firstName: o.customerFirstName || null,
      lastName: o.customerLastName || null,
    }),
    items: (o, _, ctx) => orders.lineItemsOf(ctx, o.id).then((ls) => ls.map((l) => ({ ...l, currency: o.currency }))),
    lineItems: (o, _, ctx) =>
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
    discounts: (o) => money(o.discountTotal, o.currency),
    lineItemsTotal: (o, _, ctx) => orders.lineItemsOf(ctx, o.id).then((ls) => money(orders.lineItemsTotal(ls), o.currency)),
    shippingCost: (o) => money(o.shippingCost, o.currency),
    taxes: (o) => money(o.taxTotal, o.currency),
    total: (o, _, ctx) => orders.lineItemsOf(ctx, o.id).then((ls) => money(orders.orderTotal(o, ls), o.currency)),
    protection: orderProtection,
    tags: (o) => JSON.parse(o.tags) as string[],
    fulfillments: (o, _, ctx) => fulfillmentsOf(ctx, o.id),
    returns: (o, _, ctx) => returnsOfOrder(ctx, o.id),
  },
  OrderItem: {
    price: (l) => money(l.unitPrice, l.currency),
    product: orderItemProduct,
    variant: orderItemVariant,
  },
} satisfies Resolvers;
