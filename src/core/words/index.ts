// The shopper's catalogue, one file a language, shared by the portal (facades/portal) and the shopper emails
// (src/email): `say` puts values into a key's sentence. A new language is its file beside ./en.ts and its line
// in LANGUAGES' table below; the portal may then offer it (src/portal/settings.ts) and its emails speak it.
import { en, type WordKey, type Words } from "./en.js";
import { fr } from "./fr.js";

export type { WordKey, Words };

export const CATALOGUES = { en, fr } satisfies Record<string, Words>;
export type Lang = keyof typeof CATALOGUES;
/** The languages a shopper can read, English first. */
export const LANGUAGES = Object.keys(CATALOGUES) as Lang[];

export const isLang = (l: string): l is Lang => Object.hasOwn(CATALOGUES, l);

/** The language of a tag ("fr-CA" → fr) when there is a catalogue for it, else English. */
export const langOf = (tag: string | null | undefined): Lang => {
  const primary = (tag ?? "").toLowerCase().split("-")[0] ?? "";
  return isLang(primary) ? primary : "en";
};

/** The first of `wanted` (language tags, best first) among `speaks` that has a catalogue, by its primary subtag; else the first of `speaks`. */
export function chooseLanguage(wanted: readonly string[], speaks: readonly string[]): Lang {
  const known = speaks.filter(isLang);
  for (const w of wanted) {
    const primary = w.toLowerCase().split("-")[0];
    const hit = known.find((l) => l === primary);
    if (hit) return hit;
  }
  return known[0] ?? "en";
}

/** The `{placeholders}` of a sentence, sorted. */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** The catalogue's text for `key` in `lang`, with `{name}` replaced by `values.name`. */
export function say(lang: Lang, key: WordKey, values: Record<string, string | number> = {}): string {
  return CATALOGUES[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
