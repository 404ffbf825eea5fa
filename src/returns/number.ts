// A return's number as people read it, apart from the list (src/returns/list.ts re-exports it) so that the
// policy simulation's worker thread (src/policy/sim-worker.ts) bundles it without the list's imports.

/** The human number of a return (its per-row compat id), as every screen shows it. */
export function formatReturnNumber(compatId: number | null): string | null {
  return compatId == null ? null : `R${compatId}`;
}
