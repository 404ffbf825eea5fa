// Return tags: a store's catalogue (name unique per store and case-sensitive, a pill theme) and the
// tags each return carries (ReturnTagLink). A rename or a delete reaches every return that carries
// the tag in the same transaction, and each such return's `updated` event is recorded with it;
// tagging or untagging a return changes it (updatedAt) and records its event likewise.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { refuse } from "./tag-refusals.js";
import { refuse as refuseReturn } from "./refusals.js";
import { isForeignKeyViolation, isUniqueViolation } from "../core/db-errors.js";
import { newId } from "../core/ids.js";
import { holdCountLimit } from "../core/count-limits.js";
import { groupBy } from "../core/loaders.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import type { TransactionClient } from "../db/client.js";
import { eventsCommitted, recordEvent } from "../core/events.js";
import { PILL_THEMES } from "./tag-shapes.js";
import type { Resolvers } from "../core/generated/schema.js";

export { PILL_THEMES };

export type ReturnTagRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["returnTag"]["findFirst"]>>>;

/** A tag name as stored: at least one visible character, no control characters, at most 255. */
export function requireTagName(name: string, field: string): string {
  if (!name.trim()) throw refuse("TAG_NAME_BLANK", { field });
  if ([...name].length > TEXT_BOUNDS.short) throw refuse("TAG_NAME_TOO_LONG", { field, max: TEXT_BOUNDS.short });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) throw refuse("TAG_NAME_CONTROL", { field });
  return name;
}

function requireTheme(theme: string): string {
  if (!(PILL_THEMES as readonly string[]).includes(theme))
    throw refuse("TAG_THEME_UNKNOWN", { value: theme, themes: PILL_THEMES.join(", ") });
  return theme;
}

export function listReturnTags(ctx: RequestContext, storeId: string) {
  ctx.requireStore(storeId);
  return ctx.prisma.returnTag.findMany({ where: { storeId }, orderBy: [{ name: "asc" }], take: LIST_BOUNDS.storeReturnTags });
}

/** How many returns carry the tag: the sum of its status counts (ReturnTagCount, kept by triggers), not its links counted. */
export async function returnCountOf(ctx: RequestContext, tagId: string) {
  const sum = await ctx.prisma.returnTagCount.aggregate({ where: { tagId }, _sum: { count: true } });
  return sum._sum.count ?? 0;
}

/**
 * Runs a write once more when a racing write made it collide (two creates of one name, a rename onto
 * a name just created, a tag deleted while a return was being tagged): the second run sees the
 * winner's row and answers as if it had come second (200 recolour, 400 name taken / unknown tag).
 */
async function onceMoreOnCollision<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err) || isForeignKeyViolation(err)) return run();
    throw err;
  }
}

/**
 * Marks returns changed and records each one's `updated` event, inside the caller's transaction: the
 * update takes the returns' row locks first (as every return write does) so event sequences stay gap-free.
 */
async function touchReturns(tx: TransactionClient, storeId: string, returnIds: string[]) {
  if (!returnIds.length) return;
  const ids = [...returnIds].sort();
  await tx.return.updateMany({ where: { id: { in: ids }, storeId }, data: { version: { increment: 1 }, updatedAt: new Date() } });
  for (const id of ids) await recordEvent(tx, { storeId, topic: "return", subjectId: id, type: "updated" });
}

async function linkedReturnIds(tx: TransactionClient, tagId: string) {
  return (await tx.returnTagLink.findMany({ where: { tagId }, select: { returnId: true } })).map((l) => l.returnId);
}

export async function upsertReturnTag(
  ctx: RequestContext,
  storeId: string,
  input: { name: string; pillTheme: string; newName?: string | null },
): Promise<ReturnTagRow> {
  ctx.requireStore(storeId);
  const name = requireTagName(input.name, "name");
  const pillTheme = requireTheme(input.pillTheme);
  const newName = input.newName == null ? null : requireTagName(input.newName, "newName");
  let touched = false;
  const tag = await onceMoreOnCollision(() =>
    ctx.prisma.$transaction(async (tx) => {
      const existing = await tx.returnTag.findUnique({ where: { storeId_name: { storeId, name } } });
      if (newName != null && newName !== name) {
        if (!existing) throw refuse("TAG_RENAME_UNKNOWN", { name });
        // The tag's row lock first: two renames of one tag run one after the other, the second sees the first.
        const locked = await tx.returnTag.updateMany({ where: { id: existing.id, name }, data: { version: { increment: 1 } } });
        if (!locked.count) throw refuse("TAG_RENAME_GONE", { name });
        if (await tx.returnTag.findUnique({ where: { storeId_name: { storeId, name: newName } }, select: { id: true } }))
          throw refuse("TAG_NAME_TAKEN", { name: newName });
        const renamed = await tx.returnTag.update({ where: { id: existing.id }, data: { name: newName, pillTheme } });
        const returnIds = await linkedReturnIds(tx, existing.id);
        await touchReturns(tx, storeId, returnIds);
        touched = returnIds.length > 0;
        return renamed;
      }
      if (existing) return tx.returnTag.update({ where: { id: existing.id }, data: { pillTheme, version: { increment: 1 } } });
      await holdCountLimit(tx, ctx.services.db.provider, storeId, {
        name: "store-return-tags",
        max: LIST_BOUNDS.storeReturnTags,
        count: () => tx.returnTag.count({ where: { storeId } }),
        refuse: () => refuse("TAG_LIMIT", { max: LIST_BOUNDS.storeReturnTags }),
      });
      return tx.returnTag.create({ data: { id: newId("rtg"), storeId, name, pillTheme } });
    }),
  );
  if (touched) eventsCommitted(ctx.services, "return");
  return tag;
}

