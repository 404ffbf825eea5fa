// The e2e suites check a page's times with timeBesideDate (test/support/e2e.ts). A check built from a time
// formatted alone in Node ("0:44" in French) failed against Chromium's page ("00:44") from midnight to ten in
// Paris. Here every hour of a day, in each zone and locale the pages use: the pattern finds the time the pages
// write (src/core/zoned-time.ts, both styles), with its hour's leading zero or without, and never inside a
// longer hour.
import { describe, expect, it } from "vitest";
import { zonedDateTime } from "../../src/core/zoned-time.js";
import { timeBesideDate } from "../support/e2e.js";

const ZONES = ["Europe/Paris", "America/New_York", "UTC", "Asia/Kolkata"];
const LOCALES = ["fr", "en", "en-US", "en-GB", "de"];

describe("timeBesideDate", () => {
  it("finds the time a page writes beside its date, at every hour of a day, with or without the hour's leading zero", () => {
    const start = Date.UTC(2026, 10, 29, 0, 0);
    for (const zone of ZONES)
      for (const locale of LOCALES)
        for (let m = 0; m < 24 * 60; m += 37) {
          const at = new Date(start + m * 60_000);
          const time = new RegExp(timeBesideDate(at, zone, locale));
          for (const style of ["medium", "long"] as const) {
            const written = zonedDateTime(at, zone, locale, style);
            expect(written).toMatch(time);
            // The other ICU's way: a one-digit hour given its zero, a zero-led hour without it.
            expect(written.replace(/(\D)(\d)(:\d\d)/, "$10$2$3")).toMatch(time);
            expect(written.replace(/(\D)0(\d)(:\d\d)/, "$1$2$3")).toMatch(time);
          }
        }
  });

  it("is not found inside a longer hour (0:44 in 10:44)", () => {
    const at = new Date(Date.UTC(2026, 10, 29, 23, 44)); // 00:44 in Paris
    const time = new RegExp(timeBesideDate(at, "Europe/Paris", "fr"));
    expect("30 novembre 2026 à 00:44 CET").toMatch(time);
    expect("30 novembre 2026 à 0:44 CET").toMatch(time);
    expect("30 novembre 2026 à 10:44 CET").not.toMatch(time);
  });
});
