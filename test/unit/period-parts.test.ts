// The overview's period cut into roll-up parts (src/returns/period.ts): the parts cover [from, to) exactly,
// none twice, whole months and days on UTC boundaries, the parts of a day within one day each.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthPlan, periodParts } from "../../src/returns/period.js";

const DAY = 86_400_000;
const dayStart = (key: string) => Date.parse(`${key}T00:00:00Z`);
const monthStart = (key: string) => Date.parse(`${key}-01T00:00:00Z`);

describe("periodParts", () => {
  it("covers the period exactly once", () => {
    const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) });
    // Periods up to 366 days, with ends often on a midnight or a first of the month.
    const snap = (t: number, how: number) =>
      how === 0 ? t : how === 1 ? Math.floor(t / DAY) * DAY : Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 366 * DAY }), fc.nat(2), fc.nat(2), (start, length, a, b) => {
        const from = snap(start, a);
        const to = Math.max(from + 1, snap(from + length, b));
        const p = periodParts(new Date(from), new Date(to));
        const pieces: [number, number][] = p.partial.map(([x, y]) => [x.getTime(), y.getTime()]);
        for (const [x, y] of p.partial) expect(Math.floor(x.getTime() / DAY)).toBe(Math.floor((y.getTime() - 1) / DAY));
        if (p.months) {
          pieces.push([monthStart(p.months[0]), monthStart(p.months[1])]);
          for (const [x, y] of p.monthDays) pieces.push([dayStart(x), dayStart(y)]);
        } else if (p.days) pieces.push([dayStart(p.days[0]), dayStart(p.days[1])]);
        if (p.days) expect([dayStart(p.days[0]), dayStart(p.days[1])]).toEqual([Math.ceil(from / DAY) * DAY, Math.floor(to / DAY) * DAY]);
        pieces.sort((x, y) => x[0] - y[0]);
        for (const [x, y] of pieces) expect(x).toBeLessThan(y);
        expect(pieces[0][0]).toBe(from);
        expect(pieces[pieces.length - 1][1]).toBe(to);
        for (let i = 1; i < pieces.length; i++) expect(pieces[i][0]).toBe(pieces[i - 1][1]);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the whole days from months less days, or days, each day once net and at most about a month of days", () => {
    const day = fc.integer({ min: Date.UTC(2024, 0, 1) / DAY, max: Date.UTC(2027, 0, 1) / DAY });
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 366 }), (first, length) => {
        const p = periodParts(new Date(first * DAY), new Date((first + length) * DAY));
        const plan = monthPlan(p);
        const net = new Map<number, number>();
        const add = (a: number, b: number, sign: number) => {
          for (let t = a; t < b; t += DAY) net.set(t, (net.get(t) ?? 0) + sign);
        };
        if (plan.months) add(monthStart(plan.months[0]), monthStart(plan.months[1]), 1);
        for (const [a, b] of plan.plus) add(dayStart(a), dayStart(b), 1);
        for (const [a, b] of plan.minus) add(dayStart(a), dayStart(b), -1);
        for (const [t, n] of net) expect(n, new Date(t).toISOString()).toBe(t >= first * DAY && t < (first + length) * DAY ? 1 : 0);
        expect(net.size).toBeGreaterThanOrEqual(length);
        const dayRows = [...plan.plus, ...plan.minus].reduce((a, [x, y]) => a + (dayStart(y) - dayStart(x)) / DAY, 0);
        expect(dayRows).toBeLessThanOrEqual(31);
      }),
      { numRuns: 2000 },
    );
  });
});
