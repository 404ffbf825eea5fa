// A search's page is cut from its matches in memory (src/returns/search-page.ts), where every other list
// asks the database with a keyset (src/core/pagination.ts). Walked with the real `paginate` and its cursors,
// pages of any size in either order, forward and then backward from the end, must give the matches under
// the filters each exactly once, in the order the database gives (the sort key, then the id), ties included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CursorCodec, paginate } from "../../src/core/pagination.js";
import { matchPage, matchesUnder } from "../../src/returns/search-page.js";
import type { SearchMatch } from "../../src/returns/search.js";

const STATUSES = ["open", "flagged", "complete"];
const T0 = Date.UTC(2026, 0, 1);
// Few distinct times, so ties on the sort key are common.
const match = fc.record({
  id: fc.stringMatching(/^ret_[a-z0-9]{1,4}$/),
  status: fc.constantFrom(...STATUSES),
  created: fc.nat(6),
  updated: fc.nat(6),
});

describe("a search's matches paged in memory", () => {
  it("walks every match under the filters once, in the list's order, both ways", async () => {
    const codec = new CursorCodec("s".repeat(32));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(match, { selector: (m) => m.id, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom("createdAt" as const, "updatedAt" as const),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
        fc.option(fc.nat(6), { nil: undefined }),
        async (raw, size, sortField, direction, status, min) => {
          const matches: SearchMatch[] = raw.map((m) => ({
            id: m.id,
            status: m.status,
            createdAt: new Date(T0 + m.created * 1000),
            updatedAt: new Date(T0 + m.updated * 1000),
          }));
          const f = { status, updatedAtMin: min == null ? null : new Date(T0 + min * 1000) };
          const sign = direction === "desc" ? -1 : 1;
          const expected = matches
            .filter((m) => (!status || m.status === status) && (min == null || m.updatedAt.getTime() >= T0 + min * 1000))
            .sort((a, b) => sign * (a[sortField].getTime() - b[sortField].getTime() || (a.id < b.id ? -1 : 1)))
            .map((m) => m.id);
          const page = (args: { first?: number; after?: string; last?: number; before?: string }) =>
            paginate(codec, {
              list: "l",
              args,
              defaultSize: size,
              maxSize: 50,
              sortField,
              direction,
              fetch: async (_keyset, take, cursor) =>
                matchPage(matchesUnder(matches, f), sortField, direction, take, cursor).map((id) => matches.find((m) => m.id === id)!),
            });
          const forward: string[] = [];
          let after: string | undefined;
          let last: string | undefined;
          for (let i = 0; i <= expected.length; i++) {
            const p = await page({ first: size, after });
            forward.push(...p.nodes.map((n) => n.id));
            last = p.pageInfo.endCursor ?? last;
            if (!p.pageInfo.hasNextPage) break;
            after = p.pageInfo.endCursor!;
          }
          expect(forward).toEqual(expected);
          if (expected.length < 2 || !last) return;
          // Backward from the last match: everything before it, each once, in the list's order.
          const backward: string[] = [];
          let before: string | undefined = last;
          for (let i = 0; i <= expected.length; i++) {
            const p = await page({ last: size, before });
            backward.unshift(...p.nodes.map((n) => n.id));
            if (!p.pageInfo.hasPreviousPage) break;
            before = p.pageInfo.startCursor!;
          }
          expect(backward).toEqual(expected.slice(0, -1));
        },
      ),
      { numRuns: 300 },
    );
  });
});
