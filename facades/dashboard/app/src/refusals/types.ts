/** A catalogue of refusals: each code's sentence from its parameters. */
export type RefusalWords = Record<string, (p: Record<string, string | number>) => string>;

/** A value the merchant typed, quoted for a sentence. */
export const typed = (v: string | number | undefined) => `“${String(v ?? "")}”`;
