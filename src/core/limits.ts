// Query limits for the public GraphQL endpoint: depth, total field count (after fragment expansion)
// and aliases. Facade documents are fixed and validated at start-up; these guard hand-written queries.
import { DomainError } from "./errors.js";
import { GraphQLError, Kind, visit, type DocumentNode, type OperationDefinitionNode, type ValueNode, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from "graphql";

export interface QueryLimits {
  maxDepth: number;
  maxFields: number;
  maxAliases: number;
}

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 12, maxFields: 1000, maxAliases: 30 };

function limitError(message: string, node: ASTNode): GraphQLError {
  return new GraphQLError(message, { nodes: [node], extensions: { code: "QUERY_TOO_COMPLEX", status: 400, type: "request/query-too-complex", title: "Query too complex" } });
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
          if (sel.selectionSet && acc.fields <= limits.maxFields && depth <= limits.maxDepth) measure(sel.selectionSet, depth + 1, seen, acc);
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
        if (acc.depth > limits.maxDepth) context.reportError(limitError(`The query is nested ${acc.depth} levels deep; the limit is ${limits.maxDepth}.`, node));
        if (acc.fields > limits.maxFields) context.reportError(limitError(`The query selects more than ${limits.maxFields} fields; split it into smaller queries.`, node));
        if (acc.aliases > limits.maxAliases) context.reportError(limitError(`The query uses ${acc.aliases} aliases; the limit is ${limits.maxAliases}.`, node));
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
  const problem = (text: string): string | null =>
    text.includes("\u0000") ? "contains the NUL character (U+0000), which is not allowed in any text; remove it" : LONE_SURROGATE.test(text) ? "contains a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff escape), which is not text; send well-formed Unicode" : null;
  const check = (text: string, path: string) => {
    const why = problem(text);
    if (why) throw new DomainError({ code: "BAD_USER_INPUT", status: 400, type: "request/invalid", title: "Invalid request", detail: `\`${path}\` ${why}.`, field: path });
  };
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === "string") {
      check(value, path);
    } else if (Array.isArray(value)) {
      if (depth < 64) value.forEach((v, i) => walk(v, `${path}[${i}]`, depth + 1));
    } else if (value && typeof value === "object") {
      if (depth < 64) for (const [k, v] of Object.entries(value)) {
        check(k, path || "variables");
        walk(v, path ? `${path}.${k}` : k, depth + 1);
      }
    }
  };
  walk(variables ?? {}, "", 0);
  visit(document, {
    StringValue(node) {
      check(node.value, "query");
    },
  });
}

/** Estimated cost above which an operation is refused (QUERY_MAX_COST). */
export const DEFAULT_MAX_COST = Number(process.env.QUERY_MAX_COST || 200_000);

/**
 * Cost limit, with the variables known: every field costs 1, and a field paged with `first`/`last`
 * multiplies the cost of what it selects by that page size, so nested lists cannot multiply into
 * millions of rows even while each stays under its own page-size cap.
 */
export function checkQueryCost(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined, maxCost = DEFAULT_MAX_COST): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let op: OperationDefinitionNode | undefined;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) op ??= def;
  }
  if (!op) return;
  const pageSize = (node: ValueNode | undefined): number => {
    const v = !node ? undefined : node.kind === Kind.INT ? Number(node.value) : node.kind === Kind.VARIABLE ? variables?.[node.name.value] : undefined;
    return typeof v === "number" && Number.isFinite(v) && v > 1 ? Math.min(v, 1_000_000) : 1;
  };
  const cost = (set: SelectionSetNode, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith("__")) continue;
        total += 1;
        if (sel.selectionSet) {
          const paged = sel.arguments?.find((a) => a.name.value === "first" || a.name.value === "last");
          total += pageSize(paged?.value) * cost(sel.selectionSet, seen);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += cost(sel.selectionSet, seen);
      } else {
        const frag = fragments.get(sel.name.value);
        if (frag && !seen.has(sel.name.value)) total += cost(frag.selectionSet, new Set([...seen, sel.name.value]));
      }
      if (total > maxCost) return total;
    }
    return total;
  };
  const total = cost(op.selectionSet, new Set());
  if (total > maxCost) {
    throw new DomainError({
      code: "QUERY_TOO_COMPLEX",
      status: 400,
      type: "request/query-too-complex",
      title: "Query too complex",
      detail: `The query's estimated cost exceeds ${maxCost} (each field costs 1; a list paged with \`first\`/\`last\` multiplies what it selects by its page size); ask for smaller pages or fewer nested lists.`,
    });
  }
}
