import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/core/errors.js";
import { RETURN_STATUS_COUNT } from "../../src/core/list-bounds.js";
import { RETURN_STATUSES, STATUS_ACTIONS, TRANSITIONS, allowedActions, resolveTarget, transition } from "../../src/returns/transitions.js";

describe("return transition table", () => {
  it("covers every status and allows comments everywhere", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...RETURN_STATUSES].sort());
    for (const s of RETURN_STATUSES) expect(allowedActions(s)).toContain("comment");
  });

  it("is the status count the core bounds per-status lists by", () => {
    expect(RETURN_STATUS_COUNT).toBe(RETURN_STATUSES.length);
  });

  it("refuses illegal transitions with a 409 naming the status and the allowed actions", () => {
    let err: unknown;
    try {
      transition("complete", "flag");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    const info = (err as DomainError).info;
    expect(info).toMatchObject({ status: 409, type: "returns/invalid-transition" });
    expect(info.detail).toBe("Cannot flag a return whose status is complete. Allowed actions from complete: reopen, comment.");
  });

  it("guards processing a flagged return by the store setting", () => {
    expect(() => transition("flagged", "process")).toThrow(/does not allow processing flagged returns/);
    expect(transition("flagged", "process", { allowFlaggedReturnProcessing: true })).toBe("processed");
  });

  it("resolves processing to in_review, complete or rejected", () => {
    expect(resolveTarget("processed", "open", [{ status: "processed" }, { status: "open" }])).toBe("in_review");
    expect(resolveTarget("processed", "open", [{ status: "processed" }, { status: "rejected" }])).toBe("complete");
    expect(resolveTarget("processed", "open", [{ status: "rejected" }])).toBe("rejected");
    expect(resolveTarget("same", "flagged", [])).toBe("flagged");
  });

  it("maps every settable status to an action of the table", () => {
    expect(Object.keys(STATUS_ACTIONS).sort()).toEqual(["complete", "deleted", "delivered", "flagged", "open", "rejected"]);
    // Arrival only before anything is decided: from open or in transit, never from review or a closed return.
    expect(transition("in_transit", STATUS_ACTIONS.delivered!)).toBe("delivered");
    expect(transition("open", STATUS_ACTIONS.delivered!)).toBe("delivered");
    expect(() => transition("complete", STATUS_ACTIONS.delivered!)).toThrow(/Allowed actions from complete/);
    expect(transition("open", STATUS_ACTIONS.deleted!)).toBe("deleted");
    expect(transition("rejected", STATUS_ACTIONS.open!)).toBe("open");
  });
});
