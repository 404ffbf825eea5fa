// Every refusal the core can raise (each domain's list, src/refusals.ts) has its English sentence (the doors'
// detail) and its sentence in the dashboard's catalogue (facades/dashboard/app/src/refusals), and the dashboard
// words no code the core does not raise. A code added to a domain's list without its dashboard entry fails here.
// For random parameters, both catalogues give a whole sentence, the dashboard's with no API path or code in it.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUSAL_LISTS } from "../../src/refusals.js";
import { DRAFT_REFUSALS, REFUSAL_CODES as DRAFT_CODES } from "../../src/drafts/refusals.js";
import { REFUSAL_WORDS, refusalText } from "../../facades/dashboard/app/src/refusals/index.js";

type Words = (p: Record<string, string | number>) => string;
const CODES = REFUSAL_LISTS.flatMap((list) => list.codes.map((code) => ({ list, code: code as string })));
type Entry = Record<string, unknown> & { en: Words };
const entryOf = (list: (typeof REFUSAL_LISTS)[number], code: string) => (list.entries as unknown as Record<string, Entry>)[code];
const english = (list: (typeof REFUSAL_LISTS)[number], code: string): Words => entryOf(list, code).en;
/** Every parameter the core reads of a code: in its English, title, field, type and extensions. */
const paramsOf = (list: (typeof REFUSAL_LISTS)[number], code: string) => [
  ...new Set(
    Object.values(entryOf(list, code))
      .filter((v): v is Words => typeof v === "function")
      .flatMap((f) => namesRead((p) => String(f(p)))),
  ),
];

/** The parameter names a sentence reads. */
function namesRead(words: Words): string[] {
  const read = new Set<string>();
  // Read with text and with numbers, so that a sentence's every branch names what it reads.
  for (const value of ["x", 2, 0]) words(new Proxy({}, { get: (_, k) => (typeof k === "string" && read.add(k), value) }));
  return [...read];
}

describe("the refusal catalogues", () => {
  it("lists every code once across the domains (and none the draft flow uses)", () => {
    const codes = CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => (DRAFT_CODES as readonly string[]).includes(c))).toEqual([]);
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
  });

  it("has each code's English in the core and its merchant's words in the dashboard, and nothing more", () => {
    const missing = CODES.filter(({ code }) => !Object.hasOwn(REFUSAL_WORDS, code)).map((c) => `${c.list.domain}: ${c.code}`);
    expect(missing, "codes without a sentence in facades/dashboard/app/src/refusals").toEqual([]);
    for (const { list, code } of CODES) expect(typeof english(list, code), code).toBe("function");
    const known = new Set(CODES.map((c) => c.code));
    expect(
      Object.keys(REFUSAL_WORDS).filter((c) => !known.has(c)),
      "dashboard codes the core never raises",
    ).toEqual([]);
  });

  it("words every code from its parameters alone: whole sentences, the dashboard's without API paths or codes", () => {
    for (const { list, code } of CODES) {
      const en = english(list, code);
      const names = paramsOf(list, code);
      const merchant = REFUSAL_WORDS[code];
      // The dashboard reads only parameters the core sends (those its entry reads).
      expect(
        namesRead(merchant).filter((n) => !names.includes(n)),
        code,
      ).toEqual([]);
      const value = fc.oneof(fc.stringMatching(/^[a-z0-9 .@+-]{0,8}$/), fc.integer({ min: -1000, max: 100000 }));
      fc.assert(
        fc.property(fc.record(Object.fromEntries(names.map((n) => [n, value]))), (params) => {
          const detail = en(params);
          const shown = refusalText({ code, params }, "the core's detail");
          for (const s of [detail, shown]) {
            expect(s.trim().length).toBeGreaterThan(8);
            expect(s).not.toMatch(/undefined|\[object /);
          }
          // No API path, but the field it concerns, quoted for a form to replace by its label (forms.ts).
          expect(shown.replace(`\`${params.field}\``, "")).not.toContain("`");
          expect(shown).not.toContain(code);
        }),
        { numRuns: 20 },
      );
    }
    // Some 400 codes, 20 random parameter sets each: seconds on a busy machine.
  }, 30_000);

  it("lists every code in the refusals guide (facades/dashboard/guides/refusals.md)", () => {
    const guide = readFileSync(new URL("../../facades/dashboard/guides/refusals.md", import.meta.url), "utf8");
    const listed = new Set([...guide.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((m) => m[1]));
    expect(
      CODES.map((c) => c.code).filter((c) => !listed.has(c)),
      "codes without a row in the guide",
    ).toEqual([]);
    expect(
      [...listed].filter((c) => !CODES.some((x) => x.code === c)),
      "rows of codes the core no longer raises",
    ).toEqual([]);
  });

  it("words every refusal of the draft flow in the API's English from its parameters alone (the portal's words: words-catalogues)", () => {
    const list = DRAFT_REFUSALS as unknown as (typeof REFUSAL_LISTS)[number];
    for (const code of DRAFT_CODES) {
      const en = english(list, code);
      const value = fc.oneof(fc.stringMatching(/^[a-z0-9 .@+-]{0,8}$/), fc.integer({ min: -1000, max: 100000 }));
      fc.assert(
        fc.property(fc.record(Object.fromEntries(paramsOf(list, code).map((n) => [n, value]))), (params) => {
          expect(en(params).trim().length, code).toBeGreaterThan(8);
          expect(en(params), code).not.toMatch(/undefined|\[object /);
        }),
        { numRuns: 20 },
      );
    }
  });

  it("shows the core's detail for a code the dashboard does not know", () => {
    expect(refusalText({ code: "SOMETHING_NEW", params: {} }, "The core's sentence.")).toBe("The core's sentence.");
    expect(refusalText(null, "The core's sentence.")).toBe("The core's sentence.");
  });
});
