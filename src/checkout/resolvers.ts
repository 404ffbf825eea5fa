import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import * as checkout from "./service.js";

type Ctx = RequestContext;
type StoreArgs = { storeId: string };

export const checkoutResolvers = {
  Query: {
    checkoutExperience: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => checkout.getExperience(ctx, a.storeId, a.id),
    checkoutExperiences: (_: unknown, a: StoreArgs & PageArgs, ctx: Ctx) => checkout.listExperiences(ctx, a.storeId, a),
    checkoutTree: (_: unknown, a: StoreArgs, ctx: Ctx) => checkout.getCheckoutTree(ctx, a.storeId),
    checkoutAbTests: (_: unknown, a: StoreArgs & { includeDeleted?: boolean | null }, ctx: Ctx) =>
      checkout.listAbTests(ctx, a.storeId, !!a.includeDeleted),
    checkoutAbTest: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => checkout.getAbTest(ctx, a.storeId, a.id),
  },
  Mutation: {
    createCheckoutExperience: (_: unknown, a: StoreArgs & { input: checkout.ExperienceInput }, ctx: Ctx) =>
      checkout.createExperience(ctx, a.storeId, a.input),
    updateCheckoutExperience: (_: unknown, a: StoreArgs & { id: string; input: checkout.ExperienceInput }, ctx: Ctx) =>
      checkout.updateExperience(ctx, a.storeId, a.id, a.input),
    deleteCheckoutExperience: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => checkout.deleteExperience(ctx, a.storeId, a.id),
    setCheckoutTree: (_: unknown, a: StoreArgs & { rules: checkout.RuleInput[] }, ctx: Ctx) =>
      checkout.setCheckoutTree(ctx, a.storeId, a.rules),
    createCheckoutAbTest: (_: unknown, a: StoreArgs & { input: checkout.AbTestInput }, ctx: Ctx) =>
      checkout.createAbTest(ctx, a.storeId, a.input),
    concludeCheckoutAbTest: (_: unknown, a: StoreArgs & { id: string; winnerTreatment?: string | null }, ctx: Ctx) =>
      checkout.concludeAbTest(ctx, a.storeId, a.id, a.winnerTreatment),
    deleteCheckoutAbTest: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => checkout.deleteAbTest(ctx, a.storeId, a.id),
  },
  CheckoutExperience: {
    checkoutExperienceId: (e: { id: string }) => e.id,
    live: (e: { id: string }, _: unknown, ctx: Ctx) => checkout.experienceIsLive(ctx, e.id),
    shippingMethods: (e: { id: string }, _: unknown, ctx: Ctx) => checkout.shippingMethodsOf(ctx, e.id),
  },
  ShippingMethod: {
    price: (m: { priceAmount: number; currency: string }) => money(m.priceAmount, m.currency),
  },
  CheckoutRoutingRule: {
    countries: (r: { condition: string }) => (JSON.parse(r.condition).countries ?? []) as string[],
    experience: (r: { experienceId: string }, _: unknown, ctx: Ctx) => checkout.experienceById(ctx, r.experienceId),
  },
  CheckoutAbTest: {
    deleted: (t: { deletedAt: Date | null }) => !!t.deletedAt,
    treatments: (t: { id: string }, _: unknown, ctx: Ctx) => checkout.treatmentsOf(ctx, t.id),
  },
};
