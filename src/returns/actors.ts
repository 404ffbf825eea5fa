// Display names of the actors in a return's timeline and comments (staff users and API clients),
// batched per request. Added for the dashboard, which shows who did what.
import type { RequestContext } from "../core/context.js";
import { indexBy } from "../core/loaders.js";

export function actorName(ctx: RequestContext, type: string, id: string | null): Promise<string | null> {
  if (!id) return Promise.resolve(null);
  if (type === "shopper") return Promise.resolve("Shopper");
  if (type === "staff") {
    if (id === "system") return Promise.resolve("System");
    return ctx.loaders
      .get("returns.staffNames", async (ids: readonly string[]) => {
        const rows = await ctx.prisma.staffUser.findMany({
          where: { id: { in: [...ids] } },
          select: { id: true, name: true, email: true },
        });
        return indexBy(ids, rows, (r) => r.id).map((u) => (u ? u.name || u.email : null));
      })
      .load(id);
  }
  if (type === "api_client") {
    return ctx.loaders
      .get("returns.apiClientNames", async (ids: readonly string[]) => {
        // Only clients of the caller's stores: another store's client name is not this caller's business.
        const rows = await ctx.prisma.apiClient.findMany({
          where: { id: { in: [...ids] }, storeId: { in: ctx.storeIds() } },
          select: { id: true, name: true },
        });
        return indexBy(ids, rows, (r) => r.id).map((c) => c?.name ?? null);
      })
      .load(id);
  }
  return Promise.resolve(null);
}
