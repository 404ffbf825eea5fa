// Builds the executable schema from schema.graphql and the resolvers every domain registers at
// assembly (src/domains.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { isEnumType, type GraphQLSchema } from "graphql";
import { applyAccessRules } from "./auth.js";
import { applyListBounds } from "./list-bounds.js";
import { applyNameNormalisation, unboundedInputs } from "./input-bounds.js";
import { DateTimeScalar } from "./scalars.js";
import type { Resolvers } from "./generated/schema.js";

export const SCHEMA_PATH = fileURLToPath(new URL("../../schema.graphql", import.meta.url));

/** A domain's resolver map, typed by the types generated from schema.graphql (`npm run codegen`). */
export type ResolverMap = Resolvers;

/** What the domains give the schema at assembly (src/domains.ts); the core imports no domain. */
export interface SchemaParts {
  /** Every domain's resolver map, merged in order. */
  resolvers: ResolverMap[];
  /** The values of enum Scope as the identity domain knows them (checked against schema.graphql). */
  scopes: readonly string[];
}

function mergeResolvers(maps: ResolverMap[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map as Record<string, Record<string, unknown>>)) {
      out[type] = { ...(out[type] ?? {}), ...fields };
    }
  }
  return out;
}

export function buildSchema(parts: SchemaParts): GraphQLSchema {
  const typeDefs = readFileSync(SCHEMA_PATH, "utf8");
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: { DateTime: DateTimeScalar, ...mergeResolvers(parts.resolvers) },
  });
  const scopeEnum = schema.getType("Scope");
  const declared = isEnumType(scopeEnum) ? scopeEnum.getValues().map((v) => v.name) : [];
  if (declared.join() !== parts.scopes.join()) throw new Error("enum Scope in schema.graphql and src/identity/scopes.ts disagree");
  unboundedInputs(schema); // reads every @maxItems / @maxLength: an unknown bound name fails the start
  return applyListBounds(applyAccessRules(applyNameNormalisation(schema)));
}
