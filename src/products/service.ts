// Product catalogue: families and their variants (products, `prd_…`), created or updated in bulk.
//
// Bulk upload: the request is validated whole first (a bad shape writes nothing), then matched with a
// handful of batched reads (families by id and external id, products by id, external id and SKU), then
// written in chunks of families, each chunk in one transaction. A chunk that fails in the database is
// rolled back and replayed family by family, so every family is atomic and one bad family never rolls
// back another. Only one upload runs per store at a time, across replicas: a lease row in the database.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
import { newId } from "../core/ids.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { type PageArgs, pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { type FamilyInput, storedImages, type VariantInput } from "./inputs.js";
import { productType, validateUpload } from "./validation.js";
import { acquireLock, LOCK_LEASE_MS, releaseLock } from "./upload-lock.js";

export { MAX_FAMILIES, MAX_VARIANTS } from "./validation.js";
export type { FamilyInput, ImageInput, StoredImage, VariantInput } from "./inputs.js";

export type FamilyResult =
  | { status: "created" | "updated"; familyId: string; products: { id: string; sku: string }[] }
  | { status: "error"; error: string };

export interface BulkUploadResult {
  /** Families in the request, created or updated, refused. */
  total: number;
  processed: number;
  failed: number;
  outcomes: FamilyResult[];
}

/** How long a bulk-upload lock lives without renewal; the running upload renews it every third of that. */
const CHUNK = 50;

// ─── Bulk upload ──────────────────────────────────────────────────────────────

type FamilyRow = { id: string; externalId: string | null };
type ProductRow = { id: string; familyId: string; externalId: string | null; sku: string; position: number } & Record<string, unknown>;

interface Plan {
  index: number;
  familyId: string;
  create: boolean;
  familyData: ReturnType<typeof familyData>;
  familyChanged: boolean;
  creates: Record<string, unknown>[];
  updates: { id: string; data: Record<string, unknown> }[];
  products: { id: string; sku: string }[];
}

const json = (v: unknown) => JSON.stringify(v ?? []);

function familyData(f: FamilyInput) {
  return {
    externalId: f.externalId ?? null,
    title: f.title.trim(),
    description: f.description ?? "",
    vendor: f.vendor ?? "",
    productType: productType(f.productType),
    tags: json(f.tags),
    kind: f.kind ?? "SELLABLE",
    options: json(f.options),
    images: json(storedImages(f.images)),
  };
}

function variantData(v: VariantInput, position: number) {
  return {
    externalId: v.externalId ?? null,
    sku: v.sku,
    title: v.title ?? "",
    upc: v.upc ?? null,
    barcodes: json(v.barcodes),
    priceAmount: v.price,
    currency: v.currency.toUpperCase(),
    weight: v.weight ?? null,
    weightUnit: v.weightUnit ?? null,
    width: v.width ?? null,
    length: v.length ?? null,
    height: v.height ?? null,
    dimensionUnit: v.dimensionUnit ?? null,
    hsCode: v.hsCode ?? null,
    originCountry: v.originCountry ?? null,
    optionValues: json(v.optionValues),
    images: json(storedImages(v.images)),
    position,
  };
}

function changed(row: Record<string, unknown>, data: Record<string, unknown>): boolean {
  return Object.entries(data).some(([k, v]) => row[k] !== v);
}

export async function bulkUpload(ctx: RequestContext, storeId: string, families: FamilyInput[]): Promise<BulkUploadResult> {
  validateUpload(families);
  const token = await acquireLock(ctx, storeId);
  const renew = setInterval(
    () => {
      ctx.prisma.bulkUploadLock
        .updateMany({ where: { storeId, token }, data: { expiresAt: new Date(Date.now() + LOCK_LEASE_MS) } })
        .catch((err) => ctx.log.warn({ err }, "could not renew the bulk-upload lock"));
    },
    Math.max(1000, Math.floor(LOCK_LEASE_MS / 3)),
  );
  try {
    return await runUpload(ctx, storeId, families);
  } finally {
    clearInterval(renew);
    await releaseLock(ctx, storeId, token).catch((err) => ctx.log.warn({ err }, "could not release the bulk-upload lock"));
  }
}

