import type { RequestContext } from "../core/context.js";
import { listOutbox } from "./service.js";

export const emailResolvers = {
  Query: {
    emailOutbox: (_: unknown, a: { storeId: string }, ctx: RequestContext) => listOutbox(ctx, a.storeId),
  },
};
