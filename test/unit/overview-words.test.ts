import { describe, expect, it } from "vitest";
import { hoursText, percentText, pointLabel, withinText } from "../../facades/dashboard/app/src/overview-words.js";
import { pointStart } from "../../src/returns/overview-measures.js";

describe("the overview's measures in words", () => {
  it("says durations in hours, then days", () => {
    expect(hoursText(null)).toBe("—");
    expect(hoursText(0.2)).toBe("under an hour");
    expect(hoursText(1)).toBe("1 hour");
    expect(hoursText(25.04)).toBe("25 hours");
    expect(hoursText(50)).toBe("2.1 days");
    expect(withinText(1)).toBe("within 1 hour");
    expect(withinText(72)).toBe("within 3 days");
    expect(withinText(87_600)).toBe("more than a year");
  });

  it("says shares as percentages, small ones to a tenth", () => {
    expect(percentText(null)).toBe("—");
    expect(percentText(0)).toBe("0%");
    expect(percentText(0.004)).toBe("0.4%");
    expect(percentText(8067 / 16214)).toBe("50%");
    expect(percentText(1.5)).toBe("150%");
  });

  it("names a week by its Monday, clipped to the period's first day", () => {
    expect(pointStart("2026-11-29", "week", "2026-01-01")).toBe("2026-11-23");
    expect(pointStart("2026-11-23", "week", "2026-01-01")).toBe("2026-11-23");
    expect(pointStart("2026-11-24", "week", "2026-11-24")).toBe("2026-11-24");
    expect(pointStart("2026-11-24", "day", "2026-01-01")).toBe("2026-11-24");
    expect(pointLabel("2026-11-23", "week")).toBe("Week of 2026-11-23");
  });
});
