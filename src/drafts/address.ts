// The address a draft's return ships from, in the core's words (line1, line2, city, state, postalCode,
// country as ISO 3166-1 alpha-2, plus who and how to reach them): the shape of the return's own address with
// the sender's name, company and phone, and the country's name as the shopper wrote it (a storefront's API
// sends one beside the code). Doors rename to and from their own words (the compat door: address1, zip,
// country_code). Drafts stored before this shape (address1, zip, countryCode) are read the same.
import type { FieldProblem } from "../core/errors.js";
import { problem } from "./refusals.js";
import { normalName } from "../core/display-text.js";
import type { CreateReturnInput } from "../returns/service.js";

export interface DraftAddress {
  name: string | null;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The country's name as given (display only). */
  countryName: string | null;
  phone: string | null;
}

/** A return's address (as every door creates one), plus who sends it. */
export interface DraftAddressInput extends NonNullable<CreateReturnInput["shippingAddress"]> {
  name?: string | null;
  company?: string | null;
  countryName?: string | null;
  phone?: string | null;
}

const text = (v: string | null | undefined) => (v == null || !v.trim() ? null : normalName(v.trim()));

/** The address to store, or every problem of it (fields named under `address.`). */
export function checkAddress(a: DraftAddressInput): { address: DraftAddress; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (!a.line1.trim()) problems.push(problem("ADDRESS_PART_EMPTY", { field: "address.line1" }));
  if (!a.city.trim()) problems.push(problem("ADDRESS_PART_EMPTY", { field: "address.city" }));
  if (!/^[A-Za-z]{2}$/.test(a.country.trim())) problems.push(problem("ADDRESS_COUNTRY_INVALID", { field: "address.country" }));
  return {
    problems,
    address: {
      name: text(a.name),
      company: text(a.company),
      line1: text(a.line1) ?? "",
      line2: text(a.line2),
      city: text(a.city) ?? "",
      state: text(a.state),
      postalCode: text(a.postalCode),
      country: a.country.trim().toUpperCase(),
      countryName: text(a.countryName),
      phone: text(a.phone),
    },
  };
}

/** The stored address (this shape, or the one drafts were stored with before it); null when none. */
export function readDraftAddress(json: string | null): DraftAddress | null {
  if (!json) return null;
  const a = JSON.parse(json) as Record<string, string | null | undefined>;
  // Before: {address1, address2, zip, countryCode, country: the name}.
  const old = a.line1 === undefined && a.address1 !== undefined;
  const line1 = (old ? a.address1 : a.line1) ?? "";
  const country = (old ? a.countryCode : a.country) ?? "";
  if (!line1 || !a.city || !country) return null;
  return {
    name: a.name ?? null,
    company: a.company ?? null,
    line1,
    line2: (old ? a.address2 : a.line2) ?? null,
    city: a.city,
    state: a.state ?? null,
    postalCode: (old ? a.zip : a.postalCode) ?? null,
    country,
    countryName: (old ? a.country : a.countryName) ?? null,
    phone: a.phone ?? null,
  };
}

/** The order's shipping address (as the order sync stores it) as the draft's, or null without a usable one. */
export function addressFromOrder(json: string | null): string | null {
  if (!json) return null;
  try {
    const a = JSON.parse(json) as Record<string, string | null | undefined>;
    const country = (a.country ?? a.countryCode ?? "").toUpperCase();
    if (!a.address1 || !a.city || !country) return null;
    const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
    const address: DraftAddress = {
      name: name || null,
      company: a.company ?? null,
      line1: a.address1,
      line2: a.address2 ?? null,
      city: a.city,
      state: a.province ?? a.provinceCode ?? null,
      postalCode: a.postalCode ?? a.zip ?? null,
      country,
      countryName: null,
      phone: a.phone ?? null,
    };
    return JSON.stringify(address);
  } catch {
    return null;
  }
}
