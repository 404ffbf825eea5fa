import { describe, expect, it } from "vitest";
import { csvField, guardFormula } from "../../src/invoices/csv.js";

describe("CSV cells", () => {
  it("quotes only what RFC 4180 requires, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("")).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r")).toBe('"cr\r"');
  });

  it("prefixes cells a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(guardFormula(v)).toBe(`'${v}`);
    for (const v of ["a=1", "1-2", "", " =x", "'quoted"]) expect(guardFormula(v)).toBe(v);
  });
});
