// The class of sentences written in place stays closed: a refusal in src/ names a code and its parameters
// (src/core/refusals.ts), and its English comes from its domain's list, whether it is thrown at once or built
// into a list of problems first. The files below have not been converted yet and may keep exactly as many
// sentences as listed (the list only shrinks: convert a file, take it off). Every file is converted now.
import { describe, expect, it } from "vitest";
import { detailHelpers, helpersOf, sentenceSites, sentenceSitesOfSrc } from "../support/refusal-sites.js";

/** Files still writing refusals' sentences in place, and how many (to be converted), with why. */
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

  it("finds a sentence built before the throw: any object's detail, and a helper's detail argument", () => {
    expect(sentenceSites('problems.push({ field: "a", detail: `\\`a\\` is bad.` }); throw fail.badInputs(problems);')).toBe(1);
    expect(sentenceSites('const p = { field: "a", detail: "A " + "is bad." };')).toBe(1);
    expect(sentenceSites('problems.push(problem("TEXT_EMPTY", { field: "a" }));')).toBe(0);
    const own = 'const bad = (field: string, detail: string) => problems.push({ field, detail });\nbad("a", "is bad.");';
    expect(sentenceSites(own)).toBe(1);
    expect(sentenceSites('function add(field: string, detail: string | null) {}\nadd("a", why); add("b", null);')).toBe(0);
    // A helper imported from the file that declares it; the same name from elsewhere is not one.
    const declared = new Map([["/src/a/errors.ts", detailHelpers("export const draftError = (code: string, detail: string) => code;")]]);
    const user = 'import { draftError as de } from "./errors.js";\nthrow de("closed", `It is ${state}.`);';
    expect(sentenceSites(user, "/src/a/user.ts", helpersOf(user, "/src/a/user.ts", declared))).toBe(1);
    const other = 'import { draftError as de } from "./other.js";\nthrow de("closed", `It is ${state}.`);';
    expect(sentenceSites(other, "/src/a/user.ts", helpersOf(other, "/src/a/user.ts", declared))).toBe(0);
  });

  it("has no sentence written in place outside the files not yet converted, and no more in those", () => {
    expect(sentenceSitesOfSrc(process.cwd())).toEqual(NOT_YET_CONVERTED);
    // Reads and parses every file of src/: seconds on a busy machine.
  }, 30_000);
});
