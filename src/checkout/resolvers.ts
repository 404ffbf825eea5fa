import { money } from "../core/money.js";
import * as checkout from "./service.js";
import type { Resolvers } from "../core/generated/schema.js";

export const checkoutResolvers = {
  Query: {
    checkoutExperience: (_, a, ctx) => checkout.getExperience(ctx, a.storeId, a.id),
    checkoutExperiences: (_, a, ctx) => checkout.listExperiences(ctx, a.storeId, a),
    checkoutTree: (_, a, ctx) => checkout.getCheckoutTree(ctx, a.storeId),
    checkoutAbTests: (_, a, ctx) => checkout.listAbTests(ctx, a.storeId, !!a.includeDeleted),
    checkoutAbTest: (_, a, ctx) => checkout.getAbTest(ctx, a.storeId, a.id),
  },
  Mutation: {
    createCheckoutExperience: (_, a, ctx) => checkout.createExperience(ctx, a.storeId, a.input),
    updateCheckoutExperience: (_, a, ctx) => checkout.updateExperience(ctx, a.storeId, a.id, a.input),
    deleteCheckoutExperience: (_, a, ctx) => checkout.deleteExperience(ctx, a.storeId, a.id),
    setCheckoutTree: (_, a, ctx) => checkout.setCheckoutTree(ctx, a.storeId, a.rules),
    createCheckoutAbTest: (_, a, ctx) => checkout.createAbTest(ctx, a.storeId, a.input),
    concludeCheckoutAbTest: (_, a, ctx) => checkout.concludeAbTest(ctx, a.storeId, a.id, a.winnerTreatment),
    deleteCheckoutAbTest: (_, a, ctx) => checkout.deleteAbTest(ctx, a.storeId, a.id),
  },
  CheckoutExperience: {
    checkoutExperienceId: (e) => e.id,
    live: (e, _, ctx) => checkout.experienceIsLive(ctx, e.id),
    shippingMethods: (e, _, ctx) => checkout.shippingMethodsOf(ctx, e.id),
  },
  ShippingMethod: {
    price: (m) => money(m.priceAmount, m.currency),
  },
  CheckoutRoutingRule: {
    countries: (r) => (JSON.parse(r.condition).countries ?? []) as string[],
    // The rule's foreign key holds its experience: never missing.
    experience: async (r, _, ctx) => (await checkout.experienceById(ctx, r.experienceId))!,
  },
  CheckoutAbTest: {
    deleted: (t) => !!t.deletedAt,
    treatments: (t, _, ctx) => checkout.treatmentsOf(ctx, t.id),
  },
} satisfies Resolvers;
