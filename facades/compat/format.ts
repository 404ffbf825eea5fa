// The platform's wire formats: timestamps, money, dates it accepts, its Laravel-style 422 body and
// its absolute page URLs. (Its rules — states, windows, refusals — live in src/returns/warehouse-rules.ts.)
import type { Request } from "express";

/** The platform's real timestamp format: `YYYY-MM-DD HH:MM:SS`, UTC. */
export function compatTimestamp(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace("T", " ");
}

/** Money as a decimal string with two places ("63.3" → "63.30"). */
export function money2(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return "0.00";
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n)) return "0.00";
  return n.toFixed(2);
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

/** Laravel's validation envelope, which the platform answers with HTTP 422. */
export function validationBody(field: string, message: string) {
  return { message, errors: { [field]: [message] } };
}

export class CompatValidationError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
  body() {
    return validationBody(this.field, this.message);
  }
}

/** Absolute URL of another page: every original filter kept, plus paginate, pageSize and cursor. */
export function pageUrl(req: Request, publicBase: string, cursor: string, pageSize: number): string {
  const url = new URL(publicBase + req.originalUrl);
  url.searchParams.set("paginate", "true");
  url.searchParams.set("pageSize", String(pageSize));
  url.searchParams.set("cursor", cursor);
  return url.toString();
}
