// A country's name in the reader's language, from Intl alone (no table to ship): the portal names the country of
// an address the core wrote by its convention (src/core/address.ts), the dashboard and the label through it.

/** The country's name in `locale` for a two-letter code ("FR" → "France", "Frankreich"); anything else as written. */
export function countryName(country: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}
