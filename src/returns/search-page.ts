// The returns list under a search with no tag or order name beside it (a status or an `updatedAt` window
// may stand beside it). The search read its matches with their status and times in its own statement (at
// most SEARCH_BOUND, src/returns/search.ts), so the page's order and cursor, the status and window filters
// and the status tabs are worked out from those rows, and only the page's returns are read again, by key.
// Before, a common name's 500 matches were sent back to the database as 500 bound ids twice (the page and
// the counts, in chunks of 400 on SQLite): 2.3× (SQLite) and 5.1× (PostgreSQL) the 10 000-return store's
// time, where a name matches 33.
import type { SearchMatch } from "./search.js";

export interface MatchFilters {
  status?: string | null;
  updatedAtMin?: Date | null;
  updatedAtMax?: Date | null;
}

/** The matches the list's own filters keep; `withStatus: false` leaves the status out (the tabs count every status). */
export function matchesUnder(matches: SearchMatch[], f: MatchFilters, withStatus = true): SearchMatch[] {
  return matches.filter(
    (m) =>
      (!withStatus || !f.status || m.status === f.status) &&
      (!f.updatedAtMin || m.updatedAt.getTime() >= f.updatedAtMin.getTime()) &&
      (!f.updatedAtMax || m.updatedAt.getTime() < f.updatedAtMax.getTime()),
  );
}

/**
 * The ids of a page of matches, as `paginate`'s fetch answers (src/core/pagination.ts): in the list's order
 * (the sort key, then the id), beyond the cursor (before it when `take` is negative, a page read
 * backwards), `take` of them (the last |take| when negative).
 */
export function matchPage(
  matches: SearchMatch[],
  sortField: "createdAt" | "updatedAt",
  direction: "asc" | "desc",
  take: number,
  cursor?: { k: string | number; i: string },
): string[] {
  const sign = direction === "desc" ? -1 : 1;
  const cmp = (a: { t: number; id: string }, b: { t: number; id: string }) =>
    sign * (a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = matches.map((m) => ({ t: m[sortField].getTime(), id: m.id })).sort(cmp);
  const backward = take < 0;
  const at = cursor && { t: typeof cursor.k === "number" ? cursor.k : new Date(cursor.k).getTime(), id: cursor.i };
  const beyond = at ? rows.filter((r) => (backward ? cmp(r, at) < 0 : cmp(r, at) > 0)) : rows;
  return (backward ? beyond.slice(take) : beyond.slice(0, take)).map((r) => r.id);
}
