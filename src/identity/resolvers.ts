import { fail } from "../core/errors.js";
import { checkAccess } from "../core/auth.js";
import * as identity from "./service.js";
import type { Resolvers, Scope } from "../core/generated/schema.js";

export const identityResolvers = {
  Query: {
    viewer: (_, __, ctx) => ctx.principal,
    accessCheck: (_, args, ctx) => {
      checkAccess(ctx, args.scope ?? undefined, false);
      if (args.storeId) ctx.requireStore(args.storeId);
      return true;
    },
    store: (_, args, ctx) => (ctx.canAccessStore(args.id) ? ctx.prisma.store.findUnique({ where: { id: args.id } }) : null),
    apiClients: (_, args, ctx) => identity.listApiClients(ctx.services, args.storeId),
  },
  Mutation: {
    login: (_, args, ctx) => identity.login(ctx.services, args.email, args.password, ctx.clientAddress),
    logout: (_, __, ctx) => identity.logout(ctx),
    createApiClient: (_, args, ctx) => identity.createApiClient(ctx.services, args.storeId, args.input),
    setApiClientScopes: (_, args, ctx) => identity.setApiClientScopes(ctx, args.id, args.scopes),
    revokeApiClient: (_, args, ctx) => identity.revokeApiClient(ctx, args.id),
    endApiClientLegacyScopes: (_, args, ctx) => identity.endLegacyAllScopes(ctx, args.id, args.scopes),
  },
  Viewer: {
    __resolveType: (p) => (p.kind === "apiClient" ? "ApiClientViewer" : p.kind === "staff" ? "StaffViewer" : "Anonymous"),
  },
  Anonymous: { authenticated: () => false },
  ApiClientViewer: {
    apiClient: async (p, _, ctx) => {
      const row = await ctx.prisma.apiClient.findUnique({ where: { id: p.clientId } });
      if (!row) throw fail.unauthenticated();
      return row;
    },
    // The principal's scopes were read from enum Scope's values (src/identity/scopes.ts).
    scopes: (p) => [...p.scopes] as Scope[],
  },
  StaffViewer: {
    // A staff session is of a user that exists (the session's foreign key).
    user: async (p, _, ctx) => (await ctx.prisma.staffUser.findUnique({ where: { id: p.userId } }))!,
    stores: (p, _, ctx) => ctx.prisma.store.findMany({ where: { id: { in: [...p.storeIds] } }, orderBy: { createdAt: "asc" } }),
  },
  ApiClient: {
    scopes: (c) => identity.effectiveScopes(c),
    legacyAllScopes: (c) => c.allScopes,
    secretHint: (c) => `rtr_sk_${c.lookupId}_…`,
  },
} satisfies Resolvers;
