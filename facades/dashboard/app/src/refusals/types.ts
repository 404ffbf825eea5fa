/** A catalogue of refusals: each code's sentence from its parameters. */
export type RefusalWords = Record<string, (p: Record<string, string | number>) => string>;

/** A value the merchant typed, quoted for a sentence. */
export const typed = (v: string | number | undefined) => `“${String(v ?? "")}”`;

/** An instant (ISO 8601) as a reader reads it: the day and the time in UTC. */
export const when = (iso: string | number | undefined) => {
  const d = new Date(String(iso ?? ""));
  return Number.isNaN(d.getTime()) ? String(iso ?? "") : `${d.toISOString().slice(0, 10)} at ${d.toISOString().slice(11, 16)} UTC`;
};
