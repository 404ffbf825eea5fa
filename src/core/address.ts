// A postal address as people and carriers read it, by the destination country's convention (a US one
// "San Francisco, CA 94105", a French one "75002 Paris", a British one's town and postcode on lines of
// their own), from the address formats Google publishes for its address-input library
// (localized-address-format). One place for every reader: the shopper portal, the dashboard and the
// label PDF (src/shipping/label-pdf.ts) all print addresses through `addressLines`.
import { formatAddress } from "localized-address-format";
import { countryName } from "./country-name.js";

export { countryName };

/** An address in the core's words; the orders' own keys (address1, province, zip…) are accepted too. */
export interface AddressParts {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  province?: string | null;
  postalCode?: string | null;
  zip?: string | null;
  /** An ISO 3166-1 alpha-2 code ("US"), or a country's name as the store wrote it. */
  country?: string | null;
  countryCode?: string | null;
}

const text = (v: string | null | undefined) => (v ?? "").trim();

/**
 * The address as lines, in the order and shape of the destination country's convention, the country's
 * name last (in `locale`; upper case on a label, as postal services ask). An unknown country keeps the
 * postal code before the town, so no part is ever dropped. The portal asks the core for the lines without the
 * country (PortalAddress.lines) and names it itself (country-name.ts), so its bundle carries no format table.
 */
export function addressLines(
  a: AddressParts,
  options: {
    locale?: string;
    upperCountry?: boolean /** false: the reader names the country (the portal, in its language). */;
    country?: boolean;
  } = {},
): string[] {
  const name = text(a.name) || [text(a.firstName), text(a.lastName)].filter(Boolean).join(" ");
  const country = text(a.countryCode) || text(a.country);
  const code = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : "";
  const postalCode = text(a.postalCode) || text(a.zip);
  const city = text(a.city);
  const state = text(a.state) || text(a.province);
  const lines = formatAddress({
    postalCountry: code || "ZZ",
    name,
    organization: text(a.company),
    addressLines: [text(a.line1) || text(a.address1), text(a.line2) || text(a.address2)].filter(Boolean),
    locality: city,
    administrativeArea: state,
    postalCode,
  })
    .map((l) => l.trim())
    .filter(Boolean);
  // The default format (an unknown country) has no postal code nor state: keep them beside the town.
  if (postalCode && !lines.some((l) => l.includes(postalCode))) {
    const at = city ? lines.lastIndexOf(city) : -1;
    const place = [postalCode, city].filter(Boolean).join(" ");
    if (at >= 0) lines[at] = place;
    else lines.push(place);
  }
  if (state && !lines.some((l) => l.includes(state))) lines.push(state);
  if (country && options.country !== false) {
    const shown = countryName(country, options.locale ?? "en");
    lines.push(options.upperCountry ? shown.toLocaleUpperCase(options.locale ?? "en") : shown);
  }
  return lines;
}
