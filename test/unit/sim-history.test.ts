// The simulation's history window (src/policy/sim-history.ts) against the rows it stands for: for each
// return, in the run's order, the dates of the customer's returns in the rules' window before it (by
// customer record, else by e-mail, over every order naming that e-mail), as the run reads them.
import { describe, expect, it } from "vitest";
import { type HistoryEntry, HistoryWindow } from "../../src/policy/sim-history.js";

const DAY = 86_400_000;

describe("simulation history window", () => {
  it("holds each customer's returns of the window, by record, else by e-mail (an index built when first asked)", () => {
    // A seeded walk: customers with and without records, e-mails shared across records, returns a few hours apart.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const entries: HistoryEntry[] = [];
    let at = 0;
    for (let i = 0; i < 3_000; i++) {
      at += rand(6) * 3_600_000;
      const c = rand(40);
      entries.push({ rec: c < 30 ? `cus_${c}` : null, email: rand(10) ? `shopper${c % 35}@x.test` : null, at });
    }
    const windowMs = 5 * DAY;
    const w = new HistoryWindow(windowMs);
    let emailAsked = 0;
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100);
      w.add(chunk);
      w.forgetBefore(chunk[0]!.at);
      for (const e of chunk) {
        // What the run takes of them (src/policy/sim-read.ts): the dates in the rules' window before this return.
        const seen = (dates: readonly number[]) => dates.filter((d) => d >= e.at - windowMs && d < e.at);
        const want = entries.filter((x) => (e.rec ? x.rec === e.rec : e.email ? x.email === e.email : false)).map((x) => x.at);
        if (!e.rec && e.email) emailAsked++;
        expect(seen(w.datesOf(e.rec, e.email))).toEqual(seen(want));
      }
    }
    expect(emailAsked).toBeGreaterThan(0);
  });
});
