// Builds the executable schema from schema.graphql and the resolvers of every domain module.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { isEnumType, type GraphQLSchema } from "graphql";
import { applyAccessRules } from "./auth.js";
import { applyListBounds } from "./list-bounds.js";
import { unboundedInputs } from "./input-bounds.js";
import { DateTimeScalar } from "./scalars.js";
import { identityResolvers } from "../identity/resolvers.js";
import { checkoutResolvers } from "../checkout/resolvers.js";
import { ordersResolvers } from "../orders/resolvers.js";
import { returnsResolvers } from "../returns/resolvers.js";
import { warehouseResolvers } from "../returns/warehouse-resolvers.js";
import { fulfillmentsResolvers } from "../fulfillments/resolvers.js";
import { inboundResolvers } from "../inbound/resolvers.js";
import { productsResolvers } from "../products/resolvers.js";
import { invoicesResolvers } from "../invoices/resolvers.js";
import { webhookResolvers } from "../webhooks/resolvers.js";
import { customersResolvers } from "../customers/resolvers.js";
import { inventoryResolvers } from "../inventory/resolvers.js";
import { ALL_SCOPES } from "../identity/scopes.js";

export const SCHEMA_PATH = fileURLToPath(new URL("../../schema.graphql", import.meta.url));

/** Every domain's resolver map. A new domain adds one line here. */
const domainResolvers: Record<string, Record<string, unknown>>[] = [
  identityResolvers,
  checkoutResolvers,
  ordersResolvers,
  returnsResolvers,
  warehouseResolvers,
  fulfillmentsResolvers,
  inboundResolvers,
  productsResolvers,
  invoicesResolvers,
  webhookResolvers,
  customersResolvers,
  inventoryResolvers,
];

function mergeResolvers(maps: Record<string, Record<string, unknown>>[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      out[type] = { ...(out[type] ?? {}), ...fields };
    }
  }
  return out;
}

export function buildSchema(): GraphQLSchema {
  const typeDefs = readFileSync(SCHEMA_PATH, "utf8");
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: { DateTime: DateTimeScalar, ...mergeResolvers(domainResolvers) },
  });
  const scopeEnum = schema.getType("Scope");
  const declared = isEnumType(scopeEnum) ? scopeEnum.getValues().map((v) => v.name) : [];
  if (declared.join() !== ALL_SCOPES.join()) throw new Error("enum Scope in schema.graphql and src/identity/scopes.ts disagree");
  unboundedInputs(schema); // reads every @maxItems / @maxLength: an unknown bound name fails the start
  return applyListBounds(applyAccessRules(schema));
}

let cached: GraphQLSchema | null = null;
/** One executable schema per process, for in-process rendering (e.g. event payloads). */
export function buildSchemaCached(): GraphQLSchema {
  cached ??= buildSchema();
  return cached;
}