async function runUpload(ctx: RequestContext, storeId: string, families: FamilyInput[]): Promise<BulkUploadResult> {
  const results: (FamilyResult | null)[] = families.map(() => null);

  // SKUs repeated within the request: every family that holds one fails.
  const skuFamilies = new Map<string, number[]>();
  families.forEach((f, i) => f.variants.forEach((v) => skuFamilies.set(v.sku, [...(skuFamilies.get(v.sku) ?? []), i])));
  for (const [sku, owners] of skuFamilies) {
    if (owners.length > 1)
      for (const i of owners) results[i] ??= { status: "error", error: `Duplicate SKU found in request: ${JSON.stringify(sku)}.` };
  }

  // Batched reads for matching: at most five queries, whatever the request size.
  const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const familyIds = uniq(families.map((f) => f.familyId));
  const familyExternal = uniq(families.map((f) => f.externalId));
  const variantIds = uniq(families.flatMap((f) => f.variants.map((v) => v.id)));
  const variantExternal = uniq(families.flatMap((f) => f.variants.map((v) => v.externalId)));
  const skus = [...skuFamilies.keys()];
  const inChunks = async <T>(keys: string[], q: (part: string[]) => Promise<T[]>) => {
    const out: T[] = [];
    for (let i = 0; i < keys.length; i += 900) out.push(...(await q(keys.slice(i, i + 900))));
    return out;
  };
  const [byFamilyId, byFamilyExternal, productsById, productsBySku, productsByExternal] = await Promise.all([
    inChunks(familyIds, (part) =>
      ctx.prisma.productFamily.findMany({ where: { storeId, id: { in: part } }, select: { id: true, externalId: true } }),
    ),
    inChunks(familyExternal, (part) =>
      ctx.prisma.productFamily.findMany({ where: { storeId, externalId: { in: part } }, select: { id: true, externalId: true } }),
    ),
    inChunks(variantIds, (part) => ctx.prisma.product.findMany({ where: { storeId, id: { in: part } } })),
    inChunks(skus, (part) => ctx.prisma.product.findMany({ where: { storeId, sku: { in: part } } })),
    inChunks(variantExternal, (part) => ctx.prisma.product.findMany({ where: { storeId, externalId: { in: part } } })),
  ]);
  const famById = new Map<string, FamilyRow>(byFamilyId.map((f) => [f.id, f]));
  const famByExternal = new Map<string, FamilyRow>(byFamilyExternal.map((f) => [f.externalId!, f]));
  const prodById = new Map<string, ProductRow>(productsById.map((p) => [p.id, p as ProductRow]));
  const prodBySku = new Map<string, ProductRow>(productsBySku.map((p) => [p.sku, p as ProductRow]));

  // Existing variants of the matched families, for variant matching by external id / SKU: one query.
  const plans: Plan[] = [];
  const matched: { index: number; familyId: string | null }[] = [];
  families.forEach((f, index) => {
    if (results[index]) return;
    if (f.familyId) {
      const fam = famById.get(f.familyId);
      if (!fam) return void (results[index] = { status: "error", error: `No product family ${f.familyId} in this store.` });
      return void matched.push({ index, familyId: fam.id });
    }
    if (f.externalId && famByExternal.has(f.externalId)) return void matched.push({ index, familyId: famByExternal.get(f.externalId)!.id });
    const owners = new Set(f.variants.map((v) => prodBySku.get(v.sku)?.familyId).filter((x): x is string => !!x));
    if (owners.size > 1)
      return void (results[index] = {
        status: "error",
        error: `The variants' SKUs belong to ${owners.size} different product families (${[...owners].join(", ")}); upload them with one family's \`familyId\`.`,
      });
    matched.push({ index, familyId: owners.size ? [...owners][0] : null });
  });
  // One family may be matched by two entries of the same request: the second fails.
  const claimed = new Map<string, number>();
  for (const m of matched) {
    if (!m.familyId) continue;
    if (claimed.has(m.familyId)) {
      results[m.index] = {
        status: "error",
        error: `Product family ${m.familyId} is already updated by \`families[${claimed.get(m.familyId)}]\` of this request.`,
      };
      m.familyId = "";
    } else claimed.set(m.familyId, m.index);
  }
  const existingFamilyIds = [...claimed.keys()];
  const [familyProducts, familyRows] = await Promise.all([
    inChunks(existingFamilyIds, (part) => ctx.prisma.product.findMany({ where: { familyId: { in: part } } })),
    inChunks(existingFamilyIds, (part) => ctx.prisma.productFamily.findMany({ where: { id: { in: part } } })),
  ]);
  const familyRowById = new Map(familyRows.map((f) => [f.id, f as unknown as Record<string, unknown>]));
  const productsOfFamily = new Map<string, ProductRow[]>();
  for (const p of familyProducts) productsOfFamily.set(p.familyId, [...(productsOfFamily.get(p.familyId) ?? []), p as ProductRow]);
  const extOwners = new Map<string, ProductRow[]>();
  for (const p of productsByExternal) extOwners.set(p.externalId!, [...(extOwners.get(p.externalId!) ?? []), p as ProductRow]);

  for (const m of matched) {
    if (m.familyId === "") continue;
    const f = families[m.index];
    const create = m.familyId === null;
    const familyId = m.familyId ?? newId("pfm");
    const own = productsOfFamily.get(familyId) ?? [];
    const data = familyData(f);
    const current = familyRowById.get(familyId);
    const plan: Plan = {
      index: m.index,
      familyId,
      create,
      familyData: data,
      familyChanged: !current || changed(current, data),
      creates: [],
      updates: [],
      products: [],
    };
    let error: string | null = null;
    const used = new Set<string>();
    f.variants.forEach((v, position) => {
      if (error) return;
      let row: ProductRow | undefined;
      if (v.id) {
        row = prodById.get(v.id);
        if (!row || row.familyId !== familyId)
          return void (error = `Variant id ${v.id} is not a variant of ${create ? "this new family" : `product family ${familyId}`}.`);
      } else if (v.externalId) {
        row = own.find((p) => p.externalId === v.externalId);
        if (!row && (extOwners.get(v.externalId) ?? []).some((p) => p.familyId !== familyId)) {
          return void (error = `Variant \`externalId\` ${JSON.stringify(v.externalId)} belongs to another product family.`);
        }
      }
      if (!row) row = own.find((p) => p.sku === v.sku && !v.id && !v.externalId);
      const skuOwner = prodBySku.get(v.sku);
      if (skuOwner && skuOwner.familyId !== familyId)
        return void (error = `SKU ${JSON.stringify(v.sku)} belongs to product family ${skuOwner.familyId}.`);
      if (skuOwner && row && skuOwner.id !== row.id)
        return void (error = `SKU ${JSON.stringify(v.sku)} belongs to another variant (${skuOwner.id}) of this family.`);
      if (row && used.has(row.id)) return void (error = `Variant ${row.id} appears twice in this family.`);
      const data = variantData(v, position);
      if (row) {
        used.add(row.id);
        if (changed(row, data)) plan.updates.push({ id: row.id, data });
        plan.products.push({ id: row.id, sku: v.sku });
      } else {
        const id = newId("prd");
        plan.creates.push({ id, storeId, familyId, ...data });
        plan.products.push({ id, sku: v.sku });
      }
    });
    if (error) results[m.index] = { status: "error", error };
    else plans.push(plan);
  }

  // Writes: chunks of families per transaction; a failed chunk is replayed family by family.
  const provider = ctx.services.db.provider;
  const writePlans = async (tx: TransactionClient, batch: Plan[]) => {
    const now = new Date();
    const creates = batch.filter((p) => p.create);
    if (creates.length) {
      await insertRows(
        tx,
        provider,
        "ProductFamily",
        creates.map((p) => ({ id: p.familyId, storeId, ...p.familyData, createdAt: now, updatedAt: now })),
      );
    }
    for (const p of batch.filter((p) => !p.create && p.familyChanged))
      await tx.productFamily.update({ where: { id: p.familyId }, data: p.familyData });
    // Only variants whose fields changed are written (a re-upload of the same catalogue writes no variant).
    await updateRows(
      tx,
      provider,
      "Product",
      batch.flatMap((p) => p.updates).map((u) => ({ id: u.id, ...u.data, updatedAt: now })),
    );
    const rows = batch.flatMap((p) => p.creates);
    if (rows.length)
      await insertRows(
        tx,
        provider,
        "Product",
        rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })),
      );
  };
  for (let i = 0; i < plans.length; i += CHUNK) {
    // Let queued work of other requests in between chunks (SQLite runs one transaction at a time).
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const batch = plans.slice(i, i + CHUNK);
    try {
      await ctx.prisma.$transaction((tx) => writePlans(tx, batch), { timeout: 60_000 });
      for (const p of batch) results[p.index] = { status: p.create ? "created" : "updated", familyId: p.familyId, products: p.products };
    } catch (err) {
      if (batch.length === 1) {
        results[batch[0].index] = { status: "error", error: writeError(err) };
        if (!isUniqueViolation(err)) ctx.log.error({ err }, "bulk upload: family write failed");
        continue;
      }
      for (const p of batch) {
        try {
          await ctx.prisma.$transaction((tx) => writePlans(tx, [p]));
          results[p.index] = { status: p.create ? "created" : "updated", familyId: p.familyId, products: p.products };
        } catch (e) {
          if (!isUniqueViolation(e)) ctx.log.error({ err: e }, "bulk upload: family write failed");
          results[p.index] = { status: "error", error: writeError(e) };
        }
      }
    }
  }
  const out = results.map((r) => r ?? { status: "error" as const, error: "Not processed." });
  const errors = out.filter((r) => r.status === "error").length;
  return { total: families.length, processed: families.length - errors, failed: errors, outcomes: out };
}

