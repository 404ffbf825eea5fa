import { describe, expect, it } from "vitest";
import { closedAtOf, editedAtOf, refundParts, restockStatusOf, warehouseOutcome, warehouseTotals } from "../../src/warehouse/rules.js";

const at = (s: string) => new Date(`2026-01-0${s}T00:00:00Z`);

describe("the warehouse platform's reading of a return", () => {
  it("totals exactly in minor units: rejected items count in no product or tax total, refunds split by compensation", () => {
    const items = [
      { compensation: "refund", status: "processed", productValue: 1001, tax: 3, refund: 1004 },
      { compensation: "store_credit", status: "open", productValue: 333, tax: 1, refund: 334 },
      { compensation: "refund", status: "rejected", productValue: 5000, tax: 500, refund: 0 },
    ];
    expect(warehouseTotals(items)).toEqual({ product: 1334, tax: 4, returnTotal: 1338, refund: 1004, storeCredit: 334, total: 1338 });
    expect(warehouseOutcome(items.map((i) => i.compensation))).toBe("credit+refund");
    expect(warehouseOutcome(["refund"])).toBe("refund");
    expect(warehouseOutcome(["keep_item"])).toBe("refund");
    expect(warehouseOutcome(["exchange"])).toBe("exchange");
    expect(warehouseOutcome(["exchange", "keep_item"])).toBe("exchange+refund");
    expect(warehouseOutcome(["exchange", "store_credit", "refund"])).toBe("exchange+credit");
    expect(warehouseOutcome(["store_credit"])).toBe("credit");
  });

  it("splits an item's refund into its item part and its tax", () => {
    expect(refundParts({ refund: 4100, tax: 100 })).toEqual({ beforeTax: 4000, tax: 100 });
    expect(refundParts({ refund: 50, tax: 100 })).toEqual({ beforeTax: 0, tax: 100 });
    expect(refundParts({ refund: 0, tax: 100 })).toEqual({ beforeTax: 0, tax: 0 });
    expect(["open", "rejected", "processed", "complete"].map(restockStatusOf)).toEqual(["pending", "rejected", "processed", "processed"]);
  });

  it("knows when items were removed and when the return closed from its own timeline", () => {
    const timeline = [
      {
        action: "process",
        toStatus: "complete",
        detail: JSON.stringify({ processedItemIds: ["a"], removedItemIds: ["b"] }),
        createdAt: at("2"),
      },
      {
        action: "comment",
        toStatus: "complete",
        detail: JSON.stringify({ message: 'a note quoting "removedItemIds"' }),
        createdAt: at("3"),
      },
      { action: "reopen", toStatus: "open", detail: null, createdAt: at("4") },
      { action: "remove_items", toStatus: "open", detail: JSON.stringify({ removedItemIds: ["c"] }), createdAt: at("5") },
      { action: "reject", toStatus: "rejected", detail: null, createdAt: at("6") },
    ];
    expect(editedAtOf(timeline)).toEqual(at("5"));
    expect(editedAtOf(timeline.slice(0, 3))).toEqual(at("2"));
    expect(editedAtOf([timeline[1]])).toBeNull();
    expect(closedAtOf("rejected", timeline)).toEqual(at("6"));
    expect(closedAtOf("open", timeline)).toBeNull();
  });
});
