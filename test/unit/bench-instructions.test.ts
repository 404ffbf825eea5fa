// The arithmetic and parsing of `npm run bench -- --instructions` (test/bench/instructions.ts); the
// callgrind runs themselves are too slow for a test (minutes per start).
import { describe, expect, it } from "vitest";
import { perRequest, programTotals, valgrindMissing } from "../../test/bench/instructions.js";

describe("bench --instructions", () => {
  it("reads the PROGRAM TOTALS line of callgrind_annotate", () => {
    const out = [
      "--------------------------------------------------------------------------------",
      "Profile data file 'callgrind.out.1' (creator: callgrind-3.19.0)",
      "Events recorded:  Ir",
      "--------------------------------------------------------------------------------",
      "31,417,503,214 (100.0%)  PROGRAM TOTALS",
      "",
      "4,101,000,000 ( 13.1%)  ???:Builtins_LoadIC [/usr/bin/node]",
    ].join("\n");
    expect(programTotals(out)).toBe(31_417_503_214);
    expect(() => programTotals("no totals here")).toThrow(/PROGRAM TOTALS/);
  });

  it("takes the difference of two runs per extra request", () => {
    expect(perRequest(300, 30e9, 900, 37.5e9)).toBe(12.5e6);
    expect(() => perRequest(900, 1, 300, 2)).toThrow(/larger/);
  });

  it("says what is missing when valgrind is not on the PATH", () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(valgrindMissing()).toMatch(/valgrind not found.*apt-get install valgrind/);
    } finally {
      process.env.PATH = path;
    }
  });
});
