import { listOutbox } from "./service.js";
import type { Resolvers } from "../core/generated/schema.js";

export const emailResolvers = {
  Query: {
    emailOutbox: (_, a, ctx) => listOutbox(ctx, a.storeId),
  },
} satisfies Resolvers;
