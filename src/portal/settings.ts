// The rules of a store's portal settings, as pure functions (unit-tested): a handle that is a URL path
// segment, a colour readable as a button behind white text and as text on white, the languages the
// portal's catalogue holds, and which methods and lookups exist.
import { fail, type FieldProblem } from "../core/errors.js";
import { linkScheme } from "../core/display-text.js";
import { INPUT_REFUSALS } from "../core/input-refusals.js";
import { PORTAL_REFUSALS } from "./refusals.js";
import { ORDER_REFUSALS } from "../orders/refusals.js";
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

const problem = PORTAL_REFUSALS.problem;

/** The handle's refusal as a problem of the settings, or null. */
export function handleRefusal(handle: string): FieldProblem | null {
  if (HANDLE.test(handle) && !handle.includes("--")) return null;
  const hint = handle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return problem("PORTAL_HANDLE_INVALID", { hint });
}
export const handleProblem = (handle: string): string | null => handleRefusal(handle)?.detail ?? null;

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

/** The accent colour's refusal as a problem of the settings, or null. */
export function accentRefusal(text: string): FieldProblem | null {
  const hex = normalHex(text);
  if (!hex) return problem("PORTAL_ACCENT_INVALID", { value: text.slice(0, 20) });
  const ratio = contrastWithWhite(hex);
  if (ratio >= MIN_CONTRAST) return null;
  return problem("PORTAL_ACCENT_CONTRAST", { color: hex, ratio: ratio.toFixed(2), min: MIN_CONTRAST });
}
export const accentProblem = (text: string): string | null => accentRefusal(text)?.detail ?? null;

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
  const add = (p: FieldProblem | null) => {
    if (p) problems.push(p);
  };
  add(handleRefusal(input.handle));
  const displayName = input.displayName.trim();
  if (!displayName) add(problem("PORTAL_NAME_EMPTY"));
  const logoUrl = input.logoUrl?.trim() || null;
  if (logoUrl) {
    const scheme = linkScheme(logoUrl);
    if (scheme !== null) problems.push(INPUT_REFUSALS.problem("LINK_NOT_HTTP", { field: "input.logoUrl", scheme }));
  }
  const accentColor = input.accentColor ?? DEFAULT_ACCENT;
  add(accentRefusal(accentColor));
  const languages = [...new Set(input.languages ?? ["en"])];
  const unknown = languages.filter((l) => !(PORTAL_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length) add(problem("PORTAL_LANGUAGE_UNKNOWN", { value: unknown[0]!, languages: PORTAL_LANGUAGES.join(",") }));
  else if (!languages.includes("en")) add(problem("PORTAL_LANGUAGE_NO_ENGLISH"));
  const methods = [...new Set(input.returnMethods ?? ["prepaid_label"])];
  if (!methods.length) add(problem("PORTAL_METHODS_EMPTY"));
  for (const m of methods) if (!(RETURN_METHODS as readonly string[]).includes(m)) add(problem("PORTAL_METHOD_UNKNOWN", { value: m }));
  const carrier = input.carrier ?? "test";
  if (!CARRIERS.some((c) => c.code === carrier))
    add(problem("PORTAL_CARRIER_UNKNOWN", { carriers: CARRIERS.map((c) => c.code).join(",") }));
  const address = input.returnAddress ?? null;
  if (address) {
    for (const k of ["name", "line1", "city", "country"] as const)
      if (!address[k].trim()) add(ORDER_REFUSALS.problem("TEXT_EMPTY", { field: `input.returnAddress.${k}` }));
    if (address.country.trim() && !/^[A-Za-z]{2}$/.test(address.country.trim())) add(problem("PORTAL_ADDRESS_COUNTRY"));
  } else if (methods.includes("prepaid_label") || methods.includes("ship_yourself")) {
    add(problem("PORTAL_ADDRESS_NEEDED"));
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
