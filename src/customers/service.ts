// Customers: one per store and e-mail (the upsert key, compared lower-cased). The merchant writes
// them (upsert: names set, phone numbers appended, location and custom fields merged); an order's
// sync creates the customer of its e-mail when there is none and links the order to it.
import { searchWords } from "../core/text-search.js";
import type { RequestContext } from "../core/context.js";
import { searchCustomerIds } from "./search.js";
import type { TransactionClient } from "../db/client.js";
import { LIST_BOUNDS, PAGE_SIZES, TEXT_BOUNDS } from "../core/bounds.js";
import { refuse } from "./refusals.js";
import { newId } from "../core/ids.js";
import { indexBy } from "../core/loaders.js";
import { type PageArgs, pageOf } from "../core/pagination.js";

export type CustomerRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["customer"]["findFirst"]>>>;

export const LOCATION_TEXT_FIELDS = [
  "street1",
  "street2",
  "city",
  "state",
  "stateCode",
  "postalCode",
  "country",
  "countryCode",
  "ianaTimeZoneName",
] as const;
export type CustomerLocation = Partial<Record<(typeof LOCATION_TEXT_FIELDS)[number], string> & { latitude: number; longitude: number }>;

export type CustomFieldType = "STRING" | "NUMBER" | "BOOLEAN" | "DATE";
export interface CustomFieldValue {
  type: CustomFieldType;
  value: string | number | boolean;
}

export interface CustomFieldInput {
  name: string;
  stringValue?: string | null;
  numberValue?: number | null;
  booleanValue?: boolean | null;
}

