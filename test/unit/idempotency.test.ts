import { describe, expect, it } from "vitest";
import { canonicalJson, requestHash } from "../../src/core/idempotency.js";

describe("idempotency request hashing", () => {
  it("ignores key order and undefined values, but not values", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
