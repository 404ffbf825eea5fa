// What return tags refuse, as codes with their parameters (src/core/refusals.ts); each code's English is the
// detail every door has always answered. The rest of the returns domain's refusals are in ./refusals.ts.
import { quoted, refusalList } from "../core/refusals.js";

const INVALID = "return-tag/invalid-request";
const RENAME_REFUSED = "return-tag/rename-precondition-failed";

export const TAG_REFUSALS = refusalList<{
  /** A tag name has no visible character. */
  TAG_NAME_BLANK: { field: string };
  /** A tag name is longer than `max` characters. */
  TAG_NAME_TOO_LONG: { field: string; max: number };
  /** A tag name holds control characters. */
  TAG_NAME_CONTROL: { field: string };
  /** The pill theme `value` is not one of `themes` (comma-separated). */
  TAG_THEME_UNKNOWN: { value: string; themes: string };
  /** No tag `name` to rename in the store. */
  TAG_RENAME_UNKNOWN: { name: string };
  /** The tag `name` was renamed or deleted meanwhile. */
  TAG_RENAME_GONE: { name: string };
  /** A tag `name` exists already (the new name of a rename). */
  TAG_NAME_TAKEN: { name: string };
  /** The store holds `max` tags already. */
  TAG_LIMIT: { max: number };
  /** No tag `name` in the store. */
  TAG_NOT_FOUND: { name: string };
  /** Tagging a return names no tag. */
  TAG_NAMES_EMPTY: Record<string, never>;
  /** No tag `name` in the store to put on a return. */
  TAG_UNKNOWN: { field: string; name: string };
  /** A return carries `max` tags already. */
  TAG_RETURN_FULL: { max: number };
}>("Return tags", {
  TAG_NAME_BLANK: {
    status: 400,
    type: INVALID,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must name a tag: at least one visible character.`,
  },
  TAG_NAME_TOO_LONG: {
    status: 400,
    type: INVALID,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` may hold at most ${p.max} characters.`,
  },
  TAG_NAME_CONTROL: {
    status: 400,
    type: INVALID,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must not contain control characters (tabs, line breaks).`,
  },
  TAG_THEME_UNKNOWN: { status: 400, field: "pillTheme", en: (p) => `\`pillTheme\` must be one of ${p.themes}; got ${quoted(p.value)}.` },
  TAG_RENAME_UNKNOWN: {
    status: 400,
    type: RENAME_REFUSED,
    field: "name",
    en: (p) => `No tag ${quoted(p.name)} to rename in this store; create it first (PUT without \`newName\`).`,
  },
  TAG_RENAME_GONE: {
    status: 400,
    type: RENAME_REFUSED,
    field: "name",
    en: (p) => `No tag ${quoted(p.name)} to rename in this store (it was just renamed or deleted).`,
  },
  TAG_NAME_TAKEN: {
    status: 400,
    type: RENAME_REFUSED,
    field: "newName",
    en: (p) => `A tag ${quoted(p.name)} already exists in this store; choose another \`newName\`.`,
  },
  TAG_LIMIT: {
    status: 409,
    type: "return-tag/limit-reached",
    title: "Too many tags",
    en: (p) => `A store holds at most ${p.max} return tags; delete one before creating another.`,
  },
  TAG_NOT_FOUND: {
    status: 400,
    type: "return-tag/not-found",
    field: "name",
    en: (p) => `No tag ${quoted(p.name)} in this store (names are case-sensitive).`,
  },
  TAG_NAMES_EMPTY: { status: 400, field: "names", en: () => "`names` must name at least one tag." },
  TAG_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `No tag ${quoted(p.name)} in this store; create it first (\`upsertReturnTag\`).`,
  },
  TAG_RETURN_FULL: { status: 400, field: "names", en: (p) => `A return carries at most ${p.max} tags; remove one first.` },
});

export const refuse = TAG_REFUSALS.refuse;
