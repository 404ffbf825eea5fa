// The portal's words: the shopper's catalogue shared with the shopper emails, one file a language
// (src/core/words: en.ts is the reference, fr.ts the same keys). The door's server side uses it too, for the
// page's title, its loading line and the 404 page. The policy's decisions come from the core as codes and are
// worded here (./decisions.ts); words the store wrote (reasons, a review rule's message) are shown as written.
import {
  CATALOGUES,
  chooseLanguage,
  isLang,
  LANGUAGES,
  type Lang,
  say,
  type WordKey,
  type Words,
} from "../../../../src/core/words/index.js";

export { chooseLanguage, isLang, LANGUAGES, say };
export type { Lang };
export type Key = WordKey;

export const CATALOGUE: Record<Lang, Words> = CATALOGUES;

/** The sentences of `prefix` ("status.") in a language, by the rest of their key. */
const group = (prefix: string): Record<Lang, Record<string, string>> =>
  Object.fromEntries(
    LANGUAGES.map((l) => [
      l,
      Object.fromEntries(
        Object.entries(CATALOGUES[l])
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, v]) => [k.slice(prefix.length), v]),
      ),
    ]),
  ) as Record<Lang, Record<string, string>>;

/** The status page's timeline steps and the return's states, by their core names. */
export const TIMELINE = group("timeline.");
export const STATUS = group("status.");
