// Query limits for the public GraphQL endpoint: depth, total field count (after fragment expansion)
// and aliases. Facade documents are fixed and validated at start-up; these guard hand-written queries.
import { DomainError } from "./errors.js";
import {
  GraphQLError,
  Kind,
  getNamedType,
  isInterfaceType,
  isObjectType,
  visit,
  type DocumentNode,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
  type ASTNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { listBoundOf } from "./list-bounds.js";

export interface QueryLimits {
  maxDepth: number;
  maxFields: number;
  maxAliases: number;
}

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 12, maxFields: 1000, maxAliases: 30 };

function limitError(message: string, node: ASTNode): GraphQLError {
  return new GraphQLError(message, {
    nodes: [node],
    extensions: { code: "QUERY_TOO_COMPLEX", status: 400, type: "request/query-too-complex", title: "Query too complex" },
  });
}

export function queryLimitsRule(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

    const measure = (set: SelectionSetNode, depth: number, seen: Set<string>, acc: { fields: number; aliases: number; depth: number }) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith("__")) continue;
          acc.fields++;
          if (sel.alias) acc.aliases++;
          acc.depth = Math.max(acc.depth, depth);
          if (sel.selectionSet && acc.fields <= limits.maxFields && depth <= limits.maxDepth)
            measure(sel.selectionSet, depth + 1, seen, acc);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          measure(sel.selectionSet, depth, seen, acc);
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (!frag || seen.has(name)) continue; // unknown or cyclic fragments are reported by the standard rules
          measure(frag.selectionSet, depth, new Set([...seen, name]), acc);
        }
      }
    };

    return {
      OperationDefinition(node) {
        const acc = { fields: 0, aliases: 0, depth: 0 };
        measure(node.selectionSet, 1, new Set(), acc);
        if (acc.depth > limits.maxDepth)
          context.reportError(limitError(`The query is nested ${acc.depth} levels deep; the limit is ${limits.maxDepth}.`, node));
        if (acc.fields > limits.maxFields)
          context.reportError(limitError(`The query selects more than ${limits.maxFields} fields; split it into smaller queries.`, node));
        if (acc.aliases > limits.maxAliases)
          context.reportError(limitError(`The query uses ${acc.aliases} aliases; the limit is ${limits.maxAliases}.`, node));
      },
    };
  };
}

/**
 * Text no database can store: PostgreSQL refuses the NUL character (U+0000) in text, and SQLite
 * would silently truncate at it in places; a lone UTF-16 surrogate (from a JSON `"\ud800"` escape)
 * is no Unicode text at all, and Prisma fails on it. Any string argument or variable (or object key)
 * holding one is a 400, checked once per operation before any resolver runs (every door and field).
 */
/** In `u` mode a paired surrogate is one astral code point, so only unpaired ones are category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

export function checkInputText(document: DocumentNode, variables: Record<string, unknown> | null | undefined): void {
  checkVariablesText(variables);
  checkDocumentText(document);
}

function textProblem(text: string): string | null {
  return text.includes("\u0000")
    ? "contains the NUL character (U+0000), which is not allowed in any text; remove it"
    : LONE_SURROGATE.test(text)
      ? "contains a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff escape), which is not text; send well-formed Unicode"
      : null;
}

function checkText(text: string, path: string): void {
  const why = textProblem(text);
  if (why)
    throw new DomainError({
      code: "BAD_USER_INPUT",
      status: 400,
      type: "request/invalid",
      title: "Invalid request",
      detail: `\`${path}\` ${why}.`,
      field: path,
    });
}

/** The per-request half: every string (and object key) of the variables. */
export function checkVariablesText(variables: Record<string, unknown> | null | undefined): void {
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === "string") {
      checkText(value, path);
    } else if (Array.isArray(value)) {
      if (depth < 64) value.forEach((v, i) => walk(v, `${path}[${i}]`, depth + 1));
    } else if (value && typeof value === "object") {
      if (depth < 64)
        for (const [k, v] of Object.entries(value)) {
          checkText(k, path || "variables");
          walk(v, path ? `${path}.${k}` : k, depth + 1);
        }
    }
  };
  walk(variables ?? {}, "", 0);
}

/** The document's half: its string literals (the same for every request with that document). */
export function checkDocumentText(document: DocumentNode): void {
  visit(document, {
    StringValue(node) {
      checkText(node.value, "query");
    },
  });
}

