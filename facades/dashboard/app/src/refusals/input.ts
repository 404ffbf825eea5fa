// The core's refusals of a request's bounds and limits, and of storage (src/core/input-refusals.ts), in the merchant's words.
import type { RefusalWords } from "./types.js";

export const INPUT_WORDS: RefusalWords = {
  LIST_PAST_BOUND: (p) => `This list holds ${p.count} entries; at most ${p.max} are allowed.`,
  TEXT_PAST_BOUND: (p) => `This is too long: ${p.length} characters, at most ${p.max}.`,
  NUMBER_OUT_OF_RANGE: (p) => `Enter ${p.kind === "integer" ? "a whole number" : "a number"} from ${p.min} to ${p.max}.`,
  NAME_INVISIBLE_CHARACTER: (p) =>
    `This name holds an invisible character (${p.character}, at position ${p.position}); names are shown to people: remove it.`,
  LINK_NOT_HTTP: () => "Enter a whole web address starting with https://.",
  TEXT_NOT_STORABLE: () => "This text holds a character that cannot be stored; remove it and type it again.",
  QUERY_COST_PAST_LIMIT: () => "This page asked for too much at once; show fewer rows per page.",
  QUERY_ROWS_PAST_LIMIT: () => "This page asked for too many rows at once; show fewer rows per page.",
  STORAGE_UNAVAILABLE: (p) => `Retour cannot reach its database right now, so nothing was changed; try again in ${p.seconds} seconds.`,
};
