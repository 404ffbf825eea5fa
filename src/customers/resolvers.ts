import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import type { PageArgs } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { giftCardsOfCustomer, storeCreditOf } from "./credit.js";
import * as customers from "./service.js";

type Ctx = RequestContext;
type C = customers.CustomerRow;

export const customersResolvers = {
  Query: {
    customers: (_: unknown, a: PageArgs & { storeId: string; search?: string | null }, ctx: Ctx) =>
      customers.listCustomers(ctx, a.storeId, a.search, a),
    customer: async (_: unknown, a: { storeId: string; email?: string | null; id?: string | null }, ctx: Ctx) => {
      if ((a.email == null) === (a.id == null)) throw fail.badInput("Give either `email` or `id`.", "email");
      return a.email != null ? customers.customerByEmail(ctx, a.storeId, a.email) : customers.getCustomer(ctx, a.storeId, a.id!);
    },
  },
  Mutation: {
    upsertCustomer: (_: unknown, a: { storeId: string; input: customers.CustomerInput }, ctx: Ctx) =>
      customers.upsertCustomer(ctx, a.storeId, a.input),
  },
  Customer: {
    phoneNumber: (c: C) => customers.phoneNumberOf(c),
    phoneNumbers: (c: C) => JSON.parse(c.phoneNumbers) as string[],
    location: (c: C) => customers.locationOf(c),
    customFields: (c: C) => customers.customFieldsOf(c),
    returns: (c: C, a: PageArgs, ctx: Ctx) => customers.returnsOfCustomer(ctx, c, a),
    orders: (c: C, a: PageArgs, ctx: Ctx) => customers.ordersOfCustomer(ctx, c, a),
    giftCards: (c: C, a: { first?: number | null }, ctx: Ctx) =>
      giftCardsOfCustomer(ctx, c, Math.min(a.first ?? PAGE_SIZES.standard.default, PAGE_SIZES.standard.max)),
    storeCredit: (c: C, _: unknown, ctx: Ctx) => storeCreditOf(ctx, c),
  },
  Order: {
    customerRecord: (o: { customerRecordId: string | null }, _: unknown, ctx: Ctx) =>
      o.customerRecordId ? customers.customerById(ctx, o.customerRecordId) : null,
  },
};
