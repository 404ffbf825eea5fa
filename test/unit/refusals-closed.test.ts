// The class of sentences written at throw sites stays closed: a refusal in src/ names a code and its parameters
// (src/core/refusals.ts), and its English comes from its domain's list. The files below have not been converted
// yet and may keep exactly as many sentences as listed (the list only shrinks: convert a file, take it off).
import { describe, expect, it } from "vitest";
import { sentenceSites, sentenceSitesOfSrc } from "../support/refusal-sites.js";

/** Files still writing sentences at their throw sites, and how many (to be converted, domain by domain). */
const NOT_YET_CONVERTED: Record<string, number> = {};

describe("refusals in src/ name a code, never a sentence", () => {
  it("finds a sentence written at a throw site, and not a code", () => {
    expect(sentenceSites('throw fail.badInput("`x` must be set.", "x");')).toBe(1);
    expect(sentenceSites('throw fail.notFound("a/not-found", `No ${a}.`);')).toBe(1);
    expect(sentenceSites('throw fail.conflict("t", "Title", "It " + what);')).toBe(1);
    expect(sentenceSites('throw new DomainError({ code: "X", status: 400, type: "t", title: "T", detail: `${a} is bad` });')).toBe(1);
    expect(sentenceSites('throw fail.badInputs([{ field: "a", detail: "A is bad." }, p]);')).toBe(1);
    expect(sentenceSites('throw refuse("EMAIL_INVALID", { field, value: email });')).toBe(0);
    expect(sentenceSites("throw fail.badInput(detail, field);")).toBe(0);
  });

  it("has no sentence at a throw site outside the files not yet converted, and no more in those", () => {
    expect(sentenceSitesOfSrc(process.cwd())).toEqual(NOT_YET_CONVERTED);
  });
});
