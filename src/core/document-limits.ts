// The limits a GraphQL document meets before it is validated, let alone executed or authorised:
// tokens (graphql's own parser stops at maxTokens), then depth, selections, aliases and directives
// counted after fragment expansion. Each fragment is measured once and a spread adds its memoised
// measure, counts stop at their caps, so the whole check is linear in the document's bytes whatever
// its fragments fan out to. Every later walker (validation, access plan, cost) then meets at most
// `maxSelections` selections however it expands fragments.
import {
  GraphQLError,
  Kind,
  parse,
  type ASTNode,
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from "graphql";

export interface DocumentLimits {
  /** Characters of the document: comments and string literals hold no tokens, so the token limit alone bounds no size. */
  maxLength: number;
  /** Lexical tokens of the document (graphql's `parse(…, { maxTokens })`). */
  maxTokens: number;
  /** Levels of nested selections, through fragments. */
  maxDepth: number;
  /** Selections (fields, `__typename` included, and fragment spreads) after fragment expansion. */
  maxFields: number;
  /** Aliased fields after fragment expansion. */
  maxAliases: number;
  /** Directives anywhere after fragment expansion (on the operation, fields, fragments and spreads). */
  maxDirectives: number;
}

/**
 * Far above the server's own documents (doors and dashboard): test/unit/preauth-linear.test.ts holds
 * every one of them under these.
 */
export const DOCUMENT_LIMITS: DocumentLimits = {
  maxLength: 100_000,
  maxTokens: 5_000,
  maxDepth: 12,
  maxFields: 1000,
  maxAliases: 30,
  maxDirectives: 50,
};

/** Where counts stop: far past every limit, still an exact integer. */
const SATURATED = 1e12;

export interface DocumentMeasure {
  depth: number;
  fields: number;
  aliases: number;
  directives: number;
}

export function tooComplex(message: string, node?: ASTNode): GraphQLError {
  return new GraphQLError(message, {
    nodes: node ? [node] : undefined,
    extensions: { code: "QUERY_TOO_COMPLEX", status: 400, type: "request/query-too-complex", title: "Query too complex" },
  });
}

/**
 * Measures each operation of a document (fragments expanded). A spread of a fragment being measured
 * (a cycle) adds nothing: the standard rules refuse cycles. Counts saturate at SATURATED, so
 * fan-out cannot grow the numbers past exact integers either.
 */
export function measureOperations(document: DocumentNode): [ASTNode, DocumentMeasure][] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const cap = (n: number) => Math.min(n, SATURATED);
  const memo = new Map<string, DocumentMeasure>();
  const measuring = new Set<string>();
  const zero = (): DocumentMeasure => ({ depth: 0, fields: 0, aliases: 0, directives: 0 });
  const add = (into: DocumentMeasure, m: DocumentMeasure, depthOffset: number) => {
    into.depth = Math.max(into.depth, cap(m.depth + depthOffset));
    into.fields = cap(into.fields + m.fields);
    into.aliases = cap(into.aliases + m.aliases);
    into.directives = cap(into.directives + m.directives);
  };
  const directives = (nodes: readonly DirectiveNode[] | undefined) => nodes?.length ?? 0;

  const fragment = (name: string): DocumentMeasure => {
    const known = memo.get(name);
    if (known) return known;
    const def = fragments.get(name);
    if (!def || measuring.has(name)) return zero(); // unknown or cyclic: reported by the standard rules
    measuring.add(name);
    const m = selections(def.selectionSet);
    m.directives = cap(m.directives + directives(def.directives));
    measuring.delete(name);
    memo.set(name, m);
    return m;
  };

  /** The measure of a selection set, depth counted from its own fields (1). */
  const selections = (set: SelectionSetNode): DocumentMeasure => {
    const m = zero();
    for (const sel of set.selections) {
      m.fields = cap(m.fields + 1);
      m.directives = cap(m.directives + directives(sel.directives));
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) m.aliases = cap(m.aliases + 1);
        m.depth = Math.max(m.depth, 1);
        if (sel.selectionSet) add(m, selections(sel.selectionSet), 1);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) add(m, selections(sel.selectionSet), 0);
      else add(m, fragment(sel.name.value), 0);
    }
    return m;
  };

  const out: [ASTNode, DocumentMeasure][] = [];
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const m = selections(def.selectionSet);
    m.directives = cap(m.directives + directives(def.directives));
    out.push([def, m]);
  }
  return out;
}

/** Every limit a measure passes, as refusals (empty when within them all). */
export function limitErrors(node: ASTNode, m: DocumentMeasure, limits: DocumentLimits = DOCUMENT_LIMITS): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const past = (n: number) => (n >= SATURATED ? `more than ${SATURATED}` : String(n));
  if (m.depth > limits.maxDepth)
    errors.push(tooComplex(`The query is nested ${past(m.depth)} levels deep; the limit is ${limits.maxDepth}.`, node));
  if (m.fields > limits.maxFields)
    errors.push(tooComplex(`The query selects more than ${limits.maxFields} fields; split it into smaller queries.`, node));
  if (m.aliases > limits.maxAliases)
    errors.push(tooComplex(`The query uses ${past(m.aliases)} aliases; the limit is ${limits.maxAliases}.`, node));
  if (m.directives > limits.maxDirectives)
    errors.push(tooComplex(`The query uses ${past(m.directives)} directives; the limit is ${limits.maxDirectives}.`, node));
  return errors;
}

/**
 * Parses a request's document under the limits, before validation: the document, or the refusal
 * (the token limit and the measured limits; other syntax errors are left to the server's own parse).
 */
export function parseWithinLimits(
  source: string,
  limits: DocumentLimits = DOCUMENT_LIMITS,
): { document: DocumentNode; errors: [] } | { document: null; errors: GraphQLError[] } {
  if (source.length > limits.maxLength)
    return {
      document: null,
      errors: [
        tooComplex(
          `The query is ${source.length} characters long; the limit is ${limits.maxLength}. Send values as variables, or split the query.`,
        ),
      ],
    };
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: limits.maxTokens, noLocation: true });
  } catch (err) {
    // graphql 16 writes "more that N tokens".
    if (err instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(err.message))
      return {
        document: null,
        errors: [
          tooComplex(
            `The query holds more than ${limits.maxTokens} tokens; the limit is ${limits.maxTokens}. Split it into smaller queries.`,
          ),
        ],
      };
    if (err instanceof RangeError) return { document: null, errors: [tooComplex("The query is nested too deeply to parse.")] };
    return { document: null, errors: [] }; // a syntax error: the server's parse reports it in its own words
  }
  const errors = measureOperations(document).flatMap(([node, m]) => limitErrors(node, m, limits));
  return errors.length ? { document: null, errors } : { document, errors: [] };
}
