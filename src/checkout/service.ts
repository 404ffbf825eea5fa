// Checkout experiences (named groups of shipping methods), the store's checkout tree that routes
// shoppers to them, and checkout A/B tests.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { assertCurrency, parseMajor } from "../core/money.js";
import { isForeignKeyViolation } from "../core/db-errors.js";
import { keysetOrder, type PageArgs, pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";

export interface ShippingMethodInput {
  name: string;
  carrier?: string | null;
  price: string;
  currency: string;
  minDays?: number | null;
  maxDays?: number | null;
}

export interface ExperienceInput {
  name: string;
  description?: string | null;
  shippingMethods?: ShippingMethodInput[] | null;
}

function shippingMethodRows(methods: ShippingMethodInput[]) {
  return methods.map((m, i) => {
    const field = `input.shippingMethods[${i}]`;
    if (!m.name.trim()) throw refuse("CHECKOUT_NAME_EMPTY", { field: `${field}.name` });
    const currency = assertCurrency(m.currency, `${field}.currency`);
    const priceAmount = parseMajor(m.price, currency, `${field}.price`);
    if (priceAmount < 0) throw refuse("CHECKOUT_PRICE_NEGATIVE", { field: `${field}.price` });
    for (const k of ["minDays", "maxDays"] as const) {
      const v = m[k];
      if (v != null && (v < 0 || v > 365)) throw refuse("CHECKOUT_DAYS_RANGE", { field: `${field}.${k}`, min: 0, max: 365 });
    }
    if (m.minDays != null && m.maxDays != null && m.minDays > m.maxDays) {
      throw refuse("CHECKOUT_DAYS_ORDER", { field: `${field}.minDays` });
    }
    return {
      id: newId("shm"),
      name: m.name.trim(),
      carrier: m.carrier ?? null,
      priceAmount,
      currency,
      minDays: m.minDays ?? null,
      maxDays: m.maxDays ?? null,
      position: i,
    };
  });
}

function checkName(name: string) {
  if (!name.trim()) throw refuse("CHECKOUT_NAME_EMPTY", { field: "input.name" });
  if (name.length > 200) throw refuse("CHECKOUT_NAME_TOO_LONG", { field: "input.name", max: 200 });
}

export async function createExperience(ctx: RequestContext, storeId: string, input: ExperienceInput) {
  checkName(input.name);
  const methods = shippingMethodRows(input.shippingMethods ?? []);
  return ctx.prisma.checkoutExperience.create({
    data: {
      id: newId("chx"),
      storeId,
      name: input.name.trim(),
      description: input.description ?? "",
      shippingMethods: { create: methods },
    },
  });
}

export async function updateExperience(ctx: RequestContext, storeId: string, id: string, input: ExperienceInput) {
  checkName(input.name);
  const methods = shippingMethodRows(input.shippingMethods ?? []);
  return ctx.prisma.$transaction(async (tx) => {
    const found = await tx.checkoutExperience.findFirst({ where: { id, storeId } });
    if (!found) throw experienceNotFound(id);
    await tx.shippingMethod.deleteMany({ where: { experienceId: id } });
    return tx.checkoutExperience.update({
      where: { id },
      data: { name: input.name.trim(), description: input.description ?? "", shippingMethods: { create: methods } },
    });
  });
}

function experienceNotFound(id: string) {
  return refuse("CHECKOUT_NOT_FOUND", { id });
}

function liveConflict(name: string, id: string) {
  return refuse("CHECKOUT_LIVE", { name, id });
}

export async function getExperience(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.checkoutExperience.findFirst({ where: { id, storeId } });
}

export async function listExperiences(ctx: RequestContext, storeId: string, args: PageArgs) {
  return pageOf(ctx.services.cursors, {
    list: `checkoutExperiences:${storeId}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "createdAt",
    where: { storeId },
    findMany: (q) => ctx.prisma.checkoutExperience.findMany(q),
  });
}

/**
 * Deletes an experience with its shipping methods, unless the checkout tree routes to it. The check
 * and the delete share a transaction, and the tree's foreign key (ON DELETE RESTRICT) refuses the
 * delete if a concurrent tree edit started pointing at the experience: the tree never dangles.
 */
export async function deleteExperience(ctx: RequestContext, storeId: string, id: string) {
  const experience = await ctx.prisma.checkoutExperience.findFirst({ where: { id, storeId } });
  if (!experience) throw experienceNotFound(id);
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const rules = await tx.checkoutRoutingRule.count({ where: { experienceId: id } });
      if (rules > 0) throw liveConflict(experience.name, id);
      await tx.shippingMethod.deleteMany({ where: { experienceId: id } });
      const deleted = await tx.checkoutExperience.deleteMany({ where: { id, storeId } });
      if (deleted.count === 0) throw experienceNotFound(id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw liveConflict(experience.name, id);
    throw err;
  }
  return { checkoutExperienceId: id };
}

export interface RuleInput {
  name: string;
  countries?: string[] | null;
  experienceId: string;
}

/** Replaces the whole tree atomically. Dashboard only. */
export async function setCheckoutTree(ctx: RequestContext, storeId: string, rules: RuleInput[]) {
  if (rules.length > 200) throw refuse("CHECKOUT_TOO_MANY_RULES", { max: 200 });
  const rows = rules.map((r, i) => {
    if (!r.name.trim()) throw refuse("CHECKOUT_NAME_EMPTY", { field: `rules[${i}].name` });
    const countries = (r.countries ?? []).map((c) => c.toUpperCase());
    for (const c of countries)
      if (!/^[A-Z]{2}$/.test(c)) throw refuse("CHECKOUT_COUNTRY_INVALID", { field: `rules[${i}].countries`, value: c });
    return {
      id: newId("crr"),
      storeId,
      position: i,
      name: r.name.trim(),
      condition: JSON.stringify({ countries }),
      experienceId: r.experienceId,
    };
  });
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const ids = [...new Set(rows.map((r) => r.experienceId))];
      const found = await tx.checkoutExperience.findMany({ where: { id: { in: ids }, storeId }, select: { id: true } });
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw refuse("CHECKOUT_EXPERIENCES_NOT_FOUND", { ids: missing.join(", ") });
      await tx.checkoutRoutingRule.deleteMany({ where: { storeId } });
      for (const row of rows) await tx.checkoutRoutingRule.create({ data: row });
      return tx.checkoutRoutingRule.findMany({ where: { storeId }, orderBy: { position: "asc" } });
    });
  } catch (err) {
    // The experience was deleted between our check and the insert.
    if (isForeignKeyViolation(err)) throw refuse("CHECKOUT_EXPERIENCE_GONE");
    throw err;
  }
}

export function getCheckoutTree(ctx: RequestContext, storeId: string) {
  return ctx.prisma.checkoutRoutingRule.findMany({ where: { storeId }, orderBy: { position: "asc" } });
}

// ─── Loaders ──────────────────────────────────────────────────────────────────

export function experienceIsLive(ctx: RequestContext, experienceId: string): Promise<boolean> {
  return ctx.loaders
    .get<string, boolean>("checkout.live", async (ids) => {
      const rules = await ctx.prisma.checkoutRoutingRule.findMany({
        where: { experienceId: { in: [...ids] } },
        select: { experienceId: true },
      });
      const live = new Set(rules.map((r) => r.experienceId));
      return ids.map((id) => live.has(id));
    })
    .load(experienceId);
}

export function shippingMethodsOf(ctx: RequestContext, experienceId: string) {
  return ctx.loaders
    .hasMany(
      "checkout.shippingMethods",
      (ids) => ctx.prisma.shippingMethod.findMany({ where: { experienceId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
      (r) => r.experienceId,
    )
    .load(experienceId);
}

export function experienceById(ctx: RequestContext, id: string) {
  return ctx.loaders.byId("checkout.experience", (ids) => ctx.prisma.checkoutExperience.findMany({ where: { id: { in: ids } } })).load(id);
}

// ─── A/B tests ────────────────────────────────────────────────────────────────

export interface AbTestInput {
  name: string;
  description?: string | null;
  startDate?: Date | null;
  treatments: { name: string; weight: number; isControl?: boolean | null }[];
}

export async function listAbTests(ctx: RequestContext, storeId: string, includeDeleted: boolean) {
  const where = { storeId, ...(includeDeleted ? {} : { deletedAt: null }) };
  const [abTests, totalCount] = await Promise.all([
    ctx.prisma.abTest.findMany({ where, orderBy: keysetOrder("createdAt") }),
    ctx.prisma.abTest.count({ where }),
  ]);
  return { abTests, totalCount };
}

export async function getAbTest(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.abTest.findFirst({ where: { id, storeId } });
}

export async function createAbTest(ctx: RequestContext, storeId: string, input: AbTestInput) {
  if (!input.name.trim()) throw refuse("CHECKOUT_NAME_EMPTY", { field: "input.name" });
  const t = input.treatments;
  if (t.length < 2) throw refuse("AB_TOO_FEW_TREATMENTS");
  if (t.filter((x) => x.isControl).length !== 1) throw refuse("AB_ONE_CONTROL");
  const names = new Set(t.map((x) => x.name.trim()));
  if (names.size !== t.length || names.has("")) throw refuse("AB_NAMES_UNIQUE");
  t.forEach((x, i) => {
    if (!(x.weight > 0) || !Number.isFinite(x.weight)) throw refuse("AB_WEIGHT_INVALID", { field: `input.treatments[${i}].weight` });
  });
  return ctx.prisma.abTest.create({
    data: {
      id: newId("abt"),
      storeId,
      name: input.name.trim(),
      description: input.description ?? "",
      startDate: input.startDate ?? new Date(),
      treatments: {
        create: t.map((x, i) => ({ id: newId("abtr"), name: x.name.trim(), weight: x.weight, isControl: !!x.isControl, position: i })),
      },
    },
  });
}

/** Concludes to the control (no winner) or to exactly one other treatment (the only winner). */
export async function concludeAbTest(ctx: RequestContext, storeId: string, id: string, winnerTreatment: string | null | undefined) {
  return ctx.prisma.$transaction(async (tx) => {
    const test = await tx.abTest.findFirst({ where: { id, storeId, deletedAt: null }, include: { treatments: true } });
    if (!test) throw refuse("AB_TEST_NOT_FOUND", { id });
    if (test.isConcluded) throw refuse("AB_TEST_CONCLUDED", { name: test.name });
    let winner = null as null | (typeof test.treatments)[number];
    if (winnerTreatment != null) {
      winner = test.treatments.find((x) => x.name === winnerTreatment) ?? null;
      if (!winner) throw refuse("AB_TREATMENT_NOT_FOUND", { name: winnerTreatment });
    }
    const toControl = !winner || winner.isControl;
    if (!toControl && winner) await tx.abTreatment.update({ where: { id: winner.id }, data: { isWinner: true } });
    return tx.abTest.update({
      where: { id },
      data: { isConcluded: true, active: false, concludedToControl: toControl, endDate: new Date() },
    });
  });
}

export async function deleteAbTest(ctx: RequestContext, storeId: string, id: string) {
  const test = await ctx.prisma.abTest.findFirst({ where: { id, storeId } });
  if (!test) throw refuse("AB_TEST_NOT_FOUND", { id });
  if (test.deletedAt) return test;
  return ctx.prisma.abTest.update({ where: { id }, data: { deletedAt: new Date(), active: false } });
}

export function treatmentsOf(ctx: RequestContext, testId: string) {
  return ctx.loaders
    .hasMany(
      "checkout.treatments",
      (ids) => ctx.prisma.abTreatment.findMany({ where: { testId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
      (r) => r.testId,
    )
    .load(testId);
}
