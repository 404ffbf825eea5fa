// The overview's period cut into roll-up parts (src/returns/period.ts): whole days and signed edges that cover
// [from, to) exactly once net, the edges within one day each and at most half a day when taken off.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthPlan, periodParts } from "../../src/returns/period.js";

const DAY = 86_400_000;
const dayStart = (key: string) => Date.parse(`${key}T00:00:00Z`);
const monthStart = (key: string) => Date.parse(`${key}-01T00:00:00Z`);

describe("periodParts", () => {
  it("covers the period exactly once, net, and reads at most half a day of returns at an end", () => {
    const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) });
    // Periods up to 366 days, with ends often on a midnight or a first of the month.
    const snap = (t: number, how: number) =>
      how === 0 ? t : how === 1 ? Math.floor(t / DAY) * DAY : Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 366 * DAY }), fc.nat(2), fc.nat(2), (start, length, a, b) => {
        const from = snap(start, a);
        const to = Math.max(from + 1, snap(from + length, b));
        const p = periodParts(new Date(from), new Date(to));
        // Signed pieces: the whole days (+1) and the edges (+1 added, -1 taken off a whole day).
        const pieces: [number, number, number][] = p.edges.map((e) => [e.from.getTime(), e.to.getTime(), e.sign]);
        if (p.days) pieces.push([dayStart(p.days[0]), dayStart(p.days[1]), 1]);
        for (const e of p.edges) {
          expect(e.from.getTime()).toBeLessThan(e.to.getTime());
          // Each edge within one UTC day; one taken off is at most half of it, and lies in the whole days.
          expect(Math.floor(e.from.getTime() / DAY)).toBe(Math.floor((e.to.getTime() - 1) / DAY));
          if (e.sign < 0) {
            expect(e.to.getTime() - e.from.getTime()).toBeLessThan(DAY / 2);
            expect(p.days && e.from.getTime() >= dayStart(p.days[0]) && e.to.getTime() <= dayStart(p.days[1])).toBe(true);
          }
        }
        // Net coverage between every two consecutive boundaries: 1 inside [from, to), 0 outside.
        const bounds = [...new Set(pieces.flatMap(([x, y]) => [x, y]).concat([from, to]))].sort((x, y) => x - y);
        for (let i = 1; i < bounds.length; i++) {
          const mid = (bounds[i - 1] + bounds[i]) / 2;
          const net = pieces.reduce((n, [x, y, sign]) => n + (x <= mid && mid < y ? sign : 0), 0);
          expect(net, new Date(mid).toISOString()).toBe(mid >= from && mid < to ? 1 : 0);
        }
        // Returns read at the ends: at most half a day each, unless the period lies within one day.
        const raw = p.edges.reduce((n, e) => n + e.to.getTime() - e.from.getTime(), 0);
        if (p.days || p.edges.length > 1) expect(raw).toBeLessThanOrEqual(DAY);
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
