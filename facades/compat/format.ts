// The platform's wire formats: timestamps, money, its envelopes, and the list endpoint's
// parameter rules (window, filter, state, paging) with its Laravel-style 422 bodies.
import type { Request } from "express";
import { COMPAT_STATES, DEFAULT_LIST_STATES, type CompatState } from "./states.js";

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
  const v = value.trim();
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) iso = `${v}T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/.test(v)) iso = v.replace(" ", "T") + "Z";
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) iso = v.replace(" ", "T");
  if (!iso) return null;
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

export const NOT_FOUND_BODY = { errors: { message: "No return found with this ID." } };
export const DETAILS_NOT_FOUND_BODY = { error: { message: "No return found with this ID." } };

export const LIST_PAGE_SIZE_DEFAULT = 100;
export const LIST_PAGE_SIZE_MAX = 750;
const DAY = 24 * 3600_000;
export const MAX_WINDOW_DAYS = 120;

export interface ListQuery {
  from: Date;
  to: Date;
  filter: "created_at" | "updated_at";
  states: CompatState[];
  /** `paginate=true`, or a cursor was sent (clients that re-send only the cursor still page). */
  paginate: boolean;
  pageSize: number;
  cursor: string | null;
}

function truthy(v: string | undefined): boolean {
  return v === "true" || v === "1";
}

/**
 * The list endpoint's rules: no `from`/`to` → the last 24 hours; `from` alone → the 24 hours after
 * it; `to` alone is ignored (as the platform does); spans over 120 days and `from` after `to` → 422.
 */
export function parseListQuery(q: (name: string) => string | undefined, now = new Date()): ListQuery {
  const fromText = q("from");
  const toText = q("to");
  const from = fromText ? parseCompatDate(fromText) : null;
  const to = toText ? parseCompatDate(toText) : null;
  if (fromText && !from) throw new CompatValidationError("from", "The from is not a valid date.");
  if (toText && !to) throw new CompatValidationError("to", "The to is not a valid date.");
  let window: { from: Date; to: Date };
  if (from && to) window = { from, to };
  else if (from) window = { from, to: new Date(from.getTime() + DAY) };
  else window = { from: new Date(now.getTime() - DAY), to: now };
  if (window.from > window.to) throw new CompatValidationError("from", "The from must be a date before to.");
  if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * DAY) {
    throw new CompatValidationError("to", `The to must be a date within ${MAX_WINDOW_DAYS} days of from.`);
  }
  const filterText = q("filter") ?? "created_at";
  if (filterText !== "created_at" && filterText !== "updated_at") throw new CompatValidationError("filter", "The selected filter is invalid.");
  const stateText = q("state");
  if (stateText !== undefined && !COMPAT_STATES.includes(stateText as CompatState)) throw new CompatValidationError("state", "The selected state is invalid.");
  const sizeText = q("pageSize");
  let pageSize = LIST_PAGE_SIZE_DEFAULT;
  if (sizeText !== undefined) {
    if (!/^\d{1,6}$/.test(sizeText) || Number(sizeText) < 1 || Number(sizeText) > LIST_PAGE_SIZE_MAX) {
      throw new CompatValidationError("pageSize", `The page size must be between 1 and ${LIST_PAGE_SIZE_MAX}.`);
    }
    pageSize = Number(sizeText);
  }
  const cursor = q("cursor") || null;
  return {
    ...window,
    filter: filterText,
    states: stateText ? [stateText as CompatState] : DEFAULT_LIST_STATES,
    paginate: truthy(q("paginate")) || !!cursor,
    pageSize,
    cursor,
  };
}

/** The compat cursor wraps the core's signed cursor with a direction, like the platform's `_pointsToNextItems`. */
export function encodeCompatCursor(coreCursor: string, next: boolean): string {
  return Buffer.from(JSON.stringify({ c: coreCursor, n: next })).toString("base64url");
}

export function decodeCompatCursor(cursor: string): { coreCursor: string; next: boolean } {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof v?.c === "string" && typeof v?.n === "boolean") return { coreCursor: v.c, next: v.n };
  } catch {
    // fall through
  }
  throw new CompatValidationError("cursor", "The cursor is invalid.");
}

/** Absolute URL of another page: every original filter kept, plus paginate, pageSize and cursor. */
export function pageUrl(req: Request, cursor: string, pageSize: number): string {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
  url.searchParams.set("paginate", "true");
  url.searchParams.set("pageSize", String(pageSize));
  url.searchParams.set("cursor", cursor);
  return url.toString();
}
