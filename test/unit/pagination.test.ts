import { describe, expect, it } from "vitest";
import { CursorCodec, pageSize } from "../../src/core/pagination.js";
import { checkInputs, DomainError, fail } from "../../src/core/errors.js";

describe("CursorCodec", () => {
  const codec = new CursorCodec("secret");
  it("round-trips a payload for its own list", () => {
    const c = codec.encode({ l: "list:a", k: 1700000000000, i: "id_1" });
    expect(codec.decode(c, "list:a")).toEqual({ l: "list:a", k: 1700000000000, i: "id_1" });
  });
  it("refuses another list's cursor, another secret's cursor and tampering", () => {
    const c = codec.encode({ l: "list:a", k: 1, i: "x" });
    expect(() => codec.decode(c, "list:b")).toThrow(DomainError);
    expect(() => new CursorCodec("other").decode(c, "list:a")).toThrow(DomainError);
    expect(() =>
      codec.decode(
        c.replace(/^./, (ch) => (ch === "e" ? "f" : "e")),
        "list:a",
      ),
    ).toThrow(DomainError);
  });
});

describe("pageSize", () => {
  it("defaults and bounds", () => {
    expect(pageSize(undefined, 20, 500)).toBe(20);
    expect(pageSize(500, 20, 500)).toBe(500);
    expect(() => pageSize(0, 20, 500)).toThrow(/1 to 500/);
    expect(() => pageSize(501, 20, 500)).toThrow(/1 to 500/);
  });
});

describe("checkInputs", () => {
  const bad = (field: string) => () => {
    throw fail.badInput(`\`${field}\` is wrong.`, field);
  };
  it("returns the checks' results when every one passes", () => {
    expect(
      checkInputs(
        () => 1,
        () => "two",
      ),
    ).toEqual([1, "two"]);
  });
  it("throws a single problem as it is (its own type), several as one error listing them all, nested ones flattened", () => {
    const cursor = fail.badInput("The page cursor is invalid.", "after", "request/invalid-cursor");
    const single = catchError(() =>
      checkInputs(
        () => 1,
        () => {
          throw cursor;
        },
      ),
    );
    expect(single).toBe(cursor);
    const many = catchError(() =>
      checkInputs(
        bad("first"),
        () => checkInputs(bad("after"), bad("filter.status")),
        () => 3,
      ),
    );
    expect(many.info).toMatchObject({ status: 400, type: "request/invalid", field: "first" });
    expect(many.info.extra?.problems).toEqual([
      { field: "first", detail: "`first` is wrong." },
      { field: "after", detail: "`after` is wrong." },
      { field: "filter.status", detail: "`filter.status` is wrong." },
    ]);
    expect(many.message).toBe("`first` is wrong. `after` is wrong. `filter.status` is wrong.");
  });
  it("lets anything but a bad input through at once", () => {
    const missing = fail.notFound("returns/not-found", "No such return.");
    expect(
      catchError(() =>
        checkInputs(bad("first"), () => {
          throw missing;
        }),
      ),
    ).toBe(missing);
  });
});

function catchError(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error("expected an error");
}
