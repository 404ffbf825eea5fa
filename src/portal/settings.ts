// The rules of a store's portal settings, as pure functions (unit-tested): a handle that is a URL path
// segment, a colour readable as a button behind white text and as text on white, the languages the
// portal's catalogue holds, and which methods and lookups exist.
import { fail, type FieldProblem } from "../core/errors.js";
import { linkScheme } from "../core/display-text.js";
import { INPUT_REFUSALS } from "../core/input-refusals.js";
import { LANGUAGES } from "../core/words/index.js";
import { RETURN_METHODS, type ReturnMethod } from "../shipping/service.js";
import { CARRIERS } from "../shipping/carrier.js";

/** English always, plus one more: a language the shopper's catalogue has (src/core/words, one file a language). */
export const PORTAL_LANGUAGES = LANGUAGES;
export const LOOKUP_METHODS = ["email", "postal_code", "either"] as const;
export type LookupMethod = (typeof LOOKUP_METHODS)[number];
/** WCAG 2 AA for normal text: the accent is both a button behind white text and link text on white. */
export const MIN_CONTRAST = 4.5;
export const DEFAULT_ACCENT = "#1F4E79";

const HANDLE = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;

export function handleProblem(handle: string): string | null {
  if (HANDLE.test(handle) && !handle.includes("--")) return null;
  const hint = handle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `\`input.handle\` must be 3 to 40 lowercase letters, digits and single hyphens, starting and ending with a letter or digit (it is the portal's address, /portal/{handle})${hint.length >= 3 ? `, e.g. "${hint}"` : ""}.`;
}

/** Relative luminance of an sRGB colour "#RRGGBB" (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of the colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** "#abc" / "#AABBCC" → "#AABBCC"; null when it is not a hex colour. */
export function normalHex(text: string): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return `#${h.toUpperCase()}`;
}

export function accentProblem(text: string): string | null {
  const hex = normalHex(text);
  if (!hex) return `\`input.accentColor\` must be a hex colour such as #1F4E79 (got "${text.slice(0, 20)}").`;
  const ratio = contrastWithWhite(hex);
  if (ratio >= MIN_CONTRAST) return null;
  return `\`input.accentColor\` ${hex} has a contrast of ${ratio.toFixed(2)}:1 with white, too little both for white text on its buttons and for its links on the white page (at least ${MIN_CONTRAST}:1 is needed); choose a darker colour.`;
}

export interface AddressInput {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state?: string | null;
  postalCode?: string | null;
  country: string;
}

export interface PortalSettingsInput {
  handle: string;
  displayName: string;
  logoUrl?: string | null;
  accentColor?: string | null;
  languages?: string[] | null;
  lookupMethod?: LookupMethod | null;
  returnAddress?: AddressInput | null;
  returnMethods?: ReturnMethod[] | null;
  carrier?: string | null;
}

/** The row to write, or every problem of the input at once (400 naming each field). */
export function checkSettings(input: PortalSettingsInput) {
  const problems: FieldProblem[] = [];
  const add = (field: string, detail: string | null) => {
    if (detail) problems.push({ field, detail });
  };
  add("input.handle", handleProblem(input.handle));
  const displayName = input.displayName.trim();
  if (!displayName) add("input.displayName", "`input.displayName` must not be empty: it is the name shoppers see.");
  const logoUrl = input.logoUrl?.trim() || null;
  if (logoUrl) {
    const scheme = linkScheme(logoUrl);
    if (scheme !== null) problems.push(INPUT_REFUSALS.problem("LINK_NOT_HTTP", { field: "input.logoUrl", scheme }));
  }
  const accentColor = input.accentColor ?? DEFAULT_ACCENT;
  add("input.accentColor", accentProblem(accentColor));
  const languages = [...new Set(input.languages ?? ["en"])];
  const unknown = languages.filter((l) => !(PORTAL_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length)
    add("input.languages", `\`input.languages\` may hold ${PORTAL_LANGUAGES.join(" and ")} only; "${unknown[0]}" has no catalogue yet.`);
  else if (!languages.includes("en")) add("input.languages", "`input.languages` must include en: English is always offered.");
  const methods = [...new Set(input.returnMethods ?? ["prepaid_label"])];
  if (!methods.length) add("input.returnMethods", "`input.returnMethods` must offer at least one way to send items back.");
  for (const m of methods)
    if (!(RETURN_METHODS as readonly string[]).includes(m)) add("input.returnMethods", `Unknown return method "${m}".`);
  const carrier = input.carrier ?? "test";
  if (!CARRIERS.some((c) => c.code === carrier))
    add("input.carrier", `\`input.carrier\` must be one of: ${CARRIERS.map((c) => c.code).join(", ")}.`);
  const address = input.returnAddress ?? null;
  if (address) {
    for (const k of ["name", "line1", "city", "country"] as const)
      if (!address[k].trim()) add(`input.returnAddress.${k}`, `\`input.returnAddress.${k}\` must not be empty.`);
    if (address.country.trim() && !/^[A-Za-z]{2}$/.test(address.country.trim()))
      add("input.returnAddress.country", "`input.returnAddress.country` must be a two-letter country code such as US or FR.");
  } else if (methods.includes("prepaid_label") || methods.includes("ship_yourself")) {
    add("input.returnAddress", "`input.returnAddress` is needed: labels are addressed to it and shoppers who ship themselves send to it.");
  }
  if (problems.length) throw fail.badInputs(problems);
  return {
    handle: input.handle,
    displayName,
    logoUrl,
    accentColor: normalHex(accentColor)!,
    // English first, then the other language.
    languages: ["en", ...languages.filter((l) => l !== "en")].join(","),
    lookupMethod: input.lookupMethod ?? "email",
    returnAddress: address
      ? JSON.stringify({
          name: address.name.trim(),
          line1: address.line1.trim(),
          line2: address.line2?.trim() || null,
          city: address.city.trim(),
          state: address.state?.trim() || null,
          postalCode: address.postalCode?.trim() || null,
          country: address.country.trim().toUpperCase(),
        })
      : null,
    returnMethods: methods.join(","),
    carrier,
  };
}