const PG_TYPES: Record<string, string> = {
  priceAmount: "integer",
  position: "integer",
  weight: "double precision",
  width: "double precision",
  length: "double precision",
  height: "double precision",
};

/**
 * Runs one statement per few hundred rows, with the rows as a VALUES list of placeholders. Dates are
 * written as Prisma writes them on each provider; on PostgreSQL each value is cast to its column type
 * (`typed`), which an UPDATE … FROM (VALUES …) needs.
 */
async function valuesStatements(
  tx: TransactionClient,
  provider: string,
  rows: Record<string, unknown>[],
  typed: boolean,
  sql: (columns: string[], values: string) => string,
) {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const per = Math.max(1, Math.floor(900 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const params: unknown[] = [];
    const tuples = rows.slice(i, i + per).map((row) => {
      const marks = columns.map((c) => {
        const v = row[c];
        if (provider === "sqlite") {
          params.push(v instanceof Date ? v.toISOString().replace("Z", "+00:00") : (v ?? null));
          return "?";
        }
        params.push(v instanceof Date ? v.toISOString() : (v ?? null));
        const type = v instanceof Date ? "timestamp(3)" : typed ? (PG_TYPES[c] ?? "text") : null;
        return type ? `$${params.length}::${type}` : `$${params.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await tx.$executeRawUnsafe(sql(columns, tuples.join(", ")), ...params);
  }
}

/** Multi-row INSERTs: Prisma's createMany costs about a millisecond per row here (5000 variants took seconds). */
function insertRows(tx: TransactionClient, provider: string, table: string, rows: Record<string, unknown>[]) {
  return valuesStatements(
    tx,
    provider,
    rows,
    false,
    (columns, values) => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`,
  );
}

/** UPDATE … FROM (VALUES …) matched on `id` (the first column of every row). */
function updateRows(tx: TransactionClient, provider: string, table: string, rows: Record<string, unknown>[]) {
  return valuesStatements(tx, provider, rows, true, (columns, values) => {
    const sets = columns
      .slice(1)
      .map((c, k) => `"${c}" = v.column${k + 2}`)
      .join(", ");
    return `UPDATE "${table}" SET ${sets} FROM (VALUES ${values}) AS v WHERE "${table}"."id" = v.column1`;
  });
}

function writeError(err: unknown): string {
  if (isUniqueViolation(err)) return "A SKU or `externalId` of this family was taken by another product meanwhile; retry the family.";
  return "The family could not be saved; retry it.";
}

// ─── Reads ────────────────────────────────────────────────────────────────────

export function listFamilies(ctx: RequestContext, storeId: string, args: PageArgs) {
  return pageOf(ctx.services.cursors, {
    list: `productFamilies:${storeId}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "createdAt",
    where: { storeId },
    findMany: (q) => ctx.prisma.productFamily.findMany(q),
  });
}

export function getFamily(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.productFamily.findFirst({ where: { id, storeId } });
}

export function getProduct(ctx: RequestContext, storeId: string, where: { id?: string | null; sku?: string | null }) {
  if (!where.id && !where.sku) throw refuse("PRODUCT_ID_OR_SKU");
  return ctx.prisma.product.findFirst({
    where: { storeId, ...(where.id ? { id: where.id } : {}), ...(where.sku ? { sku: where.sku } : {}) },
  });
}

export function productsOf(ctx: RequestContext, familyId: string) {
  return ctx.loaders
    .hasMany(
      "products.ofFamily",
      (ids) => ctx.prisma.product.findMany({ where: { familyId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
      (r) => r.familyId,
    )
    .load(familyId);
}

export function familyById(ctx: RequestContext, id: string) {
  return ctx.loaders.byId("products.family", (ids) => ctx.prisma.productFamily.findMany({ where: { id: { in: ids } } })).load(id);
}
