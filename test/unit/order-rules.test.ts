import { describe, expect, it } from "vitest";
import { checkLineQuantity, gramsOf, protectionOf } from "../../src/orders/rules.js";
import { QUANTITY_BOUNDS } from "../../src/core/bounds.js";

const field = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { extensions?: { field?: string } }).extensions?.field ?? (err as { field?: string }).field ?? "thrown without a field";
  }
};

describe("order rules", () => {
  it("protection: what the platform stated, plus what its protection lines bought", () => {
    const none = { covered: false, finalSaleCoverage: false, packageProtection: false, returnsCoverage: false };
    expect(protectionOf(null, [{ vendor: "Acme", sku: "A-1" }])).toEqual(none);
    expect(protectionOf(null, [{ vendor: "re:do" }])).toEqual({ ...none, covered: true, packageProtection: true, returnsCoverage: true });
    expect(protectionOf(null, [{ sku: "x-redo", properties: [{ name: "_redo_type", value: "return" }] }])).toEqual({
      ...none,
      covered: true,
      returnsCoverage: true,
    });
    expect(protectionOf(null, [{ properties: [{ name: "_redo_type", value: "package protection" }] }])).toEqual({
      ...none,
      covered: true,
      packageProtection: true,
    });
    expect(protectionOf({ finalSaleCoverage: true }, [{ sku: "A" }])).toEqual({ ...none, finalSaleCoverage: true });
  });

  it("weights in grams from every unit the catalogue knows; another unit names the field", () => {
    expect(gramsOf({ value: 1.5, unit: "kg" }, "w")).toBe(1500);
    expect(gramsOf({ value: 2, unit: "LB" }, "w")).toBeCloseTo(907.18474);
    expect(gramsOf({ value: 1, unit: "oz" }, "w")).toBeCloseTo(28.349523125);
    expect(field(() => gramsOf({ value: 1, unit: "stone" }, "lineItems[2].weight"))).toBe("lineItems[2].weight.unit");
    expect(field(() => gramsOf({ value: -1, unit: "g" }, "lineItems[2].weight"))).toBe("lineItems[2].weight.value");
  });

  it("one quantity cap for every door", () => {
    expect(checkLineQuantity(QUANTITY_BOUNDS.lineItem, "q")).toBe(QUANTITY_BOUNDS.lineItem);
    for (const bad of [0, QUANTITY_BOUNDS.lineItem + 1, 1.5])
      expect(field(() => checkLineQuantity(bad, "lineItems[3].quantity"))).toBe("lineItems[3].quantity");
  });
});