/**
 * Estimated cost above which a query sent to /graphql is refused (QUERY_MAX_COST). The dashboard's
 * documents cost at most about 0.6 million; a client's page of 500 returns with their items and order
 * (the benchmark's GraphQL page, 14.6 million) fits; one alias of the nested attack four levels
 * deep (about 10^8) does not.
 */
export const DEFAULT_MAX_COST = Number(process.env.QUERY_MAX_COST || 25_000_000);

/**
 * The bound for the doors' own documents: fixed, prepared once, each checked under it by
 * test/unit/query-cost.test.ts, and reached only in-process or with the door proven by its signed
 * header. The largest is the warehouse door's unpaged list, 10 000 returns each counted with 500 items
 * and the order's 500 lines, about 200 million.
 */
export const DOOR_DOCUMENT_MAX_COST = 250_000_000;

/**
 * Cost limit, with the variables known: every field costs 1; a list of objects multiplies the cost
 * of what it selects by its bound (src/core/list-bounds.ts), and the lists of a page by the page's
 * size (`first`, `pageSize` or the default page size). A list of scalars costs 1. So nested lists
 * cannot multiply into millions of rows, whether paged or not.
 */
export function computeQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  stopAbove = Infinity,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let op: OperationDefinitionNode | undefined;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) op ??= def;
  }
  if (!op) return 0;
  const root =
    op.operation === "query"
      ? schema.getQueryType()
      : op.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  const literalValue = (node: ValueNode | undefined): unknown =>
    !node
      ? undefined
      : node.kind === Kind.VARIABLE
        ? variables?.[node.name.value]
        : node.kind === Kind.INT
          ? Number(node.value)
          : node.kind === Kind.BOOLEAN
            ? node.value
            : undefined;
  const pageOf = (sel: FieldNode, sizes: { default: number; max: number; unpaged?: number }): number => {
    const arg = (name: string) => literalValue(sel.arguments?.find((a) => a.name.value === name)?.value);
    if (sizes.unpaged && arg("unpaged") === true) return sizes.unpaged;
    const asked = arg("first") ?? arg("last") ?? arg("pageSize");
    // Past the maximum the resolver refuses the page; count it at the maximum.
    return typeof asked === "number" && Number.isFinite(asked) && asked >= 1 ? Math.min(asked, sizes.max) : sizes.default;
  };
  const cost = (set: SelectionSetNode, parent: GraphQLNamedType, page: number, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith("__")) continue;
        total += 1;
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!sel.selectionSet || !field) continue;
        const child = getNamedType(field.type);
        const bound = listBoundOf(parent.name, sel.name.value);
        if (bound && typeof bound === "object") total += cost(sel.selectionSet, child, pageOf(sel, bound.paged), seen);
        else total += (bound === "page" ? page : typeof bound === "number" ? bound : 1) * cost(sel.selectionSet, child, page, seen);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += cost(sel.selectionSet, (sel.typeCondition && schema.getType(sel.typeCondition.name.value)) || parent, page, seen);
      } else {
        const frag = fragments.get(sel.name.value);
        if (frag && !seen.has(sel.name.value))
          total += cost(
            frag.selectionSet,
            schema.getType(frag.typeCondition.name.value) ?? parent,
            page,
            new Set([...seen, sel.name.value]),
          );
      }
      if (total > stopAbove) return total;
    }
    return total;
  };
  return cost(op.selectionSet, root, 1, new Set());
}

/** Whether a variable can change the cost: only the page arguments the cost reads from them do. */
export function costReadsVariables(document: DocumentNode): boolean {
  let reads = false;
  visit(document, {
    Argument(node) {
      if (node.value.kind === Kind.VARIABLE && PAGE_ARGUMENTS.has(node.name.value)) reads = true;
    },
  });
  return reads;
}

const PAGE_ARGUMENTS = new Set(["first", "last", "pageSize", "unpaged"]);

/** Refuses an operation whose cost exceeds the limit, before anything executes, stating both. */
export function checkQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  maxCost = DEFAULT_MAX_COST,
): void {
  const total = computeQueryCost(schema, document, operationName, variables, maxCost);
  if (total > maxCost) {
    // The walk stops once past the limit, so the cost stated is "at least".
    throw new DomainError({
      code: "QUERY_TOO_COMPLEX",
      status: 400,
      type: "request/query-too-complex",
      title: "Query too complex",
      detail: `The query's estimated cost is at least ${total}; the limit is ${maxCost}. Each field costs 1; a list multiplies what it selects by its bound (a paged list by its page size). Ask for smaller pages or fewer nested lists.`,
    });
  }
}
