// A return's aggregate — the return, its items, tags and gift cards, its order and the order's lines —
// read in ONE statement, the database building the JSON (SQLite's json_object/json_group_array,
// PostgreSQL's to_json/json_agg), instead of six Prisma queries. It primes the same per-request
// loaders the resolvers and field functions read through (items, tags, gift cards, order, lines), so
// nothing above this file changes; the statement runs on the driver (src/db/direct.ts); the rows are exactly Prisma's (src/db/json-rows.ts, compared with
// Prisma's own in test/unit/json-rows.test.ts). The caller's API-client lookup is not part of it: it
// stays a statement of its own on every request, so a revocation holds at once.
import type { RequestContext } from "../core/context.js";
import type { Database } from "../db/client.js";
import { jsonRowMapper, mapJsonRows, type RowFields } from "../db/json-rows.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import type { Provider } from "../db/url.js";
import { lineItemsLoader, ordersByIdLoader, type LineItemRow, type OrderRow } from "../orders/service.js";
import { giftCardsLoader } from "./gift-cards.js";
import { itemsLoader, returnsByIdLoader } from "./loaders.js";
import type { ReturnItemRow, ReturnRow } from "./rows.js";
import { sortTags, tagsLoader } from "./tags.js";

type GiftCardRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["giftCard"]["findFirst"]>>>;

const v = "value" as const;
const b = "boolean" as const;
const d = "date" as const;

/** The models' scalar fields in Prisma's order (test/unit/json-rows.test.ts checks them against Prisma's). */
export const AGGREGATE_FIELDS = {
  Return: {
    ...{ id: v, storeId: v, orderId: v, type: v, status: v, shippingAddress: v, label: v, notes: v, createdByType: v },
    ...{ createdById: v, createdByName: v, origin: v, reopened: b, compatId: v, version: v, createdAt: d, updatedAt: d },
    ...{ externalReferenceId: v, currency: v, merchantAddress: v, customer: v, importKey: v, importHash: v },
    ...{ policyVersion: v, settleOn: v, exchangeOrderExternalId: v, returnFee: v, returnFeeOn: v },
  },
  ReturnItem: {
    ...{ id: v, returnId: v, orderId: v, lineItemId: v, productId: v, sku: v, barcode: v, productTitle: v },
    ...{ variantTitle: v, condition: v, position: v, quantity: v, reason: v, reasonCode: v, customerComment: v },
    ...{ compensation: v, status: v, restock: b, merchantAdjustment: v, processedAt: d, outcomeTotal: v },
    ...{ outcomeBonus: v, exchangeProductId: v, customerImages: v },
  },
  Order: {
    ...{ id: v, storeId: v, provider: v, externalId: v, name: v, source: v, currency: v, customerId: v },
    ...{ customerEmail: v, customerPhone: v, customerFirstName: v, customerLastName: v, shippingAddress: v },
    ...{ billingAddress: v, shippingMethod: v, shippingCost: v, discountTotal: v, taxTotal: v, totalPrice: v },
    ...{ locationId: v, tags: v, covered: b, finalSaleCoverage: b, packageProtection: b, returnsCoverage: b },
    ...{ placedAt: d, version: v, createdAt: d, updatedAt: d, customerRecordId: v },
  },
  OrderLineItem: {
    ...{ id: v, orderId: v, position: v, externalId: v, productId: v, variantId: v, sku: v, title: v },
    ...{ variantTitle: v, vendor: v, imageUrl: v, quantity: v, unitPrice: v, discount: v, tax: v, weightGrams: v },
    ...{ fulfillmentLocationId: v },
  },
  GiftCard: {
    ...{ id: v, storeId: v, code: v, returnId: v, returnItemId: v, customerId: v, customerEmail: v, currency: v },
    ...{ amount: v, bonus: v, balance: v, createdAt: d },
  },
} satisfies Record<string, RowFields>;

/** The aggregate's row: each part as JSON text. */
interface AggregateRow {
  ret: string;
  items: string | null;
  tags: string | null;
  cards: string | null;
  ord: string | null;
  lines: string | null;
}

// SQLite's json_object arguments, written from AGGREGATE_FIELDS once at load: a column added to a model
// (and to the list, which test/unit/return-aggregate.test.ts checks against Prisma's) cannot be missed here.
function sqliteObject(alias: string, fields: RowFields) {
  return Prisma.raw(
    `json_object(${Object.keys(fields)
      .map((f) => `'${f}', ${alias}."${f}"`)
      .join(", ")})`,
  );
}
const SQLITE = {
  ret: sqliteObject("r", AGGREGATE_FIELDS.Return),
  item: sqliteObject("i", AGGREGATE_FIELDS.ReturnItem),
  card: sqliteObject("g", AGGREGATE_FIELDS.GiftCard),
  order: sqliteObject("o", AGGREGATE_FIELDS.Order),
  line: sqliteObject("l", AGGREGATE_FIELDS.OrderLineItem),
};

