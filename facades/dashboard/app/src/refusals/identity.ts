// The refusals of stores, API clients, staff and logins (src/identity/refusals.ts) in the merchant's words.
import type { RefusalWords } from "./types.js";

/** `seconds` as a reader says it. */
const wait = (seconds: string | number) => (Number(seconds) === 1 ? "1 second" : `${seconds} seconds`);

export const IDENTITY_WORDS: RefusalWords = {
  NAME_EMPTY: () => "Enter a name.",
  STORE_NOT_FOUND: () => "This store does not exist (any more).",
  API_CLIENTS_LIMIT: (p) => `A store can have at most ${p.max} active API clients: revoke one you no longer use first.`,
  SCOPES_UNKNOWN: (p) => `Unknown permissions: ${p.unknown}.`,
  SCOPES_EMPTY: () => "Choose at least one scope: a client without scopes could not call anything.",
  API_CLIENT_NOT_FOUND: () => "This API client does not exist, or belongs to a store you cannot see.",
  API_CLIENT_REVOKED: () => "This API client is revoked: its scopes can no longer change.",
  STAFF_EMAIL_INVALID: () => "Enter an e-mail address such as jane@example.com.",
  PASSWORD_TOO_SHORT: (p) => `Choose a password of at least ${p.min} characters.`,
  LOGINS_BUSY: (p) => `Many people are logging in right now; try again in ${wait(p.seconds)}.`,
  LOGIN_WRONG: () => "Wrong email or password.",
  LOGIN_THROTTLED_SOURCE: (p) => `Too many failed logins from your network; try again in ${wait(p.seconds)}.`,
  LOGIN_THROTTLED_EMAIL_SOURCE: (p) => `Too many failed logins for this email from your network; try again in ${wait(p.seconds)}.`,
  LOGIN_THROTTLED_EMAIL: (p) =>
    `Too many failed logins for this email from many places: for now it can only log in from where it last did, or try again in ${wait(p.seconds)}.`,
};
