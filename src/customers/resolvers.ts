import { refuse } from "./refusals.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { giftCardsOfCustomer, storeCreditOf } from "./credit.js";
import { accountOf } from "../gift-cards/ledger.js";
import * as customers from "./service.js";
import type { Resolvers } from "../core/generated/schema.js";

export const customersResolvers = {
  Query: {
    customers: (_, a, ctx) => customers.listCustomers(ctx, a.storeId, a.search, a),
    customer: async (_, a, ctx) => {
      if ((a.email == null) === (a.id == null)) throw refuse("CUSTOMER_EMAIL_OR_ID");
      return a.email != null ? customers.customerByEmail(ctx, a.storeId, a.email) : customers.getCustomer(ctx, a.storeId, a.id!);
    },
  },
  Mutation: {
    upsertCustomer: (_, a, ctx) => customers.upsertCustomer(ctx, a.storeId, a.input),
  },
  Customer: {
    phoneNumber: (c) => customers.phoneNumberOf(c),
    phoneNumbers: (c) => JSON.parse(c.phoneNumbers) as string[],
    location: (c) => customers.locationOf(c),
    customFields: (c) => customers.customFieldsOf(c),
    returns: (c, a, ctx) => customers.returnsOfCustomer(ctx, c, a),
    orders: (c, a, ctx) => customers.ordersOfCustomer(ctx, c, a),
    giftCards: (c, a, ctx) => giftCardsOfCustomer(ctx, c, Math.min(a.first ?? PAGE_SIZES.standard.default, PAGE_SIZES.standard.max)),
    storeCredit: (c, _, ctx) => storeCreditOf(ctx, c),
  },
  CustomerGiftCard: {
    account: (g, _, ctx) => accountOf(ctx, g.id),
  },
  Order: {
    customerRecord: (o, _, ctx) => (o.customerRecordId ? customers.customerById(ctx, o.customerRecordId) : null),
  },
} satisfies Resolvers;
