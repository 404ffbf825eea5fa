import type { RequestContext } from "../core/context.js";
import type { PortalSettingsInput } from "./settings.js";
import * as portal from "./service.js";

type Ctx = RequestContext;

export const portalResolvers = {
  Query: {
    portalSettings: (_: unknown, a: { storeId: string }, ctx: Ctx) => portal.getSettings(ctx, a.storeId),
    publicPortal: (_: unknown, a: { handle: string }, ctx: Ctx) => portal.publicPortal(ctx, a.handle),
    storePortal: (_: unknown, a: { storeId: string }, ctx: Ctx) => portal.storePortal(ctx, a.storeId),
  },
  Mutation: {
    updatePortalSettings: (_: unknown, a: { storeId: string; input: PortalSettingsInput }, ctx: Ctx) =>
      portal.updateSettings(ctx, a.storeId, a.input),
  },
};
