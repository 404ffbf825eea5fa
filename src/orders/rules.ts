// The order rules every door shares: which lines mark a protection purchase, what a line weighs in
// grams, and the quantity a line may hold. Pure, so the unit tests and every door see one rule.
import { refuse } from "./refusals.js";
import { QUANTITY_BOUNDS } from "../core/bounds.js";

export interface Protection {
  covered: boolean;
  finalSaleCoverage: boolean;
  packageProtection: boolean;
  returnsCoverage: boolean;
}

export interface ProtectionMarkers {
  vendor?: string | null;
  sku?: string | null;
  properties?: { name: string; value?: string | null }[] | null;
}

/** What a protection line's `_redo_type` buys; a marked line without one buys both. */
const PROTECTION_TYPES: Record<string, (keyof Protection)[]> = {
  return: ["returnsCoverage"],
  returns: ["returnsCoverage"],
  "package protection": ["packageProtection"],
  both: ["returnsCoverage", "packageProtection"],
};

/**
 * The order's protection: what the platform stated, plus what its protection lines bought (a line
 * of vendor `re:do`, sku `x-redo` or with a `_redo_type` property, per the merchant API reference).
 */
export function protectionOf(
  stated: Partial<Record<keyof Protection, boolean | null>> | null | undefined,
  lines: ProtectionMarkers[],
): Protection {
  const p: Protection = {
    covered: !!stated?.covered,
    finalSaleCoverage: !!stated?.finalSaleCoverage,
    packageProtection: !!stated?.packageProtection,
    returnsCoverage: !!stated?.returnsCoverage,
  };
  for (const line of lines) {
    const redoType = line.properties?.find((prop) => prop.name === "_redo_type")?.value;
    if (line.vendor !== "re:do" && line.sku !== "x-redo" && !redoType) continue;
    for (const flag of PROTECTION_TYPES[String(redoType ?? "both").toLowerCase()] ?? []) p[flag] = true;
    p.covered = true;
  }
  return p;
}

/** Grams per unit of the weight units the platforms send (the product catalogue's units). */
const GRAMS_PER_UNIT: Record<string, number> = { g: 1, kg: 1_000, lb: 453.59237, oz: 28.349523125, t: 1_000_000 };

/** A line's weight in grams; an unknown unit or a negative value is refused, naming the field. */
export function gramsOf(weight: { value: number; unit: string }, field: string): number {
  const perUnit = GRAMS_PER_UNIT[weight.unit.trim().toLowerCase()];
  if (perUnit === undefined)
    throw refuse("WEIGHT_UNIT_UNKNOWN", { field, value: weight.unit, units: Object.keys(GRAMS_PER_UNIT).join(", ") });
  if (!Number.isFinite(weight.value) || weight.value < 0) throw refuse("WEIGHT_NEGATIVE", { field });
  return weight.value * perUnit;
}

/** One cap on a line's units for every door. */
export function checkLineQuantity(quantity: number, field: string): number {
  const max = QUANTITY_BOUNDS.lineItem;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > max)
    throw refuse("LINE_QUANTITY_OUT_OF_RANGE", { field, max, value: String(JSON.stringify(quantity)) });
  return quantity;
}