function noSuchTag(name: string) {
  // A 400 rather than a 404: the reference declares no 404 on these operations (only 400 and default).
  return refuse("TAG_NOT_FOUND", { name });
}

/** Deletes the tag and strips it from every return that carries it (400 return-tag/not-found when there is none). */
export async function deleteReturnTag(ctx: RequestContext, storeId: string, rawName: string): Promise<true> {
  ctx.requireStore(storeId);
  const name = requireTagName(rawName, "name");
  let touched = false;
  await ctx.prisma.$transaction(async (tx) => {
    const existing = await tx.returnTag.findUnique({ where: { storeId_name: { storeId, name } } });
    if (!existing) throw noSuchTag(name);
    // The tag's row lock first (as a rename takes it): a concurrent rename or delete waits, then finds it gone.
    const locked = await tx.returnTag.updateMany({ where: { id: existing.id, name }, data: { version: { increment: 1 } } });
    if (!locked.count) throw noSuchTag(name);
    const returnIds = await linkedReturnIds(tx, existing.id);
    await touchReturns(tx, storeId, returnIds);
    await tx.returnTagLink.deleteMany({ where: { tagId: existing.id } });
    await tx.returnTag.delete({ where: { id: existing.id } });
    touched = returnIds.length > 0;
  });
  if (touched) eventsCommitted(ctx.services, "return");
  return true;
}

const returnNotFound = (id: string) => refuseReturn("RETURN_NOT_FOUND", { id });

/** Adds (or removes) the named tags of the return's store; the return's event when anything changed. */
export async function setTags(ctx: RequestContext, id: string, rawNames: string[], add: boolean) {
  if (!rawNames.length) throw refuse("TAG_NAMES_EMPTY");
  const names = [...new Set(rawNames.map((n, i) => requireTagName(n, `names[${i}]`)))];
  const ret = await ctx.prisma.return.findFirst({ where: { id, storeId: { in: ctx.storeIds() } }, select: { id: true, storeId: true } });
  if (!ret) throw returnNotFound(id);
  let changed = false;
  await onceMoreOnCollision(() =>
    ctx.prisma.$transaction(async (tx) => {
      await tx.return.update({ where: { id }, data: { version: { increment: 1 } } }); // row lock
      const tags = await tx.returnTag.findMany({ where: { storeId: ret.storeId, name: { in: names } }, select: { id: true, name: true } });
      const byName = new Map(tags.map((t) => [t.name, t.id]));
      if (add) {
        const unknown = names.findIndex((n) => !byName.has(n));
        if (unknown >= 0) throw refuse("TAG_UNKNOWN", { field: `names[${rawNames.indexOf(names[unknown])}]`, name: names[unknown] });
        const have = new Set((await tx.returnTagLink.findMany({ where: { returnId: id }, select: { tagId: true } })).map((l) => l.tagId));
        const fresh = tags.filter((t) => !have.has(t.id));
        if (have.size + fresh.length > LIST_BOUNDS.returnTags) throw refuse("TAG_RETURN_FULL", { max: LIST_BOUNDS.returnTags });
        for (const t of fresh) await tx.returnTagLink.create({ data: { returnId: id, tagId: t.id } });
        changed = fresh.length > 0;
      } else {
        const removed = await tx.returnTagLink.deleteMany({ where: { returnId: id, tagId: { in: tags.map((t) => t.id) } } });
        changed = removed.count > 0;
      }
      if (changed) {
        await tx.return.update({ where: { id }, data: { updatedAt: new Date() } });
        await recordEvent(tx, { storeId: ret.storeId, topic: "return", subjectId: id, type: "updated" });
      }
    }),
  );
  if (changed) eventsCommitted(ctx.services, "return");
  return ctx.prisma.return.findUniqueOrThrow({ where: { id } });
}

/** The tags a return carries, `{ name, source }`, by name: one statement per page of returns (a join;
 * Prisma's nested select would read the links and then the tags, two). */
/** A return's tags as its JSON shows them, ordered by name (the same order wherever they are read). */
export type ReturnTagRef = { name: string; source: string };

export function sortTags<T extends { name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Tags by return id; primed by the return's aggregate read (aggregate.ts). */
export function tagsLoader(ctx: RequestContext) {
  return ctx.loaders.get<string, ReturnTagRef[]>("returns.tags", async (ids: readonly string[]) => {
    const rows = await ctx.prisma.$queryRaw<{ returnId: string; name: string; source: string }[]>`
        SELECT l."returnId" AS "returnId", t."name" AS name, t."source" AS source
        FROM "ReturnTagLink" l JOIN "ReturnTag" t ON t."id" = l."tagId" WHERE l."returnId" IN (${Prisma.join([...ids])})`;
    sortTags(rows);
    return groupBy(ids, rows, (r) => r.returnId).map((list) => list.map((r) => ({ name: r.name, source: r.source })));
  });
}

export function tagsOfReturn(ctx: RequestContext, returnId: string) {
  return tagsLoader(ctx).load(returnId);
}

export const returnTagsResolvers = {
  Query: {
    returnTags: (_, a, ctx) => listReturnTags(ctx, a.storeId),
  },
  Mutation: {
    upsertReturnTag: (_, a, ctx) => upsertReturnTag(ctx, a.storeId, a),
    deleteReturnTag: (_, a, ctx) => deleteReturnTag(ctx, a.storeId, a.name),
    tagReturn: (_, a, ctx) => setTags(ctx, a.id, a.names, true),
    untagReturn: (_, a, ctx) => setTags(ctx, a.id, a.names, false),
  },
  ReturnTag: {
    kind: () => "return",
    numericId: () => null,
    returnCount: (t, _, ctx) => returnCountOf(ctx, t.id),
  },
} satisfies Resolvers;
