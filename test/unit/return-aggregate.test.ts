// The return's aggregate read (src/returns/aggregate.ts: one statement, the database building the
// JSON) gives exactly Prisma's rows — same keys in the same order, same types (Date, boolean, number),
// same values — for varied returns, on every database the run uses: nulls everywhere they are allowed,
// amounts of several currencies (USD, EUR, GBP, JPY) with many digits, weights with many decimal
// digits, text that JSON must escape, dates with and without milliseconds, no order, no tags, many
// tags and gift cards created in the same millisecond.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestContext } from "../../src/core/context.js";
import { openDatabase, type Database } from "../../src/db/client.js";
import { AGGREGATE_FIELDS, readReturnAggregate } from "../../src/returns/aggregate.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";

const text = fc.oneof(
  fc.constant(""),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('quote " and \\ back', "line\nbreak\ttab", "\u0001ctl", "émoji 😀 ü", "日本語", "</script>"),
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const int = fc.oneof(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.constantFrom(0, 1, -1, 99_999_999, 2_147_483_647));
const weight = fc.oneof(
  fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.1 + 0.2, 1 / 3, 1e-7, 12_345.678_901_234, 100, 5e-324, 2.5),
);
const date = fc.oneof(
  fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T23:59:59Z"), noInvalidDate: true }),
  fc.constantFrom(new Date("2026-11-26T00:00:00.000Z"), new Date("2026-02-28T23:59:59.999Z")),
);
const currency = fc.constantFrom("USD", "EUR", "GBP", "JPY");

