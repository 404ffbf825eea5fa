// What identity (stores, API clients, staff and their logins) refuses, as codes with their parameters
// (src/core/refusals.ts); each code's English is the detail every door (and the CLI) has always answered.
import { refusalList } from "../core/refusals.js";

export const IDENTITY_REFUSALS = refusalList<{
  /** A name (of a store, an API client) is empty. */
  NAME_EMPTY: Record<string, never>;
  /** No store `storeId`. */
  STORE_NOT_FOUND: { storeId: string };
  /** The store has `max` active API clients. */
  API_CLIENTS_LIMIT: { max: number };
  /** Scopes `unknown` are not among `known` (both comma-separated). */
  SCOPES_UNKNOWN: { unknown: string; known: string };
  /** A client needs at least one scope (`known`: every scope, comma-separated). */
  SCOPES_EMPTY: { known: string };
  /** No API client `id` the caller can see. */
  API_CLIENT_NOT_FOUND: { id: string };
  /** API client `id` is revoked. */
  API_CLIENT_REVOKED: { id: string };
  /** A staff user's e-mail is not an address. */
  STAFF_EMAIL_INVALID: Record<string, never>;
  /** A password is shorter than `min`. */
  PASSWORD_TOO_SHORT: { min: number };
  /** Too many logins are being checked at once: retry in `seconds`. */
  LOGINS_BUSY: { seconds: number };
  /** The e-mail and password do not match a staff user. */
  LOGIN_WRONG: Record<string, never>;
  /** Too many failed logins from this network: retry in `seconds`. */
  LOGIN_THROTTLED_SOURCE: { seconds: number };
  /** Too many failed logins of this e-mail from this network: retry in `seconds`. */
  LOGIN_THROTTLED_EMAIL_SOURCE: { seconds: number };
  /** Too many failed logins of this e-mail from many networks: only its last network, or retry in `seconds`. */
  LOGIN_THROTTLED_EMAIL: { seconds: number };
}>("Stores, API clients and staff", {
  NAME_EMPTY: { status: 400, field: "name", en: () => "`name` must not be empty." },
  STORE_NOT_FOUND: { status: 404, type: "store/not-found", en: (p) => `No store ${p.storeId}.` },
  API_CLIENTS_LIMIT: {
    status: 409,
    type: "api-client/limit-reached",
    title: "Too many API clients",
    en: (p) => `A store has at most ${p.max} active API clients; revoke one it no longer uses first.`,
  },
  SCOPES_UNKNOWN: { status: 400, field: "scopes", en: (p) => `Unknown scope(s): ${p.unknown}. Known scopes: ${p.known}.` },
  SCOPES_EMPTY: {
    status: 400,
    field: "scopes",
    en: (p) => `\`scopes\` must hold at least one scope, e.g. ["returns_read"]; known scopes: ${p.known}.`,
  },
  API_CLIENT_NOT_FOUND: { status: 404, type: "api-client/not-found", en: (p) => `No API client ${p.id}.` },
  API_CLIENT_REVOKED: {
    status: 409,
    type: "api-client/revoked",
    title: "API client revoked",
    en: (p) => `API client ${p.id} is revoked; its scopes can no longer change.`,
  },
  STAFF_EMAIL_INVALID: { status: 400, field: "email", en: () => "`email` must be an email address." },
  PASSWORD_TOO_SHORT: { status: 400, field: "password", en: (p) => `\`password\` must have at least ${p.min} characters.` },
  LOGINS_BUSY: {
    status: 429,
    type: "rate-limit/exceeded",
    en: (p) => `Too many logins in progress; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
  LOGIN_WRONG: { status: 401, type: "auth/unauthenticated", en: () => "Wrong email or password." },
  LOGIN_THROTTLED_SOURCE: {
    status: 429,
    type: "rate-limit/exceeded",
    en: (p) => `Too many failed logins from this network; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
  LOGIN_THROTTLED_EMAIL_SOURCE: {
    status: 429,
    type: "rate-limit/exceeded",
    en: (p) => `Too many failed logins for this email from this network; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
  LOGIN_THROTTLED_EMAIL: {
    status: 429,
    type: "rate-limit/exceeded",
    en: (p) =>
      `Too many failed logins for this email from many networks: for now it logs in only from where it last did; retry in ${p.seconds} s.`,
    extra: (p) => ({ retryAfter: p.seconds }),
  },
});

export const refuse = IDENTITY_REFUSALS.refuse;
