import { describe, expect, it } from "vitest";
import { CursorCodec, pageSize } from "../../src/core/pagination.js";
import { DomainError } from "../../src/core/errors.js";

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
