// The shopper token of a draft: random, shown once (to a shopper session or a storefront key), stored as a
// SHA-256, compared in constant time, lapsing SESSION_TTL_MS after its last use. And who may reach a draft:
// a shopper session its own only; a storefront key (holding only the draft scopes) a draft of its store
// whose token it sends; a merchant key or staff any draft of their stores. Everything else is "not found".
import type { Principal, RequestContext, Services } from "../core/context.js";
import { refuse } from "./refusals.js";
import { issueToken, parseToken, tokenMatches } from "../identity/secrets.js";

export const SHOPPER_TOKEN_PREFIX = "rtr_sh";
/** A shopper token lapses this long after its last use. */
export const SESSION_TTL_MS = 2 * 60 * 60_000;
/** A draft nobody touches for this long expires. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60_000;
/** Last use is written at most this often (a read within it does not write). */
const REFRESH_RESOLUTION_MS = 60_000;

export const issueShopperToken = () => issueToken(SHOPPER_TOKEN_PREFIX);

/**
 * A storefront (shopper-portal) key: an API key given `draft_returns_storefront`. A key holding only the two draft
 * scopes is a merchant key, as the platform's docs describe its Draft Returns keys (no shopper token, the header
 * ignored); it used to count as a storefront key, which broke clients written from those docs (issue 36).
 */
export const STOREFRONT_SCOPE = "draft_returns_storefront";
export function isStorefrontKey(p: Principal): boolean {
  return p.kind === "apiClient" && p.scopes.has(STOREFRONT_SCOPE);
}

/** The principal of `Authorization: Bearer rtr_sh_…`, or null when the header is not a shopper token. */
export async function authenticateShopper(services: Services, authorization: string | undefined): Promise<Principal | null> {
  const m = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  const parsed = m ? parseToken(m[1]!, SHOPPER_TOKEN_PREFIX) : null;
  if (!m || !parsed) return null;
  const row = await services.db.prisma.draftReturn.findUnique({
    where: { tokenLookupId: parsed.lookupId },
    select: { id: true, storeId: true, tokenHash: true, tokenExpiresAt: true },
  });
  if (!row || !tokenMatches(m[1]!, row.tokenHash)) return { kind: "invalid", reason: "Unknown shopper session." };
  if (row.tokenExpiresAt.getTime() <= Date.now())
    return { kind: "invalid", reason: "The shopper session has expired; look the order up again." };
  return { kind: "shopper", draftId: row.id, storeId: row.storeId };
}

export function draftNotFound(id: string | null | undefined) {
  return refuse("DRAFT_NOT_FOUND", { id: id ?? "" });
}

const isNumber = (id: string) => /^\d{1,9}$/.test(id);

/** The draft the caller names (by id or number), or 404; refreshes the shopper token's lapse on use. */
export async function locateDraft(ctx: RequestContext, id: string | null | undefined, shopperToken: string | null | undefined) {
  const p = ctx.principal;
  let draft;
  if (p.kind === "shopper") {
    draft = await ctx.prisma.draftReturn.findUnique({ where: { id: p.draftId } });
    if (draft && id && id !== draft.id && id !== String(draft.compatId)) draft = null;
  } else {
    if (!id) throw refuse("DRAFT_ID_REQUIRED");
    const stores = ctx.storeIds();
    // A number names a draft only for a caller of one store (numbers are per store).
    draft = isNumber(id)
      ? stores.length === 1
        ? await ctx.prisma.draftReturn.findUnique({ where: { storeId_compatId: { storeId: stores[0]!, compatId: Number(id) } } })
        : null
      : await ctx.prisma.draftReturn.findFirst({ where: { id, storeId: { in: stores } } });
    if (draft && isStorefrontKey(p) && !(shopperToken && tokenMatchesDraft(shopperToken, draft))) draft = null;
  }
  if (!draft) throw draftNotFound(id);
  // A use by the shopper (their session, or the storefront carrying their token) keeps the token alive.
  const byShopper = p.kind === "shopper" || isStorefrontKey(p);
  if (byShopper && draft.tokenExpiresAt.getTime() - SESSION_TTL_MS < Date.now() - REFRESH_RESOLUTION_MS) {
    const now = Date.now();
    await ctx.prisma.draftReturn.update({ where: { id: draft.id }, data: { tokenExpiresAt: new Date(now + SESSION_TTL_MS) } });
  }
  return draft;
}

function tokenMatchesDraft(token: string, draft: { tokenLookupId: string; tokenHash: string; tokenExpiresAt: Date }): boolean {
  const parsed = parseToken(token.trim(), SHOPPER_TOKEN_PREFIX);
  // The hash is compared in constant time whatever the lookup id says.
  const matches = tokenMatches(token.trim(), draft.tokenHash);
  return !!parsed && parsed.lookupId === draft.tokenLookupId && matches && draft.tokenExpiresAt.getTime() > Date.now();
}
