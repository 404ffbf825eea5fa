import { describe, expect, it } from "vitest";
import { formatMinor, parseMajor } from "../../src/core/money.js";

describe("money", () => {
  it("formats minor units per currency exponent", () => {
    expect(formatMinor(1250, "USD")).toBe("12.50");
    expect(formatMinor(5, "usd")).toBe("0.05");
    expect(formatMinor(-5, "USD")).toBe("-0.05");
    expect(formatMinor(1250, "JPY")).toBe("1250");
    expect(formatMinor(1250, "KWD")).toBe("1.250");
  });
  it("parses decimal text and refuses extra precision", () => {
    expect(parseMajor("12.5", "USD", "f")).toBe(1250);
    expect(parseMajor(79.99, "USD", "f")).toBe(7999);
    expect(parseMajor("100", "JPY", "f")).toBe(100);
    expect(() => parseMajor("1.001", "USD", "f")).toThrow(/decimals/);
    expect(() => parseMajor("abc", "USD", "f")).toThrow(/decimal amount/);
  });
});