export interface CustomerInput {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  /** As GraphQL passes it: a field may be null (left unchanged, like an absent one). */
  location?: { [K in keyof CustomerLocation]?: CustomerLocation[K] | null } | null;
  customFields?: CustomFieldInput[] | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;
// An ISO 8601 date-time (a DATE custom field is detected from its text, as the reference describes).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The stored form of an e-mail (trimmed, lower-cased), or null when it is not an address. */
export function emailKey(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase() ?? "";
  return e.length <= TEXT_BOUNDS.short && EMAIL.test(e) ? e : null;
}

export function requireEmail(email: string, field = "email"): string {
  const key = emailKey(email);
  if (!key) throw refuse("EMAIL_INVALID", { field, value: email });
  return key;
}

function customFieldOf(f: CustomFieldInput, i: number): CustomFieldValue {
  const field = `customFields[${i}]`;
  if (!f.name.trim()) throw refuse("CUSTOM_FIELD_NAME_EMPTY", { field });
  const given = [f.stringValue, f.numberValue, f.booleanValue].filter((v) => v !== null && v !== undefined);
  if (given.length !== 1) throw refuse("CUSTOM_FIELD_ONE_VALUE", { field, name: f.name });
  if (typeof f.numberValue === "number") {
    if (!Number.isFinite(f.numberValue)) throw refuse("CUSTOM_FIELD_NOT_FINITE", { field, name: f.name });
    return { type: "NUMBER", value: f.numberValue };
  }
  if (typeof f.booleanValue === "boolean") return { type: "BOOLEAN", value: f.booleanValue };
  const text = f.stringValue as string;
  if (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) return { type: "DATE", value: new Date(text).toISOString() };
  return { type: "STRING", value: text };
}

function validate(input: CustomerInput) {
  const email = requireEmail(input.email);
  if (input.phoneNumber != null && !E164.test(input.phoneNumber)) {
    throw refuse("PHONE_INVALID", { value: input.phoneNumber });
  }
  const loc = input.location;
  if (loc) {
    if (loc.latitude != null && !(Math.abs(loc.latitude) <= 90))
      throw refuse("COORDINATE_OUT_OF_RANGE", { field: "location.latitude", min: -90, max: 90 });
    if (loc.longitude != null && !(Math.abs(loc.longitude) <= 180))
      throw refuse("COORDINATE_OUT_OF_RANGE", { field: "location.longitude", min: -180, max: 180 });
    if (loc.countryCode != null && !/^[A-Za-z]{2}$/.test(loc.countryCode))
      throw refuse("COUNTRY_CODE_INVALID", { field: "location.countryCode" });
  }
  const fields = (input.customFields ?? []).map((f, i) => [f.name.trim(), customFieldOf(f, i)] as const);
  return { email, fields };
}

function parseFields(row: Pick<CustomerRow, "customFields">): Record<string, CustomFieldValue> {
  return JSON.parse(row.customFields) as Record<string, CustomFieldValue>;
}

/** PUT /customers: creates the customer of `email`, or updates it. `created` says which. */
export async function upsertCustomer(
  ctx: RequestContext,
  storeId: string,
  input: CustomerInput,
): Promise<{ customer: CustomerRow; created: boolean }> {
  const { email, fields } = validate(input);
  return ctx.prisma.$transaction(async (tx) => {
    // Take the row (or create an empty one) first: its lock orders concurrent upserts of one e-mail,
    // and only the upsert that created it sees its own new id.
    const id = newId("cus");
    const row = await tx.customer.upsert({
      where: { storeId_email: { storeId, email } },
      create: { id, storeId, email },
      update: { updatedAt: new Date() },
    });
    const phones = JSON.parse(row.phoneNumbers) as string[];
    if (input.phoneNumber && !phones.includes(input.phoneNumber)) phones.push(input.phoneNumber);
    const custom = { ...parseFields(row), ...Object.fromEntries(fields) };
    if (Object.keys(custom).length > LIST_BOUNDS.customerCustomFields) {
      throw refuse("TOO_MANY_CUSTOM_FIELDS", { count: Object.keys(custom).length, max: LIST_BOUNDS.customerCustomFields });
    }
    if (phones.length > LIST_BOUNDS.customerPhoneNumbers) {
      throw refuse("TOO_MANY_PHONE_NUMBERS", { max: LIST_BOUNDS.customerPhoneNumbers });
    }
    const location = input.location
      ? { ...(row.location ? (JSON.parse(row.location) as CustomerLocation) : {}), ...definedOnly(input.location) }
      : undefined;
    const customer = await tx.customer.update({
      where: { id: row.id },
      data: {
        ...(input.firstName != null ? { firstName: input.firstName } : {}),
        ...(input.lastName != null ? { lastName: input.lastName } : {}),
        phoneNumbers: JSON.stringify(phones),
        customFields: JSON.stringify(custom),
        ...(location ? { location: JSON.stringify(location) } : {}),
      },
    });
    return { customer, created: row.id === id };
  });
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/**
 * Called by the order sync inside its transaction: the customer of the order's e-mail (created when
 * there is none, with the order's name and phone; an existing customer's fields are the merchant's
 * and are left alone). Null when the order carries no usable e-mail.
 */
export async function customerForOrder(
  tx: TransactionClient,
  storeId: string,
  c: { email?: string | null; phoneNumber?: string | null; firstName?: string | null; lastName?: string | null },
): Promise<string | null> {
  const email = emailKey(c.email);
  if (!email) return null;
  const found = await tx.customer.findUnique({ where: { storeId_email: { storeId, email } }, select: { id: true } });
  if (found) return found.id;
  const phone = c.phoneNumber && E164.test(c.phoneNumber) ? [c.phoneNumber] : [];
  // A non-empty update makes Prisma write INSERT … ON CONFLICT: a concurrent first order of the same
  // e-mail meets the other's row instead of a unique violation.
  const row = await tx.customer.upsert({
    where: { storeId_email: { storeId, email } },
    create: {
      id: newId("cus"),
      storeId,
      email,
      firstName: c.firstName || null,
      lastName: c.lastName || null,
      phoneNumbers: JSON.stringify(phone),
    },
    update: { email },
    select: { id: true },
  });
  return row.id;
}

// ─── Reads ────────────────────────────────────────────────────────────────────

export async function customerByEmail(ctx: RequestContext, storeId: string, email: string) {
  return ctx.prisma.customer.findUnique({ where: { storeId_email: { storeId, email: requireEmail(email) } } });
}

export function getCustomer(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.customer.findFirst({ where: { id, storeId } });
}

export function customerById(ctx: RequestContext, id: string) {
  return ctx.loaders
    .get("customers.byId", async (ids: readonly string[]) =>
      indexBy(ids, await ctx.prisma.customer.findMany({ where: { id: { in: [...ids] } } }), (r) => r.id),
    )
    .load(id);
}

/** The customer's returns (through its orders), newest first. */
export function returnsOfCustomer(ctx: RequestContext, customer: Pick<CustomerRow, "id" | "storeId">, args: PageArgs) {
  const where = { storeId: customer.storeId, order: { customerRecordId: customer.id } };
  return pageOf(ctx.services.cursors, {
    list: `customer-returns:${customer.id}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "createdAt",
    where,
    findMany: (q) => ctx.prisma.return.findMany(q),
  });
}

/** The customer's orders (those their e-mail's syncs linked), newest first. */
export function ordersOfCustomer(ctx: RequestContext, customer: Pick<CustomerRow, "id" | "storeId">, args: PageArgs) {
  const where = { storeId: customer.storeId, customerRecordId: customer.id };
  return pageOf(ctx.services.cursors, {
    list: `customer-orders:${customer.id}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "placedAt",
    where,
    findMany: (q) => ctx.prisma.order.findMany(q),
  });
}

/**
 * A store's customers, most recently updated first; with `search`, those its words match (src/customers/
 * search.ts: through the text index, at most the newest CUSTOMER_SEARCH_BOUND).
 */
export async function listCustomers(ctx: RequestContext, storeId: string, search: string | null | undefined, args: PageArgs) {
  const ids = await searchCustomerIds(ctx, storeId, search);
  const where = { storeId, ...(ids ? { id: { in: ids } } : {}) };
  return pageOf(ctx.services.cursors, {
    list: `customers:${storeId}:${searchWords(search ?? "").join(" ")}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "updatedAt",
    where,
    findMany: (q) => ctx.prisma.customer.findMany(q),
  });
}

// ─── Views ────────────────────────────────────────────────────────────────────

export function phoneNumberOf(row: Pick<CustomerRow, "phoneNumbers">): string | null {
  return (JSON.parse(row.phoneNumbers) as string[])[0] ?? null;
}

export function locationOf(row: Pick<CustomerRow, "location">): CustomerLocation | null {
  return row.location ? (JSON.parse(row.location) as CustomerLocation) : null;
}

export function customFieldsOf(row: Pick<CustomerRow, "customFields">) {
  return Object.entries(parseFields(row))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, f]) => ({ name, type: f.type, value: String(f.value) }));
}
