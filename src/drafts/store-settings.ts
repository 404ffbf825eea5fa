// What a draft reads from the store's portal settings: how shoppers name their order, and which ways of
// sending items back the store offers (the draft's method names turned into the shipping side's).
import type { RequestContext } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
import type { ReturnMethod } from "../shipping/service.js";
import type { LookupMethod } from "./lookup.js";
import { refuse } from "./refusals.js";

export type DraftMethod = "label" | "drop_off" | "ship_yourself";

export const SHIPPING_METHOD: Record<DraftMethod, ReturnMethod> = {
  label: "prepaid_label",
  drop_off: "drop_off_qr",
  ship_yourself: "ship_yourself",
};

export const DRAFT_METHOD: Record<string, DraftMethod> = Object.fromEntries(
  Object.entries(SHIPPING_METHOD).map(([d, s]) => [s, d as DraftMethod]),
);

const LOOKUPS: readonly string[] = ["email", "postal_code", "either"];

/** The store's lookup method; a store without portal settings takes either. */
export async function storeLookupMethod(ctx: RequestContext, storeId: string): Promise<LookupMethod> {
  const row = await ctx.prisma.portalSettings.findUnique({ where: { storeId }, select: { lookupMethod: true } });
  return row && LOOKUPS.includes(row.lookupMethod) ? (row.lookupMethod as LookupMethod) : "either";
}

/** The draft methods the store offers, in its order (none without portal settings: nowhere to send items). */
export async function offeredMethods(tx: TransactionClient, storeId: string): Promise<DraftMethod[]> {
  const row = await tx.portalSettings.findUnique({ where: { storeId }, select: { returnMethods: true } });
  return (row?.returnMethods ?? "")
    .split(",")
    .map((m) => DRAFT_METHOD[m])
    .filter((m): m is DraftMethod => !!m);
}

/** Refuses a method the store does not offer, naming the field and what it offers. */
export async function requireOffered(tx: TransactionClient, storeId: string, method: string, field: string) {
  const offered = await offeredMethods(tx, storeId);
  if (offered.includes(method as DraftMethod)) return SHIPPING_METHOD[method as DraftMethod];
  throw refuse("METHOD_NOT_OFFERED", { field, method, offered: offered.join(", ") });
}