const caseArb = fc.record({
  withOrder: fc.boolean(),
  currency,
  lines: fc.array(fc.record({ weight: maybe(weight), price: int, tax: int, text: maybe(text) }), { maxLength: 4 }),
  items: fc.array(
    fc.record({ restock: maybe(fc.boolean()), processedAt: maybe(date), adjustment: maybe(int), text: maybe(text), position: fc.nat(3) }),
    { maxLength: 4 },
  ),
  tags: fc.uniqueArray(fc.constantFrom("b", "A", "a", "Zed", "é", "😀", "z", "10", "9"), { maxLength: 5 }),
  cards: fc.nat(3),
  ret: fc.record({ reopened: fc.boolean(), createdAt: date, note: maybe(text), compatId: maybe(fc.constant(1)), fee: maybe(int) }),
  order: fc.record({ covered: fc.boolean(), placedAt: date, total: maybe(int), email: maybe(text) }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

describe.each(providers)("return aggregate read gives Prisma's rows (%s)", (provider) => {
  let tdb: TestDatabase;
  let db: Database;
  const storeId = "st_aggregate";
  let n = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase(provider);
    db = await openDatabase(tdb.url);
    await db.prisma.store.create({ data: { id: storeId, name: "Aggregate" } });
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  /** Writes one case through Prisma; returns the return's id. */
  async function write(c: Case) {
    const k = ++n;
    const p = db.prisma;
    const orderId = c.withOrder ? `ord_${k}` : null;
    if (orderId) {
      await p.order.create({
        data: {
          id: orderId,
          storeId,
          provider: "custom",
          externalId: `o${k}`,
          name: `#${1000 + k}`,
          source: "orders_api",
          currency: c.currency,
          customerEmail: c.order.email,
          shippingAddress: c.order.email === null ? null : JSON.stringify({ city: c.order.email }),
          totalPrice: c.order.total,
          shippingCost: 12_345_678,
          covered: c.order.covered,
          returnsCoverage: !c.order.covered,
          placedAt: c.order.placedAt,
          lineItems: {
            create: c.lines.map((l, i) => ({
              id: `oli_${k}_${i}`,
              position: c.lines.length - i,
              externalId: `l${i}`,
              productId: `p${i}`,
              title: l.text ?? "Line",
              variantTitle: l.text,
              quantity: 3,
              unitPrice: l.price,
              tax: l.tax,
              weightGrams: l.weight,
            })),
          },
        },
      });
    }
    const id = `ret_${k}`;
    await p.return.create({
      data: {
        id,
        storeId,
        orderId,
        status: "open",
        createdByType: "system",
        notes: c.ret.note,
        reopened: c.ret.reopened,
        compatId: c.ret.compatId === null ? null : 2_000_000_000 - k, // unique per store
        returnFee: c.ret.fee,
        currency: orderId ? null : c.currency,
        customer: orderId ? null : JSON.stringify({ firstName: c.ret.note ?? "Ada" }),
        createdAt: c.ret.createdAt,
      },
    });
    for (const [i, it] of c.items.entries()) {
      await p.returnItem.create({
        data: {
          id: `rit_${k}_${i}`,
          returnId: id,
          orderId,
          lineItemId: orderId && c.lines[i] ? `oli_${k}_${i}` : null,
          productTitle: it.text,
          position: it.position,
          quantity: 1 + i,
          restock: it.restock,
          processedAt: it.processedAt,
          merchantAdjustment: it.adjustment,
          customerComment: it.text,
        },
      });
    }
    for (const name of c.tags) {
      const tag = await p.returnTag.upsert({
        where: { storeId_name: { storeId, name } },
        create: { id: `rtg_${name.codePointAt(0)}_${name.length}`, storeId, name, pillTheme: "blue" },
        update: {},
      });
      await p.returnTagLink.create({ data: { returnId: id, tagId: tag.id } });
    }
    const at = new Date("2026-11-26T10:00:00.123Z");
    for (let i = 0; i < c.cards; i++) {
      await p.giftCard.create({
        data: {
          id: `gc_${k}_${c.cards - i}`,
          storeId,
          code: `${k}${i}`,
          returnId: id,
          // A card of a removed item (an open item may be removed after a card issued at creation) has no item.
          returnItemId: c.items[i] ? `rit_${k}_${i}` : `rit_card_${k}_${i}`,
          currency: c.currency,
          amount: 1_999_999_999 - i,
          balance: i,
          createdAt: at,
        },
      });
    }
    return id;
  }

  const keysOf = (rows: object[]) => rows.map((r) => Object.keys(r));

  it("matches Prisma for varied returns", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const id = await write(c);
        const a = await readReturnAggregate({ services: { db }, prisma: db.prisma } as unknown as RequestContext, id, [storeId]);
        const p = db.prisma;
        const ret = await p.return.findFirst({ where: { id } });
        const items = await p.returnItem.findMany({ where: { returnId: id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
        // In the order of the return's lines (ties by id), then cards whose item is gone, oldest first.
        const rank = new Map(items.map((it) => [it.id, it.position]));
        const cards = (await p.giftCard.findMany({ where: { returnId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).sort(
          (x, y) =>
            (rank.get(x.returnItemId) ?? Infinity) - (rank.get(y.returnItemId) ?? Infinity) ||
            (rank.has(x.returnItemId) && x.id < y.id ? -1 : rank.has(x.returnItemId) && x.id > y.id ? 1 : 0),
        );
        const order = ret?.orderId ? await p.order.findUnique({ where: { id: ret.orderId } }) : null;
        const lines = order
          ? await p.orderLineItem.findMany({ where: { orderId: order.id }, orderBy: [{ position: "asc" }, { id: "asc" }] })
          : [];
        const links = await p.returnTagLink.findMany({ where: { returnId: id }, include: { tag: true } });
        const tags = links
          .map((l) => ({ name: l.tag.name, source: l.tag.source }))
          .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
        expect(a).not.toBeNull();
        expect(a!.ret).toStrictEqual(ret);
        expect(Object.keys(a!.ret)).toEqual(Object.keys(ret!));
        expect(a!.items).toStrictEqual(items);
        expect(keysOf(a!.items)).toEqual(keysOf(items));
        expect(a!.giftCards).toStrictEqual(cards);
        expect(keysOf(a!.giftCards)).toEqual(keysOf(cards));
        expect(a!.order).toStrictEqual(order);
        if (order) expect(Object.keys(a!.order!)).toEqual(Object.keys(order));
        expect(a!.lines).toStrictEqual(lines);
        expect(keysOf(a!.lines)).toEqual(keysOf(lines));
        expect(a!.tags).toStrictEqual(tags);
      }),
      { numRuns: 40, seed: 26 },
    );
  });

  it("lists every scalar field of each model, in Prisma's order", async () => {
    const models = (db.prisma as unknown as { _runtimeDataModel: { models: Record<string, { fields: { name: string; kind: string }[] }> } })
      ._runtimeDataModel.models;
    for (const [model, fields] of Object.entries(AGGREGATE_FIELDS)) {
      const scalars = models[model].fields.filter((f) => f.kind === "scalar" || f.kind === "enum").map((f) => f.name);
      expect(Object.keys(fields), model).toEqual(scalars);
    }
  });

  it("finds nothing outside the given stores, and nothing for no store", async () => {
    const id = await write(fc.sample(caseArb, { numRuns: 1, seed: 1 })[0]);
    const ctx = { services: { db }, prisma: db.prisma } as unknown as RequestContext;
    expect(await readReturnAggregate(ctx, id, ["st_other"])).toBeNull();
    expect(await readReturnAggregate(ctx, id, [])).toBeNull();
    expect(await readReturnAggregate(ctx, "ret_missing", [storeId])).toBeNull();
    expect(await readReturnAggregate(ctx, id, ["st_other", storeId])).not.toBeNull();
  });
});
