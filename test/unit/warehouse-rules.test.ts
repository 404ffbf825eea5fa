import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/core/errors.js";
import { warehouseStateOf, listWindow, statusesFor, warehouseRefusal } from "../../src/warehouse/rules.js";
import { RETURN_STATUSES } from "../../src/returns/transitions.js";

const NOW = new Date("2026-06-10T12:00:00Z");
const d = (s: string) => new Date(s);

describe("warehouse states", () => {
  it("maps every status onto the platform's five states", () => {
    for (const s of RETURN_STATUSES) expect(["open", "closed", "cancelled", "review"]).toContain(warehouseStateOf(s));
    expect(warehouseStateOf("flagged")).toBe("open");
    expect(warehouseStateOf("rejected")).toBe("closed");
    expect(warehouseStateOf("deleted")).toBe("cancelled");
    expect(warehouseStateOf("in_review")).toBe("review");
    expect(statusesFor(["review"]).sort()).toEqual(["in_review", "needs_review"]);
    expect(statusesFor(["expired"])).toEqual([]);
  });
});

describe("list window", () => {
  it("defaults to the last 24 hours, created_at, the default state set", () => {
    const w = listWindow({}, NOW);
    expect(w.from.toISOString()).toBe("2026-06-09T12:00:00.000Z");
    expect(w.to).toEqual(NOW);
    expect(w).toMatchObject({ filter: "created_at", state: null });
  });
  it("from alone covers the 24 hours after it; to alone is ignored", () => {
    expect(listWindow({ from: d("2026-01-01T00:00:00Z") }, NOW).to.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(listWindow({ to: d("2020-01-01T00:00:00Z") }, NOW).to).toEqual(NOW);
  });
  it("refuses windows over 120 days, reversed windows, unknown filters and states", () => {
    const field = (a: Parameters<typeof listWindow>[0]) => {
      try {
        listWindow(a, NOW);
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        return (err as DomainError).info.field;
      }
      return null;
    };
    expect(field({ from: d("2026-01-01"), to: d("2026-06-01") })).toBe("to");
    expect(field({ from: d("2026-02-01"), to: d("2026-01-01") })).toBe("from");
    expect(field({ filter: "deleted_at" })).toBe("filter");
    expect(field({ state: "flagged" })).toBe("state");
    expect(field({ from: d("2026-01-01"), to: d("2026-05-01") })).toBe(null); // exactly 120 days
    // Every problem of the window at once.
    try {
      listWindow({ from: d("2026-02-01"), to: d("2026-01-01"), filter: "deleted_at", state: "flagged" }, NOW);
      expect.unreachable();
    } catch (err) {
      expect(((err as DomainError).info.extra!.problems as { field: string }[]).map((p) => p.field)).toEqual(["from", "filter", "state"]);
    }
  });
});

describe("refusal matrix", () => {
  const no = { allowFlaggedReturnProcessing: false };
  const yes = { allowFlaggedReturnProcessing: true };
  const code = (action: Parameters<typeof warehouseRefusal>[0], status: string, flags = no) =>
    warehouseRefusal(action, status, flags)?.refusal?.code ?? "ok";
  it("process", () => {
    expect(code("process", "open")).toBe("ok");
    expect(code("process", "flagged")).toBe("FLAGGED");
    expect(code("process", "flagged", yes)).toBe("ok");
    expect(code("process", "deleted")).toBe("CANCELLED");
    expect(code("process", "complete")).toBe("UNPROCESSABLE_STATE");
    expect(code("process", "in_review")).toBe("IN_REVIEW");
  });
  it("close, cancel, flag, remove", () => {
    expect(code("close", "deleted")).toBe("CANCELLED");
    expect(code("close", "rejected")).toBe("UNPROCESSABLE_STATE");
    expect(code("cancel", "flagged")).toBe("FLAGGED_CANCEL");
    expect(code("cancel", "complete")).toBe("UNPROCESSABLE_STATE");
    expect(code("flag", "deleted")).toBe("UNPROCESSABLE_STATE");
    expect(code("flag", "flagged")).toBe("ok");
    expect(code("remove", "in_review")).toBe("CANNOT_MODIFY");
    expect(code("remove", "flagged")).toBe("CANNOT_MODIFY");
    expect(code("note", "deleted")).toBe("ok");
  });
});
