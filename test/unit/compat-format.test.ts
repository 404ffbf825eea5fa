import { describe, expect, it } from "vitest";
import { compatTimestamp, decodeCompatCursor, encodeCompatCursor, money2, parseCompatDate, parseListQuery, CompatValidationError } from "../../facades/compat/format.js";
import { compatStateOf, statusesFor } from "../../facades/compat/states.js";

const q = (params: Record<string, string>) => (name: string) => params[name];
const NOW = new Date("2026-06-10T12:00:00Z");

describe("compat formats", () => {
  it("writes timestamps as the platform does", () => {
    expect(compatTimestamp("2026-06-01T16:47:30.123Z")).toBe("2026-06-01 16:47:30");
    expect(compatTimestamp(null)).toBeNull();
  });
  it("writes money with two places", () => {
    expect(money2("63.3")).toBe("63.30");
    expect(money2("0")).toBe("0.00");
    expect(money2(null)).toBe("0.00");
  });
  it("reads every date form clients send", () => {
    for (const v of ["2022-01-01T00:00:00.000Z", "2023-01-01 00:00:00", "2022-01-01 00:00:00+00:00", "2022-01-01"]) {
      expect(parseCompatDate(v)).toBeInstanceOf(Date);
    }
    expect(parseCompatDate("2023-01-01 10:00:00")?.toISOString()).toBe("2023-01-01T10:00:00.000Z");
    expect(parseCompatDate("yesterday")).toBeNull();
  });
  it("maps statuses to the platform's five states", () => {
    expect(compatStateOf("flagged")).toBe("open");
    expect(compatStateOf("rejected")).toBe("closed");
    expect(compatStateOf("deleted")).toBe("cancelled");
    expect(compatStateOf("in_review")).toBe("review");
    expect(statusesFor(["review"]).sort()).toEqual(["in_review", "needs_review"]);
    expect(statusesFor(["expired"])).toEqual([]);
  });
});

describe("list parameters", () => {
  it("defaults to the last 24 hours, created_at, open/closed/expired, 100 per page, bare array", () => {
    const l = parseListQuery(q({}), NOW);
    expect(l.from.toISOString()).toBe("2026-06-09T12:00:00.000Z");
    expect(l.to).toEqual(NOW);
    expect(l).toMatchObject({ filter: "created_at", states: ["open", "closed", "expired"], paginate: false, pageSize: 100, cursor: null });
  });
  it("from alone covers the 24 hours after it; to alone is ignored", () => {
    const l = parseListQuery(q({ from: "2026-01-01 00:00:00" }), NOW);
    expect(l.to.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(parseListQuery(q({ to: "2020-01-01" }), NOW).to).toEqual(NOW);
  });
  it("refuses windows over 120 days, reversed windows, bad dates, filters, states and page sizes", () => {
    const bad = (params: Record<string, string>, field: string) => {
      try {
        parseListQuery(q(params), NOW);
        throw new Error("expected a validation error");
      } catch (err) {
        expect(err).toBeInstanceOf(CompatValidationError);
        expect((err as CompatValidationError).body().errors).toHaveProperty(field);
      }
    };
    bad({ from: "2026-01-01", to: "2026-06-01" }, "to");
    bad({ from: "2026-02-01", to: "2026-01-01" }, "from");
    bad({ from: "soon" }, "from");
    bad({ filter: "deleted_at" }, "filter");
    bad({ state: "flagged" }, "state");
    bad({ pageSize: "751" }, "pageSize");
    bad({ pageSize: "0" }, "pageSize");
    expect(parseListQuery(q({ from: "2026-01-01", to: "2026-04-30" }), NOW).to.toISOString()).toBe("2026-04-30T00:00:00.000Z");
  });
  it("pages when asked, or when only a cursor is sent", () => {
    expect(parseListQuery(q({ paginate: "true", pageSize: "750" }), NOW)).toMatchObject({ paginate: true, pageSize: 750 });
    expect(parseListQuery(q({ cursor: "abc" }), NOW).paginate).toBe(true);
  });
  it("round-trips compat cursors and refuses garbage", () => {
    expect(decodeCompatCursor(encodeCompatCursor("core.sig", true))).toEqual({ coreCursor: "core.sig", next: true });
    expect(() => decodeCompatCursor("%%%")).toThrow(CompatValidationError);
  });
});
