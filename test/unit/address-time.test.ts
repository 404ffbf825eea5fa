// The shared formats people read (src/core/address.ts, src/core/zoned-time.ts): an address by its country's
// convention, the country named in the reader's language; a time in the store's zone with the zone named.
import { describe, expect, it } from "vitest";
import { addressLines } from "../../src/core/address.js";
import { zonedDateTime } from "../../src/core/zoned-time.js";

describe("addresses by their country's convention", () => {
  it("writes a US address town, state and ZIP code, and a French one postal code then town", () => {
    const us = { name: "Mae Jemison", line1: "500 Market St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" };
    expect(addressLines(us)).toEqual(["Mae Jemison", "500 Market St", "San Francisco, CA 94105", "United States"]);
    expect(addressLines(us, { locale: "fr" }).at(-1)).toBe("États-Unis");
    const fr = { name: "Atelier", line1: "10 rue du Sentier", city: "Paris", postalCode: "75002", country: "FR" };
    expect(addressLines(fr, { locale: "fr" })).toEqual(["Atelier", "10 rue du Sentier", "75002 Paris", "France"]);
  });

  it("reads an order's keys, prints the country in capitals on a label, and never drops a part of an unknown country", () => {
    const order = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Springfield", province: "IL", zip: "62701" };
    expect(addressLines({ ...order, countryCode: "US" }, { upperCountry: true })).toEqual([
      "Ada Lovelace",
      "1 Main St",
      "Springfield, IL 62701",
      "UNITED STATES",
    ]);
    expect(addressLines({ line1: "1 X", city: "Atlantis", state: "Deep", postalCode: "00001", country: "Atlantis" })).toEqual([
      "1 X",
      "00001 Atlantis",
      "Deep",
      "Atlantis",
    ]);
  });
});

describe("times in the store's zone, the zone named", () => {
  const at = "2026-11-29T14:04:00Z";
  it("names the zone by its letters in English and in French", () => {
    expect(zonedDateTime(at, "Europe/Paris", "en-GB")).toBe("29 Nov 2026, 15:04 CET");
    expect(zonedDateTime(at, "Europe/Paris", "fr")).toBe("29 nov. 2026, 15:04 CET");
    expect(zonedDateTime(at, "America/New_York", "fr", "long")).toBe("29 novembre 2026 à 09:04 EST");
    expect(zonedDateTime(at, "UTC", "en-GB")).toBe("29 Nov 2026, 14:04 UTC");
  });
  it("keeps the offset when no language has letters for the zone, and reads an unknown zone as UTC", () => {
    expect(zonedDateTime(at, "Asia/Kolkata", "en-GB")).toBe("29 Nov 2026, 19:34 GMT+5:30");
    expect(zonedDateTime(at, "Not/AZone", "en-GB")).toBe("29 Nov 2026, 14:04 UTC");
  });
});
