// Enforces the access directives declared in schema.graphql (@scope, @staff) in one place, by
// wrapping the resolvers of the fields that carry them. Store-scoped fields (a `storeId` argument)
// are also checked for store access here, so no resolver can forget it.
import {
  type GraphQLSchema,
  Kind,
  defaultFieldResolver,
  getDirectiveValues,
  getNamedType,
  isObjectType,
  type DocumentNode,
  type GraphQLNamedType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";
import type { RequestContext } from "./context.js";
import { fail } from "./errors.js";

export function applyAccessRules(schema: GraphQLSchema): GraphQLSchema {
  const scopeDirective = schema.getDirective("scope");
  const staffDirective = schema.getDirective("staff");
  if (!scopeDirective || !staffDirective) throw new Error("schema.graphql must declare @scope and @staff");
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const node = field.astNode;
      if (!node) continue;
      const scope = getDirectiveValues(scopeDirective, node)?.requires as string | undefined;
      const staffOnly = !!getDirectiveValues(staffDirective, node);
      if (!scope && !staffOnly) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const hasStoreArg = field.args.some((a) => a.name === "storeId");
      field.resolve = (source, args, ctx: RequestContext, info) => {
        checkAccess(ctx, scope, staffOnly);
        if (hasStoreArg && typeof args.storeId === "string") ctx.requireStore(args.storeId);
        return resolve(source, args, ctx, info);
      };
      (field.extensions as Record<string, unknown>) = { ...field.extensions, scope: scope ?? null, staffOnly };
    }
  }
  return schema;
}

export function checkAccess(ctx: RequestContext, scope: string | undefined, staffOnly: boolean): void {
  ctx.requireAuthenticated();
  if (ctx.rateLimit && !ctx.rateLimit.allowed) {
    const r = ctx.rateLimit;
    throw fail.rateLimited(`This API client made more than ${r.limit} requests this minute; retry in ${r.resetSeconds} s.`, r.resetSeconds);
  }
  const p = ctx.principal;
  if (staffOnly && p.kind !== "staff") {
    throw fail.forbidden("This operation is only available to staff users in the merchant dashboard.", "auth/staff-only");
  }
  if (scope && p.kind === "apiClient" && !p.scopes.has(scope)) {
    throw fail.forbidden(
      `The API secret lacks the \`${scope}\` scope this operation requires; add it to the API client in Settings → Developer.`,
      "auth/missing-scope",
    );
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

/** One step of an operation's access check: a field's scope / staff rule, or a `storeId` argument. */
export type AccessStep = { scope: string | undefined; staffOnly: boolean } | { storeId: ValueNode };

/** The access checks of an operation, in the order they run; depends on the document only, so it is worked out once per document. */
export function accessPlan(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): AccessStep[] {
  const steps: AccessStep[] = [];
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!op) return steps;
  const root = op.operation === "query" ? schema.getQueryType() : op.operation === "mutation" ? schema.getMutationType() : null;
  if (!root) return steps;
  const fields = root.getFields();
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    const field = fields[sel.name.value];
    const ext = field?.extensions as AccessExtensions | undefined;
    if (!ext || (!ext.scope && !ext.staffOnly)) continue;
    steps.push({ scope: ext.scope ?? undefined, staffOnly: !!ext.staffOnly });
    const storeArg = sel.arguments?.find((a) => a.name.value === "storeId");
    if (storeArg) steps.push({ storeId: storeArg.value });
  }
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const nested = (set: SelectionSetNode, parent: GraphQLNamedType, seen: Set<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const field = isObjectType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!field) continue;
        const ext = field.extensions as AccessExtensions;
        if (parent !== root && (ext.scope || ext.staffOnly)) steps.push({ scope: ext.scope ?? undefined, staffOnly: !!ext.staffOnly });
        if (sel.selectionSet) nested(sel.selectionSet, getNamedType(field.type), seen);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        nested(sel.selectionSet, (sel.typeCondition && schema.getType(sel.typeCondition.name.value)) || parent, seen);
      } else {
        const frag = fragments.get(sel.name.value);
        if (frag && !seen.has(frag.name.value))
          nested(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, new Set([...seen, frag.name.value]));
      }
    }
  };
  nested(op.selectionSet, root, new Set());
  return steps;
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

type AccessExtensions = { scope?: string | null; staffOnly?: boolean };
