// A store's shopper portal settings: the merchant reads and replaces them (portal_read / portal_write);
// anyone may read, by handle, what the portal shows a shopper (no return address lines beyond what a
// shopper who ships the parcel needs, nothing about the store's account).
import { PORTAL_REFUSALS } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { checkSettings, type PortalSettingsInput } from "./settings.js";

type Row = {
  storeId: string;
  handle: string;
  displayName: string;
  logoUrl: string | null;
  accentColor: string;
  languages: string;
  lookupMethod: string;
  returnAddress: string | null;
  returnMethods: string;
  carrier: string;
  updatedAt: Date;
};

/** The GraphQL shape of a row (lists split, address parsed). */
export function settingsView(r: Row) {
  return {
    ...r,
    languages: r.languages.split(","),
    returnMethods: r.returnMethods.split(","),
    returnAddress: r.returnAddress ? (JSON.parse(r.returnAddress) as Record<string, string | null>) : null,
  };
}

export async function getSettings(ctx: RequestContext, storeId: string) {
  const row = await ctx.prisma.portalSettings.findUnique({ where: { storeId } });
  return row ? settingsView(row) : null;
}

export async function updateSettings(ctx: RequestContext, storeId: string, input: PortalSettingsInput) {
  const data = checkSettings(input);
  try {
    const row = await ctx.prisma.portalSettings.upsert({ where: { storeId }, create: { storeId, ...data }, update: data });
    return settingsView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.badInputs([PORTAL_REFUSALS.problem("PORTAL_HANDLE_TAKEN", { handle: data.handle })]);
    throw err;
  }
}

/** What a shopper's browser may read about a portal, by its handle; null when no portal has it. */
export async function publicPortal(ctx: RequestContext, handle: string) {
  return publicView(await ctx.prisma.portalSettings.findUnique({ where: { handle: handle.toLowerCase() } }));
}

/** The same for the caller's store (its access and scope are checked on `storeId` before this runs). */
export async function storePortal(ctx: RequestContext, storeId: string) {
  return publicView(await ctx.prisma.portalSettings.findUnique({ where: { storeId } }));
}

function publicView(row: Row | null) {
  if (!row) return null;
  const v = settingsView(row);
  return {
    handle: v.handle,
    displayName: v.displayName,
    logoUrl: v.logoUrl,
    accentColor: v.accentColor,
    languages: v.languages,
    lookupMethod: v.lookupMethod,
    returnMethods: v.returnMethods,
    returnAddress: v.returnAddress,
  };
}
