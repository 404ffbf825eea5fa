// The order lookup's comparison (src/drafts/lookup.ts): one function for every store method. Properties:
// the order's own email (any case, padded) or postal code (any spacing) matches as the method allows; any
// other input never does; an unknown order (stand-ins) never matches; an empty input never matches.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalOrderName, secondaryMatches } from "../../src/drafts/lookup.js";

const email = fc.tuple(fc.stringMatching(/^[a-z0-9.]{1,12}$/), fc.stringMatching(/^[a-z]{1,8}\.[a-z]{2,3}$/)).map(([a, b]) => `${a}@${b}`);
const zip = fc.stringMatching(/^[A-Z0-9]{3,7}$/);
const methods = fc.constantFrom("email" as const, "postal_code" as const, "either" as const);

describe("secondaryMatches", () => {
  it("matches the order's email (any case, spaces around) where the method allows emails", () => {
    fc.assert(
      fc.property(email, zip, methods, (e, z, m) => {
        const typed = `  ${e.toUpperCase()} `;
        expect(secondaryMatches(m, { email: e, postalCode: z }, typed)).toBe(m !== "postal_code");
      }),
    );
  });
  it("matches the postal code (spacing and case ignored) where the method allows postal codes", () => {
    fc.assert(
      fc.property(email, zip, methods, (e, z, m) => {
        const typed = `${z.slice(0, 2)} ${z.slice(2).toLowerCase()}`;
        expect(secondaryMatches(m, { email: e, postalCode: z }, typed)).toBe(m !== "email");
      }),
    );
  });
  it("never matches another input, an unknown order or an empty input", () => {
    fc.assert(
      fc.property(email, zip, methods, fc.string({ maxLength: 40 }), (e, z, m, other) => {
        fc.pre(other.trim().toLowerCase() !== e && other.replace(/[\s-]/g, "").toUpperCase() !== z);
        expect(secondaryMatches(m, { email: e, postalCode: z }, other)).toBe(false);
        expect(secondaryMatches(m, { email: null, postalCode: null }, other)).toBe(false);
        expect(secondaryMatches(m, { email: e, postalCode: z }, "   ")).toBe(false);
      }),
    );
  });
  it("reads an order name with or without #", () => {
    expect(["#1001", "1001", " #1001 "].map(normalOrderName)).toEqual(["1001", "1001", "1001"]);
  });
});
