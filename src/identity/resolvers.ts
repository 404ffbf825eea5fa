import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { checkAccess } from "../core/auth.js";
import * as identity from "./service.js";

type ApiClientRow = { id: string; lookupId: string; scopes: string; allScopes: boolean };

export const identityResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: RequestContext) => ctx.principal,
    accessCheck: (_: unknown, args: { scope?: string | null; storeId?: string | null }, ctx: RequestContext) => {
      checkAccess(ctx, args.scope ?? undefined, false);
      if (args.storeId) ctx.requireStore(args.storeId);
      return true;
    },
    store: (_: unknown, args: { id: string }, ctx: RequestContext) =>
      ctx.canAccessStore(args.id) ? ctx.prisma.store.findUnique({ where: { id: args.id } }) : null,
    apiClients: (_: unknown, args: { storeId: string }, ctx: RequestContext) => identity.listApiClients(ctx.services, args.storeId),
  },
  Mutation: {
    login: (_: unknown, args: { email: string; password: string }, ctx: RequestContext) =>
      identity.login(ctx.services, args.email, args.password, ctx.clientAddress),
    logout: (_: unknown, __: unknown, ctx: RequestContext) => identity.logout(ctx),
    createApiClient: (_: unknown, args: { storeId: string; input: identity.ApiClientInput }, ctx: RequestContext) =>
      identity.createApiClient(ctx.services, args.storeId, args.input),
    setApiClientScopes: (_: unknown, args: { id: string; scopes: string[] }, ctx: RequestContext) =>
      identity.setApiClientScopes(ctx, args.id, args.scopes),
    revokeApiClient: (_: unknown, args: { id: string }, ctx: RequestContext) => identity.revokeApiClient(ctx, args.id),
    endApiClientLegacyScopes: (_: unknown, args: { id: string; scopes: string[] }, ctx: RequestContext) =>
      identity.endLegacyAllScopes(ctx, args.id, args.scopes),
  },
  Viewer: {
    __resolveType: (p: { kind: string }) => (p.kind === "apiClient" ? "ApiClientViewer" : p.kind === "staff" ? "StaffViewer" : "Anonymous"),
  },
  Anonymous: { authenticated: () => false },
  ApiClientViewer: {
    apiClient: async (p: { clientId: string }, _: unknown, ctx: RequestContext) => {
      const row = await ctx.prisma.apiClient.findUnique({ where: { id: p.clientId } });
      if (!row) throw fail.unauthenticated();
      return row;
    },
    scopes: (p: { scopes: ReadonlySet<string> }) => [...p.scopes],
  },
  StaffViewer: {
    user: (p: { userId: string }, _: unknown, ctx: RequestContext) => ctx.prisma.staffUser.findUnique({ where: { id: p.userId } }),
    stores: (p: { storeIds: ReadonlySet<string> }, _: unknown, ctx: RequestContext) =>
      ctx.prisma.store.findMany({ where: { id: { in: [...p.storeIds] } }, orderBy: { createdAt: "asc" } }),
  },
  ApiClient: {
    scopes: (c: ApiClientRow) => identity.effectiveScopes(c),
    legacyAllScopes: (c: ApiClientRow) => c.allScopes,
    secretHint: (c: ApiClientRow) => `rtr_sk_${c.lookupId}_…`,
  },
};
