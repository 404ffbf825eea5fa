// The platform's wire formats: timestamps, money, the dates it accepts and its absolute page URLs.
// (Its rules — states, windows, refusals — live in src/warehouse/rules.ts.)
import type { Request } from "express";

/** The platform's real timestamp format: `YYYY-MM-DD HH:MM:SS`, UTC. */
export function compatTimestamp(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace("T", " ");
}

/** The core's exact decimal money as the platform's two places ("63.3" → "63.30", "1.005" → "1.01", half up). */
export function money2(amount: string | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount ?? "");
  if (!m) return "0.00";
  const frac = (m[3] ?? "").padEnd(3, "0");
  const cents = BigInt(m[2] + frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1n : 0n);
  const text = cents.toString().padStart(3, "0");
  return `${m[1] && cents ? "-" : ""}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Accepts `2023-01-01T22:27:15.000Z`, `2022-01-01 00:00:00+00:00`, `2023-01-01 00:00:00` (UTC) and `2023-01-01`. */
export function parseCompatDate(value: string): Date | null {
  // A `+` of an offset sent unencoded in a query string arrives as a space: "… 00:00:00 00:00".
  const v = value.trim().replace(/^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?) (\d{2}:?\d{2})$/, "$1+$2");
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) iso = `${v}T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/.test(v)) iso = v.replace(" ", "T") + "Z";
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) iso = v.replace(" ", "T");
  if (!iso) return null;
  // A real calendar day (JavaScript would roll 2023-02-30 over into March).
  const [y, m, day] = v.slice(0, 10).split("-").map(Number);
  if (new Date(Date.UTC(y, m - 1, day)).getUTCDate() !== day || m < 1 || m > 12) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Absolute URL of another page: every original filter kept, plus paginate, pageSize and cursor. */
export function pageUrl(req: Request, publicBase: string, cursor: string, pageSize: number): string {
  const url = new URL(publicBase + req.originalUrl);
  url.searchParams.set("paginate", "true");
  url.searchParams.set("pageSize", String(pageSize));
  url.searchParams.set("cursor", cursor);
  return url.toString();
}