function sqliteQuery(id: string, storeIds: string[]) {
  return Prisma.sql`SELECT
  ${SQLITE.ret} AS "ret",
  (SELECT json_group_array(${SQLITE.item} ORDER BY i."position", i."id")
    FROM "ReturnItem" i WHERE i."returnId" = r."id") AS "items",
  (SELECT json_group_array(json_object('name', t."name", 'source', t."source"))
    FROM "ReturnTagLink" k JOIN "ReturnTag" t ON t."id" = k."tagId" WHERE k."returnId" = r."id") AS "tags",
  (SELECT json_group_array(${SQLITE.card} ORDER BY i."position" IS NULL, i."position", g."createdAt", g."id")
    FROM "GiftCard" g LEFT JOIN "ReturnItem" i ON i."id" = g."returnItemId" WHERE g."returnId" = r."id") AS "cards",
  (SELECT ${SQLITE.order} FROM "Order" o WHERE o."id" = r."orderId") AS "ord",
  (SELECT json_group_array(${SQLITE.line} ORDER BY l."position", l."id")
    FROM "OrderLineItem" l WHERE l."orderId" = r."orderId") AS "lines"
FROM "Return" r WHERE r."id" = ${id} AND r."storeId" IN (${Prisma.join(storeIds)})`;
}

// PostgreSQL's to_json of a row names every column as Prisma's field (no @map in the schema).
function postgresQuery(id: string, storeIds: string[]) {
  return Prisma.sql`SELECT
  to_json(r)::text AS "ret",
  (SELECT json_agg(i ORDER BY i."position", i."id")::text FROM "ReturnItem" i WHERE i."returnId" = r."id") AS "items",
  (SELECT json_agg(json_build_object('name', t."name", 'source', t."source"))::text
    FROM "ReturnTagLink" k JOIN "ReturnTag" t ON t."id" = k."tagId" WHERE k."returnId" = r."id") AS "tags",
  (SELECT json_agg(g ORDER BY i."position" IS NULL, i."position", g."createdAt", g."id")::text
    FROM "GiftCard" g LEFT JOIN "ReturnItem" i ON i."id" = g."returnItemId" WHERE g."returnId" = r."id") AS "cards",
  (SELECT to_json(o)::text FROM "Order" o WHERE o."id" = r."orderId") AS "ord",
  (SELECT json_agg(l ORDER BY l."position", l."id")::text FROM "OrderLineItem" l WHERE l."orderId" = r."orderId") AS "lines"
FROM "Return" r WHERE r."id" = ${id} AND r."storeId" IN (${Prisma.join(storeIds)})`;
}

type Mapper<T> = (json: Record<string, unknown>) => T;

interface Mappers {
  ret: Mapper<ReturnRow>;
  item: Mapper<ReturnItemRow>;
  order: Mapper<OrderRow>;
  line: Mapper<LineItemRow>;
  card: Mapper<GiftCardRow>;
}

const mappers = new Map<Provider, Mappers>();

/** The row mappers of one database, compiled on first use. */
export function aggregateMappers(provider: Provider): Mappers {
  let m = mappers.get(provider);
  if (!m) {
    const F = AGGREGATE_FIELDS;
    m = {
      ret: jsonRowMapper(F.Return, provider),
      item: jsonRowMapper(F.ReturnItem, provider),
      order: jsonRowMapper(F.Order, provider),
      line: jsonRowMapper(F.OrderLineItem, provider),
      card: jsonRowMapper(F.GiftCard, provider),
    };
    mappers.set(provider, m);
  }
  return m;
}

export interface ReturnAggregate {
  ret: ReturnRow;
  items: ReturnItemRow[];
  tags: { name: string; source: string }[];
  giftCards: GiftCardRow[];
  order: OrderRow | null;
  lines: LineItemRow[];
}

/** Where the aggregate is read: a request's context, or a background worker's services (the email sender). */
export type AggregateReader = { services: { db: Pick<Database, "provider" | "readRows"> } };

/** Reads a return of the given stores with its parts in one statement; null when there is none. */
export async function readReturnAggregate(ctx: AggregateReader, id: string, storeIds: string[]): Promise<ReturnAggregate | null> {
  if (!storeIds.length) return null;
  const provider = ctx.services.db.provider;
  const query = provider === "sqlite" ? sqliteQuery(id, storeIds) : postgresQuery(id, storeIds);
  const row = (await ctx.services.db.readRows<AggregateRow>(query))[0];
  if (!row) return null;
  const m = aggregateMappers(provider);
  const order = row.ord === null ? null : m.order(JSON.parse(row.ord));
  return {
    ret: m.ret(JSON.parse(row.ret)),
    items: mapJsonRows(row.items, m.item),
    tags: sortTags(mapJsonRows(row.tags, tagOf)),
    giftCards: mapJsonRows(row.cards, m.card),
    order,
    lines: order ? mapJsonRows(row.lines, m.line) : [],
  };
}

const tagOf = (j: Record<string, unknown>) => ({ name: j.name as string, source: j.source as string });

/** Puts an aggregate into the request's loaders, as if each part had been read through them. */
export function primeLoaders(ctx: RequestContext, a: ReturnAggregate): void {
  const id = a.ret.id;
  returnsByIdLoader(ctx).prime(id, a.ret);
  itemsLoader(ctx).prime(id, a.items);
  tagsLoader(ctx).prime(id, a.tags);
  giftCardsLoader(ctx).prime(id, a.giftCards);
  if (a.order) {
    ordersByIdLoader(ctx).prime(a.order.id, a.order);
    lineItemsLoader(ctx).prime(a.order.id, a.lines);
  }
}

/** `return(id)`: a return of the caller's stores, its parts primed for the fields that read them. */
export async function getReturnAggregate(ctx: RequestContext, id: string): Promise<ReturnRow | null> {
  const a = await readReturnAggregate(ctx, id, ctx.storeIds());
  if (!a) return null;
  primeLoaders(ctx, a);
  return a.ret;
}
