// Query limits for the public GraphQL endpoint: the document's limits (src/core/document-limits.ts,
// checked before validation and again as a validation rule), the text no database can store, and
// the cost model (list bounds). Facade documents are fixed and checked at start-up and in tests.
import { refuse } from "./input-refusals.js";
import {
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
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { listBoundOf } from "./list-bounds.js";
import { DOCUMENT_LIMITS, limitErrors, measureOperations, type DocumentLimits } from "./document-limits.js";

export type QueryLimits = Pick<DocumentLimits, "maxDepth" | "maxFields" | "maxAliases"> & Partial<DocumentLimits>;

export const DEFAULT_LIMITS: DocumentLimits = DOCUMENT_LIMITS;

/** The document's limits as a validation rule (for documents that reach validation without the HTTP preflight). */
export function queryLimitsRule(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule {
  const all = { ...DOCUMENT_LIMITS, ...limits };
  return (context: ValidationContext) => {
    for (const [node, m] of measureOperations(context.getDocument())) for (const e of limitErrors(node, m, all)) context.reportError(e);
    return {};
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

function checkText(text: string, path: string): void {
  const reason = text.includes("\u0000") ? "NUL" : LONE_SURROGATE.test(text) ? "LONE_SURROGATE" : null;
  if (reason) throw refuse("TEXT_NOT_STORABLE", { field: path, reason });
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
 * header. No door document reads an unpaged list any more (the warehouse door walks pages); the
 * largest, a page of 500 REST returns with their items and orders, costs about 15 million.
 */
export const DOOR_DOCUMENT_MAX_COST = 250_000_000;

/**
 * Rows of pages above which a query sent to /graphql is refused (QUERY_MAX_PAGE_ROWS): what a request can
 * return across all its aliases, counted as the entries of every page it asks for (a page inside a list once
 * per entry of the list). The field cost above counts what is selected; it cannot see that a row of some pages
 * (the warehouse list's) costs the resolver the same whatever is selected, so 30 aliases of a 750-row page
 * (22 500 rows, cheap in fields) stalled other tenants (issue 36, M3). The largest page any field allows, and
 * any dashboard or door document at its largest page, is at most 1 000 rows (test/unit/query-cost.test.ts).
 */
export const DEFAULT_MAX_PAGE_ROWS = Number(process.env.QUERY_MAX_PAGE_ROWS || 1_500);
/** The doors' prepared documents' bound (each asks for one page; the warehouse door walks pages one request each). */
export const DOOR_DOCUMENT_MAX_PAGE_ROWS = 10_000;

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
  measure: "fields" | "pageRows" = "fields",
): number {
  const pageRows = measure === "pageRows";
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
  const pageOf = (sel: FieldNode, sizes: { default: number; max: number }): number => {
    const arg = (name: string) => literalValue(sel.arguments?.find((a) => a.name.value === name)?.value);
    const asked = arg("first") ?? arg("last") ?? arg("pageSize");
    // Past the maximum the resolver refuses the page; count it at the maximum.
    return typeof asked === "number" && Number.isFinite(asked) && asked >= 1 ? Math.min(asked, sizes.max) : sizes.default;
  };
  // Each fragment is costed once per page size it is spread under, not once per spread: linear in the document.
  const fragmentCosts = new Map<string, number>();
  const costing = new Set<string>();
  const fragmentCost = (frag: FragmentDefinitionNode, parent: GraphQLNamedType, page: number): number => {
    const name = frag.name.value;
    if (costing.has(name)) return 0; // a cycle: refused by the standard rules
    const key = `${name}:${page}`;
    let c = fragmentCosts.get(key);
    if (c === undefined) {
      costing.add(name);
      c = cost(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, page);
      costing.delete(name);
      fragmentCosts.set(key, c);
    }
    return c;
  };
  const cost = (set: SelectionSetNode, parent: GraphQLNamedType, page: number): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith("__")) continue;
        if (!pageRows) total += 1;
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!sel.selectionSet || !field) continue;
        const child = getNamedType(field.type);
        const bound = listBoundOf(parent.name, sel.name.value);
        if (bound && typeof bound === "object") total += cost(sel.selectionSet, child, pageOf(sel, bound.paged));
        else if (pageRows && bound === "page") total += page * (1 + cost(sel.selectionSet, child, page));
        else total += (bound === "page" ? page : typeof bound === "number" ? bound : 1) * cost(sel.selectionSet, child, page);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += cost(sel.selectionSet, (sel.typeCondition && schema.getType(sel.typeCondition.name.value)) || parent, page);
      } else {
        const frag = fragments.get(sel.name.value);
        if (frag) total += fragmentCost(frag, parent, page);
      }
      if (total > stopAbove) return total;
    }
    return total;
  };
  return cost(op.selectionSet, root, 1);
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

const PAGE_ARGUMENTS = new Set(["first", "last", "pageSize"]);

/** Refuses an operation asking for more rows of pages than the limit, before anything executes, stating both. */
export function checkPageRows(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  maxRows = DEFAULT_MAX_PAGE_ROWS,
): void {
  const rows = computeQueryCost(schema, document, operationName, variables, maxRows, "pageRows");
  if (rows > maxRows) throw refuse("QUERY_ROWS_PAST_LIMIT", { rows, max: maxRows });
}

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
    throw refuse("QUERY_COST_PAST_LIMIT", { cost: total, max: maxCost });
  }
}
