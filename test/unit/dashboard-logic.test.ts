// The dashboard's pure helpers (facades/dashboard/app/src/logic.ts).
import { describe, expect, it } from "vitest";
import { actionButtons, actorText, collectCsv, personName, replayStart, returnFilterVariables, statusTone, timelineText } from "../../facades/dashboard/app/src/logic.js";
import { RETURN_ACTIONS, RETURN_STATUSES, allowedActions } from "../../src/returns/transitions.js";
import { RETURN_STATUSES as PAGE_STATUSES } from "../../facades/dashboard/app/src/logic.js";

describe("returns filters → GraphQL variables", () => {
  it("passes status and order name, and turns inclusive UTC days into [min, max)", () => {
    expect(returnFilterVariables({ status: "open", from: "2026-11-01", to: "2026-11-03", order: "  #1001 " })).toEqual({
      variables: { status: "open", updatedAtMin: "2026-11-01T00:00:00.000Z", updatedAtMax: "2026-11-04T00:00:00.000Z", orderName: "#1001" },
      errors: {},
    });
    // Month and year ends roll over.
    expect(returnFilterVariables({ to: "2026-12-31" }).variables.updatedAtMax).toBe("2027-01-01T00:00:00.000Z");
    expect(returnFilterVariables({ to: "2028-02-28" }).variables.updatedAtMax).toBe("2028-02-29T00:00:00.000Z");
    expect(returnFilterVariables({})).toEqual({ variables: {}, errors: {} });
  });

  it("names the field that cannot be used and leaves it out", () => {
    const bad = returnFilterVariables({ status: "lost", from: "2026-02-30", to: "11/03/2026" });
    expect(bad.variables).toEqual({});
    expect(Object.keys(bad.errors).sort()).toEqual(["from", "status", "to"]);
    const reversed = returnFilterVariables({ from: "2026-11-05", to: "2026-11-01" });
    expect(reversed.errors.to).toBe("The end date is before the start date.");
    expect(reversed.variables).toEqual({});
    // The same day on both ends is one whole day.
    expect(returnFilterVariables({ from: "2026-11-05", to: "2026-11-05" }).variables).toEqual({ updatedAtMin: "2026-11-05T00:00:00.000Z", updatedAtMax: "2026-11-06T00:00:00.000Z" });
  });

  it("offers exactly the core's statuses", () => {
    expect([...PAGE_STATUSES].sort()).toEqual([...RETURN_STATUSES].sort());
  });
});

describe("lifecycle buttons", () => {
  it("shows a button for each allowed action except comment, in a stable order, and nothing else", () => {
    expect(actionButtons(["comment"])).toEqual([]);
    expect(actionButtons(["comment", "reopen", "reset"]).map((a) => a.action)).toEqual(["reopen", "reset"]);
    expect(actionButtons(["reset", "process", "flag"]).map((a) => a.label)).toEqual(["Process items", "Flag", "Reset"]);
  });

  it("covers every action of the core's table for every status (no allowed action is left without a button)", () => {
    for (const status of RETURN_STATUSES) {
      const allowed = allowedActions(status);
      expect(actionButtons(allowed).map((a) => a.action).sort()).toEqual(allowed.filter((a) => a !== "comment").sort());
    }
    expect(actionButtons([...RETURN_ACTIONS])).toHaveLength(RETURN_ACTIONS.length - 1);
  });
});

describe("texts", () => {
  it("describes timeline entries and actors", () => {
    expect(timelineText({ action: "created", fromStatus: null, toStatus: "open" })).toBe("Created: Open");
    expect(timelineText({ action: "flag", fromStatus: "open", toStatus: "flagged" })).toBe("Flag: Open → Flagged");
    expect(timelineText({ action: "remove_items", fromStatus: "open", toStatus: "open" })).toBe("Remove items (still open)");
    expect(actorText({ type: "staff", id: "usr_1", name: "Ada" })).toBe("Ada (staff)");
    expect(actorText({ type: "api_client", id: "akey_1", name: null })).toBe("akey_1 (API client)");
    expect(actorText({ type: "system", id: null, name: null })).toBe("system");
    expect(personName({ given: "Ada", surname: "Lovelace" })).toBe("Ada Lovelace");
    expect(personName({ given: "", surname: "" }, "a@b.test")).toBe("a@b.test");
    expect(personName(null)).toBe("—");
  });

  it("tones statuses", () => {
    expect(statusTone("complete")).toBe("good");
    expect(statusTone("discarded")).toBe("bad");
    expect(statusTone("flagged")).toBe("warn");
    expect(statusTone("open")).toBe("neutral");
  });
});

describe("replay start", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("accepts a past local time as ISO 8601 UTC and refuses empty, unreadable or future times", () => {
    const ok = replayStart("2026-11-23T10:30:00", now);
    expect(ok).toEqual({ start: new Date("2026-11-23T10:30:00").toISOString() });
    expect(replayStart("", now)).toEqual({ error: "Choose the time to replay from." });
    expect(replayStart("yesterday-ish", now)).toEqual({ error: "Enter a date and time." });
    expect(replayStart("2999-01-01T00:00", now)).toEqual({ error: "The replay start is in the future; choose a past time." });
  });
});

describe("collectCsv", () => {
  it("follows the cursors and joins the pages in order", async () => {
    const pages: Record<string, { csv: string; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> = {
      start: { csv: "h\r\na\r\n", pageInfo: { hasNextPage: true, endCursor: "c1" } },
      c1: { csv: "b\r\n", pageInfo: { hasNextPage: true, endCursor: "c2" } },
      c2: { csv: "c\r\n", pageInfo: { hasNextPage: false, endCursor: "c3" } },
    };
    const asked: (string | null)[] = [];
    const csv = await collectCsv(async (after) => (asked.push(after), pages[after ?? "start"]));
    expect(csv).toBe("h\r\na\r\nb\r\nc\r\n");
    expect(asked).toEqual([null, "c1", "c2"]);
  });

  it("passes a failing page's error on", async () => {
    await expect(collectCsv(async () => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
  });
});
