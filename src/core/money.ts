// Money is stored as integer minor units plus an ISO 4217 code and shown as a decimal string.
import { refuse } from "./core-refusals.js";

const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

const exponents = new Map<string, number>();
export function currencyExponent(currency: string): number {
  // Cached by the code as given (a policy simulation formats millions of amounts in a few currencies).
  let exp = exponents.get(currency);
  if (exp === undefined) {
    const c = currency.toUpperCase();
    exp = ZERO_DECIMAL.has(c) ? 0 : THREE_DECIMAL.has(c) ? 3 : 2;
    if (exponents.size >= 1_000) exponents.clear();
    exponents.set(currency, exp);
  }
  return exp;
}

export interface Money {
  amount: string;
  currency: string;
}

export function formatMinor(minor: number | bigint, currency: string): string {
  const exp = currencyExponent(currency);
  // A safe integer without BigInt (the same text): the evaluator formats every amount it computes.
  if (typeof minor === "number" && Number.isSafeInteger(minor)) {
    const digits = String(Math.abs(minor)).padStart(exp + 1, "0");
    const sign = minor < 0 ? "-" : "";
    return exp ? `${sign}${digits.slice(0, digits.length - exp)}.${digits.slice(digits.length - exp)}` : `${sign}${digits}`;
  }
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const digits = abs.toString().padStart(exp + 1, "0");
  const whole = digits.slice(0, digits.length - exp);
  const frac = exp ? "." + digits.slice(digits.length - exp) : "";
  return `${negative ? "-" : ""}${whole}${frac}`;
}

export function money(minor: number | bigint, currency: string): Money {
  return { amount: formatMinor(minor, currency), currency: currency.toUpperCase() };
}

/** Parses "12.5" / "12.50" / 12.5 into minor units, refusing more precision than the currency has. */
export function parseMajor(value: string | number, currency: string, field: string): number {
  const exp = currencyExponent(currency);
  const text = typeof value === "number" ? String(value) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw refuse("AMOUNT_INVALID", { field, value });
  const frac = (m[3] ?? "").replace(/0+$/, "");
  if (frac.length > exp) throw refuse("AMOUNT_TOO_PRECISE", { field, currency: currency.toUpperCase(), decimals: exp });
  const minor = BigInt(m[2] + frac.padEnd(exp, "0"));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw refuse("AMOUNT_TOO_LARGE", { field });
  return Number(m[1] ? -minor : minor);
}

export function assertCurrency(currency: string, field: string): string {
  if (!/^[A-Za-z]{3}$/.test(currency)) throw refuse("CURRENCY_INVALID", { field, value: currency });
  return currency.toUpperCase();
}
