// Errors a burst or an old row can raise, as the core classifies them: no free connection for a
// transaction in time is "unavailable, retry" (503, nothing changed), not a 500; an integer past its
// column is "out of range" (the inventory's 409), on either provider's wording.
import { describe, expect, it } from "vitest";
import { isOutOfRange, isStorageUnavailable } from "../../src/core/db-errors.js";

describe("database errors under bursts and old rows", () => {
  it("a transaction that found no connection in time is storage unavailable (503)", () => {
    const err = Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" });
    expect(isStorageUnavailable(err)).toBe(true);
    expect(isStorageUnavailable(new Error("Unique constraint failed"))).toBe(false);
  });

  it("an integer past its column is out of range, wrapped or not", () => {
    expect(isOutOfRange({ code: "22003", message: "integer out of range" })).toBe(true);
    expect(isOutOfRange(new Error("value out of range for type integer"))).toBe(true);
    expect(isOutOfRange({ message: "wrapped", cause: { message: 'NumericValueOutOfRange { n: "integer out of range" }' } })).toBe(true);
    expect(isOutOfRange(new Error("Unique constraint failed"))).toBe(false);
  });
});
