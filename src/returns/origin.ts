// Where a return came from, recorded at creation (the door and who carried the request): the shopper
// portal, a storefront on the Draft Returns API, the merchant's API, the dashboard, an import, or Retour
// itself (seeding, the CLI). Rows older than the column are read from who created them.
import type { RequestContext } from "../core/context.js";

export const ORIGINS = ["shopper_portal", "storefront_api", "merchant_api", "dashboard", "imported", "system"] as const;
export type ReturnOrigin = (typeof ORIGINS)[number];

/** The origin of a return the caller creates now (a draft's submit names its own). */
export function requestOrigin(ctx: RequestContext): ReturnOrigin {
  const p = ctx.principal;
  if (p.kind === "apiClient") return "merchant_api";
  if (p.kind === "shopper") return "shopper_portal";
  if (p.kind === "staff") return p.userId === "system" ? "system" : "dashboard";
  return "system";
}

/** The stored origin, or for an older row the one its creator implies. */
export function originOf(r: { origin: string | null; createdByType: string; createdById: string | null; orderId: string | null }) {
  if (r.origin && (ORIGINS as readonly string[]).includes(r.origin)) return r.origin as ReturnOrigin;
  if (!r.orderId) return "imported";
  if (r.createdByType === "api_client") return "merchant_api";
  if (r.createdByType === "shopper") return "shopper_portal";
  if (r.createdByType === "staff" && r.createdById !== "system") return "dashboard";
  return "system";
}
