// The dashboard's pure helpers (facades/dashboard/app/src/logic.ts).
import { describe, expect, it } from "vitest";
import {
  actionButtons,
  actorText,
  adjustmentError,
  collectCsv,
  describeDetail,
  overviewVariables,
  personName,
  refundState,
  replayStart,
  returnFilterVariables,
  STATUS_LABELS,
  statusLabel,
  statusTone,
  timelineText,
} from "../../facades/dashboard/app/src/logic.js";
import { ORIGIN_LABELS, originText } from "../../facades/dashboard/app/src/origin-text.js";
import { RETURN_ACTIONS, RETURN_STATUSES, allowedActions } from "../../src/returns/transitions.js";
import { ORIGINS } from "../../src/returns/origin.js";

describe("returns filters → GraphQL variables", () => {
  it("passes status and order name, and turns inclusive UTC days into [min, max)", () => {
    expect(returnFilterVariables({ status: "open", from: "2026-11-01", to: "2026-11-03", order: "  #1001 " })).toEqual({
      variables: {
        filter: { status: "open", updatedAtMin: "2026-11-01T00:00:00.000Z", updatedAtMax: "2026-11-04T00:00:00.000Z", orderName: "#1001" },
      },
      errors: {},
    });
    // Month and year ends roll over.
    expect(returnFilterVariables({ to: "2026-12-31" }).variables.filter.updatedAtMax).toBe("2027-01-01T00:00:00.000Z");
    expect(returnFilterVariables({ to: "2028-02-28" }).variables.filter.updatedAtMax).toBe("2028-02-29T00:00:00.000Z");
    expect(returnFilterVariables({})).toEqual({ variables: { filter: {} }, errors: {} });
  });

  it("names the field that cannot be used and leaves it out", () => {
    const bad = returnFilterVariables({ status: "lost", from: "2026-02-30", to: "11/03/2026" }, RETURN_STATUSES);
    expect(bad.variables).toEqual({ filter: {} });
    expect(Object.keys(bad.errors).sort()).toEqual(["from", "status", "to"]);
    const reversed = returnFilterVariables({ from: "2026-11-05", to: "2026-11-01" });
    expect(reversed.errors.to).toBe("The end date is before the start date.");
    expect(reversed.variables).toEqual({ filter: {} });
    // The same day on both ends is one whole day.
    expect(returnFilterVariables({ from: "2026-11-05", to: "2026-11-05" }).variables.filter).toEqual({
      updatedAtMin: "2026-11-05T00:00:00.000Z",
      updatedAtMax: "2026-11-06T00:00:00.000Z",
    });
  });

  it("takes the statuses from the core (returnStatuses), not from a copy", () => {
    // A status the core adds is accepted once the core lists it, without a dashboard change.
    expect(returnFilterVariables({ status: "awaiting_pickup" }, [...RETURN_STATUSES, "awaiting_pickup"]).variables.filter).toEqual({
      status: "awaiting_pickup",
    });
    expect(returnFilterVariables({ status: "awaiting_pickup" }, RETURN_STATUSES).errors.status).toMatch(/Unknown status/);
    // Before the core's list arrives, a status is sent as it reads (the core refuses an unknown one).
    expect(returnFilterVariables({ status: "in_review" }).variables.filter).toEqual({ status: "in_review" });
    expect(returnFilterVariables({ status: "<b>" }).errors.status).toMatch(/Unknown status/);
  });

  it("words every status of the core, and spells out one newer than the dashboard", () => {
    for (const s of RETURN_STATUSES) expect(STATUS_LABELS[s], s).toBeTruthy();
    expect(statusLabel("pre_shipment")).toBe("Pre-shipment");
    expect(statusLabel("awaiting_pickup")).toBe("Awaiting pickup");
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
      expect(
        actionButtons(allowed)
          .map((a) => a.action)
          .sort(),
      ).toEqual(allowed.filter((a) => a !== "comment").sort());
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
    expect(actorText({ type: "shopper", id: "dr_1", name: "Shopper" })).toBe("Shopper");
    expect(personName({ given: "Ada", surname: "Lovelace" })).toBe("Ada Lovelace");
    expect(personName({ given: "", surname: "" }, "a@b.test")).toBe("a@b.test");
    expect(personName(null)).toBe("—");
  });

  it("says where a return came from in people's words, for every origin of the core", () => {
    expect(Object.keys(ORIGIN_LABELS).sort()).toEqual([...ORIGINS].sort());
    expect(originText("shopper_portal")).toBe("Shopper portal");
    expect(originText("storefront_api")).toBe("Storefront (API)");
    expect(originText("merchant_api")).toBe("Merchant API");
    expect(originText("dashboard")).toBe("Dashboard");
    for (const o of ORIGINS) expect(originText(o)).not.toMatch(/_/);
    expect(originText("point_of_sale")).toBe("Point of sale");
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

describe("returns list search and sort", () => {
  it("passes the search and a known sort, and drops an unknown sort", () => {
    expect(returnFilterVariables({ q: "  ada@example.test ", sort: "OLDEST" }).variables).toEqual({
      filter: { search: "ada@example.test" },
      sort: "OLDEST",
    });
    expect(returnFilterVariables({ q: "   ", sort: "SIDEWAYS" }).variables).toEqual({ filter: {} });
  });
});

describe("adjustments", () => {
  const max = { amount: "30.24", currency: "USD" };
  it("accepts nothing, or an amount up to the item's value", () => {
    expect(adjustmentError("", max)).toBeNull();
    expect(adjustmentError("5", max)).toBeNull();
    expect(adjustmentError("30.24", max)).toBeNull();
  });
  it("refuses more than the value, a negative, text or too many decimals, saying how to fix it", () => {
    expect(adjustmentError("500.00", max)).toBe("Cannot exceed the item's value of 30.24 USD (tax included).");
    expect(adjustmentError("30.25", max)).toBe("Cannot exceed the item's value of 30.24 USD (tax included).");
    expect(adjustmentError("-1", max)).toBe("Enter an amount such as 5.00 (at most 2 decimals).");
    expect(adjustmentError("abc", max)).toBe("Enter an amount such as 5.00 (at most 2 decimals).");
    expect(adjustmentError("1.005", max)).toBe("Enter an amount such as 5.00 (at most 2 decimals).");
    expect(adjustmentError("1.5", { amount: "500", currency: "JPY" })).toBe("Enter a whole amount such as 5.");
  });
});

describe("overview period", () => {
  const now = new Date("2026-02-14T12:00:00Z");
  it("defaults to this month and turns inclusive days into [from, to)", () => {
    expect(overviewVariables({}, now)).toEqual({
      variables: { from: "2026-02-01T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z" },
      errors: {},
    });
    expect(overviewVariables({ from: "2026-01-01", to: "2026-01-31" }, now).variables).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-02-01T00:00:00.000Z",
    });
  });
  it("names the date that cannot be used", () => {
    expect(overviewVariables({ from: "2026-02-30" }, now).errors).toEqual({ from: "Enter the date as YYYY-MM-DD." });
    expect(overviewVariables({ from: "2026-02-10", to: "2026-02-01" }, now).errors).toEqual({
      to: "The end date is before the start date.",
    });
    const long = overviewVariables({ from: "2024-01-01", to: "2026-01-01" }, now);
    expect(long.errors).toEqual({ to: "Choose at most 366 days." });
    expect(long.variables).toEqual({ from: "2024-01-01T00:00:00.000Z", to: "2025-01-01T00:00:00.000Z" });
  });
});

describe("refund state", () => {
  it("says where the money stands from the items' decisions", () => {
    expect(refundState([{ status: "open" }])).toMatch(/^Not decided yet/);
    expect(refundState([{ status: "open" }, { status: "processed" }])).toBe("Partly decided: 1 of 2 items still open.");
    expect(refundState([{ status: "rejected" }])).toBe("Rejected: nothing is owed.");
    expect(refundState([{ status: "processed" }, { status: "rejected" }])).toBe("Decided: the amounts below are owed to the customer.");
  });
});

describe("customers and inventory", () => {
  it("names a movement's cause and links to what caused it", async () => {
    const { movementCause } = await import("../../facades/dashboard/app/src/logic.js");
    expect(movementCause({ cause: "RETURN_RESTOCK", returnId: "ret_1", shipmentId: null })).toEqual({
      label: "Return restocked",
      href: "/returns/ret_1",
    });
    expect(movementCause({ cause: "INBOUND_RECEIPT", returnId: null, shipmentId: "inb_1" })).toEqual({
      label: "Inbound shipment received",
      href: "/inbound/inb_1",
    });
    expect(movementCause({ cause: "EXCHANGE_HOLD", returnId: "ret_1" })).toEqual({ label: "Held for an exchange", href: "/returns/ret_1" });
    expect(movementCause({ cause: "EXCHANGE_RELEASE", returnId: "ret_1" }).label).toBe("Exchange hold given back");
    expect(movementCause({ cause: "SOMETHING_NEW" })).toEqual({ label: "Something new", href: "/inventory" });
  });

  it("lists the customer's other returns without the one shown, and says when there are more", async () => {
    const { otherReturns } = await import("../../facades/dashboard/app/src/logic.js");
    const page = (ids: string[], hasNextPage = false) => ({ returns: { nodes: ids.map((id) => ({ id })), pageInfo: { hasNextPage } } });
    expect(otherReturns(null, "a")).toEqual({ returns: [], more: false });
    expect(otherReturns(page(["a"]), "a")).toEqual({ returns: [], more: false });
    expect(otherReturns(page(["b", "a", "c"]), "a")).toEqual({ returns: [{ id: "b" }, { id: "c" }], more: false });
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}`);
    expect(otherReturns(page(eleven), "x")).toEqual({ returns: eleven.slice(0, 10).map((id) => ({ id })), more: true });
    expect(otherReturns(page(eleven, true), "r0").more).toBe(true);
    expect(otherReturns(page(eleven), "r0")).toEqual({ returns: eleven.slice(1).map((id) => ({ id })), more: false });
  });
});

describe("describeDetail", () => {
  const titles: Record<string, string> = { rit_0123456789ab: "Organic tee · M", rit_abcdefghijkl: "Rain jacket · L" };
  const title = (id: string) => titles[id] ?? null;
  it("names items by title and amounts with the currency, never ids or field names", () => {
    const text = describeDetail(
      JSON.stringify({
        items: [
          { itemId: "rit_0123456789ab", restock: true, merchantAdjustment: "5", reject: false },
          { itemId: "rit_abcdefghijkl", reject: true },
          { itemId: "rit_unknown00000", restock: false },
        ],
      }),
      title,
      "EUR",
    );
    expect(text).toBe("Organic tee · M: restocked, 5 EUR kept back · Rain jacket · L: rejected · an item: not restocked");
    expect(text).not.toMatch(/rit_|itemId|merchantAdjustment|true|false/);
  });
  it("words removed items and reasons; drops ids and comment references", () => {
    expect(describeDetail(JSON.stringify({ removedItemIds: ["rit_0123456789ab"], reason: "every item removed" }), title, "USD")).toBe(
      "Removed: Organic tee · M · Reason: every item removed",
    );
    expect(describeDetail(JSON.stringify({ commentId: "rcm_0123456789ab" }), title, "USD")).toBe("");
    expect(describeDetail(JSON.stringify({ warehouseId: "loc_0123456789ab", note: "ok" }), title, "USD")).toBe("Note: ok");
    expect(describeDetail("not json", title, "USD")).toBe("not json");
  });
});
