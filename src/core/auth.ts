// Enforces the access directives declared in schema.graphql (@scope, @staff) in one place, by
// wrapping the resolvers of the fields that carry them. Store-scoped fields (a `storeId` argument)
// are also checked for store access here, so no resolver can forget it.
import { refuse } from "./core-refusals.js";
import { type GraphQLResolveInfo, type GraphQLSchema, Kind, defaultFieldResolver, type DocumentNode, isObjectType } from "graphql";
import { type AccessStep, accessPlan, fieldRule, fieldTypeScope, waivedByWrite } from "./access-plan.js";
import type { RequestContext } from "./context.js";

export { accessPlan, type AccessStep };

/** The scopes a shopper session holds (src/drafts): its draft, read and written. */
export const SHOPPER_SCOPES: ReadonlySet<string> = new Set(["draft_returns_read", "draft_returns_write"]);

export function applyAccessRules(schema: GraphQLSchema): GraphQLSchema {
  if (!schema.getDirective("scope") || !schema.getDirective("staff")) throw new Error("schema.graphql must declare @scope and @staff");
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.astNode) continue;
      const { scope, staffOnly } = fieldRule(field);
      const leadsTo = fieldTypeScope(field);
      if (!scope && !staffOnly && !leadsTo) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const hasStoreArg = field.args.some((a) => a.name === "storeId");
      field.resolve = (source, args, ctx: RequestContext, info) => {
        checkAccess(ctx, scope ?? undefined, staffOnly);
        if (leadsTo && !waivedByWrite(leadsTo, rootMutationScope(info))) checkAccess(ctx, leadsTo.requires, false);
        if (hasStoreArg && typeof args.storeId === "string") ctx.requireStore(args.storeId);
        return resolve(source, args, ctx, info);
      };
      (field.extensions as Record<string, unknown>) = { ...field.extensions, scope, staffOnly, typeScope: leadsTo };
    }
  }
  return schema;
}

/** The own scope of the mutation field this resolver runs under (null in a query). */
function rootMutationScope(info: GraphQLResolveInfo): string | null {
  if (info.operation.operation !== "mutation") return null;
  let path = info.path;
  while (path.prev) path = path.prev;
  const sel = info.operation.selectionSet.selections.find((s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === path.key);
  const field = sel?.kind === Kind.FIELD ? info.schema.getMutationType()?.getFields()[sel.name.value] : undefined;
  return field ? fieldRule(field).scope : null;
}

export function checkAccess(ctx: RequestContext, scope: string | undefined, staffOnly: boolean): void {
  ctx.requireAuthenticated();
  if (ctx.rateLimit && !ctx.rateLimit.allowed) {
    const r = ctx.rateLimit;
    const who = ctx.principal.kind === "shopper" ? "shopper" : "apiClient";
    throw refuse("RATE_LIMITED", { who, limit: r.limit, seconds: r.resetSeconds });
  }
  const p = ctx.principal;
  if (staffOnly && p.kind !== "staff") {
    throw refuse("STAFF_ONLY");
  }
  // A shopper session holds the draft scopes only: every other operation is closed to it.
  if (p.kind === "shopper" && (staffOnly || (scope && !SHOPPER_SCOPES.has(scope)))) throw refuse("SHOPPER_ONLY_DRAFT");
  if (scope && p.kind === "apiClient" && !p.scopes.has(scope)) {
    throw refuse("MISSING_SCOPE", { scope });
  }
}

/**
 * Checks access to every field of an operation that declares one BEFORE its variables are coerced,
 * so a caller without valid credentials, scope or store access learns nothing about input
 * validation: they get 401/403/429 first. Nested fields count too (e.g. `Return.fullOrder`'s
 * Orders-API fields need `orders_read`), so every path to a field asks for the same scope.
 * (The per-field wrapper above still runs: defence in depth.)
 */
export function checkOperationAccess(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  ctx: RequestContext,
): void {
  runAccessPlan(accessPlan(schema, document, operationName), variables, ctx);
}

/** Runs an access plan for one request: its variables only name the stores asked for. */
export function runAccessPlan(
  steps: readonly AccessStep[],
  variables: Record<string, unknown> | null | undefined,
  ctx: RequestContext,
): void {
  for (const step of steps) {
    if (!("storeId" in step)) {
      checkAccess(ctx, step.scope, step.staffOnly);
      continue;
    }
    const node = step.storeId;
    const value = node.kind === Kind.VARIABLE ? variables?.[node.name.value] : node.kind === Kind.STRING ? node.value : undefined;
    if (typeof value === "string") ctx.requireStore(value);
  }
}
