// Errors a burst or an old row can raise, as the core classifies them: no free connection for a
// transaction in time is "unavailable, retry" (503, nothing changed), not a 500; an integer past its
// column is "out of range" (the inventory's 409), on either provider's wording.
import fc from "fast-check";
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

  // Every shape of lost contention (found as a 500 when 60 taggings raced for one return's row lock on
  // a loaded PostgreSQL: the last transactions expired while waiting): each signal, wrapped the ways
  // Prisma and the adapters wrap it, is "retry" (503), and a statement's own fault never is.
  const contention = fc.constantFrom<Record<string, unknown>>(
    { code: "40001" },
    { code: "40P01" },
    { code: "55P03" },
    { code: "57014" },
    { originalCode: "40P01" },
    { code: "P2034" },
    { kind: "TransactionWriteConflict" },
    {
      message:
        "Transaction API error: Transaction already closed: A commit cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5120 ms passed since the start of the transaction.",
    },
    { message: "deadlock detected" },
    { message: "could not serialize access due to concurrent update" },
  );
  const statementFault = fc.constantFrom<Record<string, unknown>>(
    { code: "P2002", message: "Unique constraint failed" },
    { code: "23505" },
    { kind: "UniqueConstraintViolation" },
    { code: "22003", message: "integer out of range" },
    { code: "42703" },
  );
  const wrapped = (inner: fc.Arbitrary<Record<string, unknown>>) =>
    fc
      .tuple(inner, fc.constantFrom("bare", "cause", "meta", "cause.cause"))
      .map(([e, how]) =>
        how === "bare"
          ? e
          : how === "cause"
            ? { message: "wrapped", cause: e }
            : how === "meta"
              ? { message: "x", meta: e }
              : { cause: { cause: e } },
      );

  it("lost contention (deadlock, serialization, lock wait, expired transaction) is retry, in every wrapping", () => {
    fc.assert(
      fc.property(wrapped(contention), (err) => {
        expect(isStorageUnavailable(err)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(wrapped(statementFault), (err) => {
        expect(isStorageUnavailable(err)).toBe(false);
      }),
    );
  });
});
