// What the core refuses of a request before any resolver runs (the schema's input bounds, text no database
// stores, the query's cost and page rows) and when the database is away, as codes with their parameters
// (src/core/refusals.ts); each code's English is the detail every door has always answered.
import { refusalList } from "./refusals.js";
import { STORAGE_UNAVAILABLE_ENTRY } from "./storage-refusal.js";

const TOO_COMPLEX = { status: 400, code: "QUERY_TOO_COMPLEX", type: "request/query-too-complex", title: "Query too complex" } as const;

export const INPUT_REFUSALS = refusalList<{
  /** A list holds `count` entries, more than its bound `max`. */
  LIST_PAST_BOUND: { field: string; count: number; max: number };
  /** A text has `length` characters, more than its bound `max`. */
  TEXT_PAST_BOUND: { field: string; length: number; max: number };
  /** A number `value` is outside `min`–`max` (`kind`: integer or number). */
  NUMBER_OUT_OF_RANGE: { field: string; kind: string; min: number; max: number; value: number };
  /** A name holds the invisible or direction-control character `character` (U+XXXX) at `position`. */
  NAME_INVISIBLE_CHARACTER: { field: string; character: string; position: number };
  /** A link is not an absolute URL (`scheme` empty) or is not http(s) (`scheme`: its scheme). */
  LINK_NOT_HTTP: { field: string; scheme: string };
  /** A text holds what no database stores: `reason` NUL (U+0000) or LONE_SURROGATE. */
  TEXT_NOT_STORABLE: { field: string; reason: string };
  /** The query costs at least `cost`, more than `max`. */
  QUERY_COST_PAST_LIMIT: { cost: number; max: number };
  /** The query asks for at least `rows` rows of pages, more than `max`. */
  QUERY_ROWS_PAST_LIMIT: { rows: number; max: number };
  /** The database is unavailable: nothing was changed; retry in `seconds`. */
  STORAGE_UNAVAILABLE: { seconds: number };
}>("Request bounds and limits", {
  LIST_PAST_BOUND: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` holds ${p.count} entries; at most ${p.max} are allowed (maxItems).`,
  },
  TEXT_PAST_BOUND: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` has ${p.length} characters; at most ${p.max} are allowed (maxLength); shorten it.`,
  },
  NUMBER_OUT_OF_RANGE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be ${p.kind === "integer" ? "an integer" : "a number"} from ${p.min} to ${p.max}; got ${p.value}.`,
  },
  NAME_INVISIBLE_CHARACTER: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` holds the invisible or direction-control character ${p.character} at position ${p.position}; names are shown to people, remove it.`,
  },
  LINK_NOT_HTTP: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an absolute http(s) URL${p.scheme ? `; a ${p.scheme} URL is not allowed` : ""}.`,
  },
  TEXT_NOT_STORABLE: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      p.reason === "NUL"
        ? `\`${p.field}\` contains the NUL character (U+0000), which is not allowed in any text; remove it.`
        : `\`${p.field}\` contains a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff escape), which is not text; send well-formed Unicode.`,
  },
  QUERY_COST_PAST_LIMIT: {
    ...TOO_COMPLEX,
    en: (p) =>
      `The query's estimated cost is at least ${p.cost}; the limit is ${p.max}. Each field costs 1; a list multiplies what it selects by its bound (a paged list by its page size). Ask for smaller pages or fewer nested lists.`,
  },
  QUERY_ROWS_PAST_LIMIT: {
    ...TOO_COMPLEX,
    en: (p) =>
      `The query asks for at least ${p.rows} rows of pages across its fields and aliases; the limit is ${p.max}. Ask for fewer or smaller pages per request, and take the next page with its cursor.`,
  },
  STORAGE_UNAVAILABLE: STORAGE_UNAVAILABLE_ENTRY,
});

export const refuse = INPUT_REFUSALS.refuse;
