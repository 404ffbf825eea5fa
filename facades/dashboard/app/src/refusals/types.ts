/** A catalogue of refusals: each code's sentence from its parameters. */
export type RefusalWords = Record<string, (p: Record<string, string | number>) => string>;

/** A value the merchant typed, quoted for a sentence. */
export const typed = (v: string | number | undefined) => `“${String(v ?? "")}”`;

/** An instant (ISO 8601) as a reader reads it: the day and the time in UTC. */
export const when = (iso: string | number | undefined) => {
  const d = new Date(String(iso ?? ""));
  return Number.isNaN(d.getTime()) ? String(iso ?? "") : `${d.toISOString().slice(0, 10)} at ${d.toISOString().slice(11, 16)} UTC`;
};

/**
 * The field a refusal concerns, for a form to name by its label: a form replaces the quoted API path with the
 * field's label (forms.ts `withLabels`), as it does in the core's English; `fallback` when none is named.
 */
export const fieldOf = (p: Record<string, string | number>, fallback: string) => (p.field ? `\`${p.field}\`` : fallback);
