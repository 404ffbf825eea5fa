// What the returns portal's settings refuse, as codes with their parameters (src/core/refusals.ts); each code's
// English is the detail every door has always answered. checkSettings (settings.ts) gathers them as problems.
import { refusalList } from "../core/refusals.js";

export const PORTAL_REFUSALS = refusalList<{
  /** Another store's portal has the handle `handle`. */
  PORTAL_HANDLE_TAKEN: { handle: string };
  /** The handle is not 3 to 40 lowercase letters, digits and single hyphens; `hint`: one made of it (empty when none). */
  PORTAL_HANDLE_INVALID: { hint: string };
  /** The portal's name is empty. */
  PORTAL_NAME_EMPTY: Record<string, never>;
  /** The accent colour `value` is not a hex colour. */
  PORTAL_ACCENT_INVALID: { value: string };
  /** The accent colour `color` has a contrast of `ratio`:1 with white, below `min`:1. */
  PORTAL_ACCENT_CONTRAST: { color: string; ratio: string; min: number };
  /** The language `value` has no catalogue; the portal speaks `languages` (comma-separated). */
  PORTAL_LANGUAGE_UNKNOWN: { value: string; languages: string };
  /** The languages leave English out. */
  PORTAL_LANGUAGE_NO_ENGLISH: Record<string, never>;
  /** No way to send items back is offered. */
  PORTAL_METHODS_EMPTY: Record<string, never>;
  /** The return method `value` does not exist. */
  PORTAL_METHOD_UNKNOWN: { value: string };
  /** The carrier is not one of `carriers` (comma-separated). */
  PORTAL_CARRIER_UNKNOWN: { carriers: string };
  /** The return address's country is not a two-letter code. */
  PORTAL_ADDRESS_COUNTRY: Record<string, never>;
  /** The methods offered need a return address and none is given. */
  PORTAL_ADDRESS_NEEDED: Record<string, never>;
}>("Returns portal", {
  PORTAL_HANDLE_TAKEN: {
    status: 400,
    field: "input.handle",
    en: (p) => `\`input.handle\` "${p.handle}" is taken by another store's portal; choose another.`,
  },
  PORTAL_HANDLE_INVALID: {
    status: 400,
    field: "input.handle",
    en: (p) =>
      `\`input.handle\` must be 3 to 40 lowercase letters, digits and single hyphens, starting and ending with a letter or digit (it is the portal's address, /portal/{handle})${String(p.hint).length >= 3 ? `, e.g. "${p.hint}"` : ""}.`,
  },
  PORTAL_NAME_EMPTY: {
    status: 400,
    field: "input.displayName",
    en: () => "`input.displayName` must not be empty: it is the name shoppers see.",
  },
  PORTAL_ACCENT_INVALID: {
    status: 400,
    field: "input.accentColor",
    en: (p) => `\`input.accentColor\` must be a hex colour such as #1F4E79 (got "${p.value}").`,
  },
  PORTAL_ACCENT_CONTRAST: {
    status: 400,
    field: "input.accentColor",
    en: (p) =>
      `\`input.accentColor\` ${p.color} has a contrast of ${p.ratio}:1 with white, too little both for white text on its buttons and for its links on the white page (at least ${p.min}:1 is needed); choose a darker colour.`,
  },
  PORTAL_LANGUAGE_UNKNOWN: {
    status: 400,
    field: "input.languages",
    en: (p) => `\`input.languages\` may hold ${String(p.languages).split(",").join(" and ")} only; "${p.value}" has no catalogue yet.`,
  },
  PORTAL_LANGUAGE_NO_ENGLISH: {
    status: 400,
    field: "input.languages",
    en: () => "`input.languages` must include en: English is always offered.",
  },
  PORTAL_METHODS_EMPTY: {
    status: 400,
    field: "input.returnMethods",
    en: () => "`input.returnMethods` must offer at least one way to send items back.",
  },
  PORTAL_METHOD_UNKNOWN: { status: 400, field: "input.returnMethods", en: (p) => `Unknown return method "${p.value}".` },
  PORTAL_CARRIER_UNKNOWN: {
    status: 400,
    field: "input.carrier",
    en: (p) => `\`input.carrier\` must be one of: ${String(p.carriers).split(",").join(", ")}.`,
  },
  PORTAL_ADDRESS_COUNTRY: {
    status: 400,
    field: "input.returnAddress.country",
    en: () => "`input.returnAddress.country` must be a two-letter country code such as US or FR.",
  },
  PORTAL_ADDRESS_NEEDED: {
    status: 400,
    field: "input.returnAddress",
    en: () => "`input.returnAddress` is needed: labels are addressed to it and shoppers who ship themselves send to it.",
  },
});
