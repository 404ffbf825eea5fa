// The platform's request formats on its door: the dates it accepts and its absolute page URLs. Its value
// formats (timestamps, money) are the integration's (src/warehouse/platform-format.ts), its rules (states,
// windows, refusals) src/warehouse/rules.ts.
import type { Request } from "express";

export { compatTimestamp, money2 } from "../../src/warehouse/platform-format.js";

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
