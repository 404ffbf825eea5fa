import { describe, expect, it } from "vitest";
import { compatTimestamp, money2, parseCompatDate } from "../../facades/compat/format.js";

describe("compat formats", () => {
  it("writes timestamps as the platform does", () => {
    expect(compatTimestamp("2026-06-01T16:47:30.123Z")).toBe("2026-06-01 16:47:30");
    expect(compatTimestamp(null)).toBeNull();
  });
  it("writes money with two places", () => {
    expect(money2("63.3")).toBe("63.30");
    expect(money2("0")).toBe("0.00");
    expect(money2(null)).toBe("0.00");
    // Exact from the core's decimal text, never through a float (1.005 is 1.00499… as a double).
    expect(money2("1.005")).toBe("1.01");
    expect(money2("1500")).toBe("1500.00");
    expect(money2("-0.125")).toBe("-0.13");
    expect(money2("90071992547409.99")).toBe("90071992547409.99");
  });
  it("reads every date form clients send", () => {
    for (const v of ["2022-01-01T00:00:00.000Z", "2023-01-01 00:00:00", "2022-01-01 00:00:00+00:00", "2022-01-01"]) {
      expect(parseCompatDate(v)).toBeInstanceOf(Date);
    }
    expect(parseCompatDate("2023-01-01 10:00:00")?.toISOString()).toBe("2023-01-01T10:00:00.000Z");
    // An unencoded "+" in a query string arrives as a space.
    expect(parseCompatDate("2022-01-01 10:00:00 02:00")?.toISOString()).toBe("2022-01-01T08:00:00.000Z");
    expect(parseCompatDate("yesterday")).toBeNull();
    expect(parseCompatDate("2023-02-30")).toBeNull();
    expect(parseCompatDate("2023-13-01 00:00:00")).toBeNull();
  });
});
