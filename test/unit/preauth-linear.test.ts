// Issue 22, finding 1 (class): everything /graphql does with a document before authentication — the
// preflight's parse and limits, the validation rules, the cost model — takes time linear in the
// document's bytes, whatever fragments, aliases, directives or nesting it holds. Generators grow
// documents by fragment fan-out, alias width, directives and nesting; fan-out used to double the
// work per level (40 levels: minutes of CPU).
import fc from "fast-check";
import { parse, specifiedRules, validate, type DocumentNode } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { DOCUMENT_LIMITS, parseWithinLimits } from "../../src/core/document-limits.js";
import { computeQueryCost, queryLimitsRule } from "../../src/core/limits.js";
import { restOperations } from "../../facades/rest/index.js";
import { compatOperations } from "../../facades/compat/index.js";
import { ALL_OPERATIONS } from "../../facades/dashboard/app/src/operations.js";

const schema = buildSchema(DOMAINS);

/** `query{...F0}` with `fragment Fi on Query{...F(i+1) ...F(i+1)}` down to `viewer{__typename}` (the issue's 1.6 KB document at 40). */
function fanOut(levels: number): string {
  const frags = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `query { ...F0 } ${frags.join(" ")} fragment F${levels} on Query { viewer { __typename } }`;
}
const aliases = (n: number) => `query { ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(" ")} }`;
/** Inline fragments nested n deep, each beside a field (the parser and every walker recurse on them). */
const nesting = (n: number) => `query { ${"viewer { __typename } ... on Query { ".repeat(n)}__typename${" }".repeat(n)} }`;
const directives = (n: number) => `query { viewer { __typename ${"@include(if: true) ".repeat(n)} } }`;
const fragmentsWide = (n: number) =>
  `query { ...G0 } ${Array.from({ length: n }, (_, i) => `fragment G${i} on Query { viewer { __typename } ${i + 1 < n ? `...G${i + 1} ...G${i + 1}` : ""} }`).join(" ")}`;

/**
 * The pre-authentication work on one document: preflight, then (when it passes) validation and the
 * cost. The fastest of three runs, so a pause of this loaded box is not taken for the document's work.
 */
function preauthWork(source: string): { ms: number; refused: boolean } {
  let ms = Infinity;
  let refused = false;
  for (let run = 0; run < 3 && ms > budgetMs(source.length) / 4; run++) {
    const started = performance.now();
    const { document } = parseWithinLimits(source);
    if (document) {
      validate(schema, document, [...specifiedRules, queryLimitsRule()]);
      computeQueryCost(schema, document, undefined, {});
    }
    ms = Math.min(ms, performance.now() - started);
    refused = !document;
  }
  return { ms, refused };
}

/** Generous on a loaded box, yet any doubling per level (2^40) or quadratic walk of a 100 KB document is far past it. */
const budgetMs = (bytes: number) => 100 + bytes * 0.02;

describe("pre-authentication work on a GraphQL document", () => {
  it("refuses the issue's 40-level fragment fan-out at once", () => {
    const source = fanOut(40);
    const { ms, refused } = preauthWork(source);
    console.log(`40-level fan-out (${source.length} bytes): refused in ${ms.toFixed(2)} ms`);
    expect(refused).toBe(true);
    expect(ms).toBeLessThan(budgetMs(source.length));
  });

  it("is linear in bytes for documents grown by fan-out, alias width, nesting, directives and fragment chains", () => {
    const shapes: [string, (n: number) => string, number][] = [
      ["fan-out", fanOut, 200],
      ["aliases", aliases, 20_000],
      ["nesting", nesting, 2_000],
      ["directives", directives, 5_000],
      ["fragment chain", fragmentsWide, 500],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...shapes), fc.double({ min: 0, max: 1, noNaN: true }), ([name, make, max], t) => {
        const n = Math.max(1, Math.round(t * max));
        const source = make(n);
        const { ms } = preauthWork(source);
        if (ms > budgetMs(source.length)) throw new Error(`${name} × ${n} (${source.length} bytes) took ${ms.toFixed(1)} ms`);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a document past its length, tokens, depth, aliases, selections or directives, naming the limit", () => {
    const refusal = (source: string) =>
      parseWithinLimits(source)
        .errors.map((e) => e.message)
        .join(" ");
    expect(refusal(`{ __typename } #${"x".repeat(DOCUMENT_LIMITS.maxLength)}`)).toMatch(/characters long; the limit is 100000/);
    expect(refusal(`{ ${"__typename ".repeat(DOCUMENT_LIMITS.maxTokens)} }`)).toMatch(/more than 5000 tokens/);
    expect(refusal(aliases(31))).toMatch(/31 aliases; the limit is 30/);
    expect(refusal(directives(51))).toMatch(/51 directives; the limit is 50/);
    expect(refusal(fanOut(12))).toMatch(/selects more than 1000 fields/);
    expect(refusal(`{ ${"viewer { ... on Query { ".repeat(13)}__typename${" } }".repeat(13)} }`)).toMatch(/levels deep; the limit is 12/);
  });

  it("admits every document the server's doors and dashboard send", () => {
    const sources = [...restOperations(), ...compatOperations()].map((op) => op.source).concat(Object.values(ALL_OPERATIONS));
    for (const source of sources)
      expect(
        parseWithinLimits(source).errors.map((e) => e.message),
        source.slice(0, 60),
      ).toEqual([]);
  });

  it("costs a fragment once per spread site, not once per expansion", () => {
    let doc: DocumentNode = parse(fanOut(40));
    const started = performance.now();
    const cost = computeQueryCost(schema, doc, undefined, {});
    expect(performance.now() - started).toBeLessThan(1000);
    expect(cost).toBe(2 ** 40); // viewer counted once per path: memoised, not re-walked
    doc = parse(fragmentsWide(300));
    expect(computeQueryCost(schema, doc, undefined, {}, 1e6)).toBeGreaterThan(1e6);
  });
});
