// The refusal of a request while the database is away, as data: its entry of the core's list (input-refusals.ts)
// lives here, below errors.ts, so that errors.ts (which answers an unexpected storage failure) words it too.

/** How long a client is told to wait when the database is unavailable. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** STORAGE_UNAVAILABLE: nothing was changed; retry in `seconds`. */
export const STORAGE_UNAVAILABLE_ENTRY = {
  status: 503,
  type: "storage/unavailable",
  title: "Service unavailable",
  en: (p: { seconds: number }) => `The database is unavailable, so nothing was changed; retry in ${p.seconds} seconds.`,
  extra: (p: { seconds: number }) => ({ retryAfter: p.seconds }),
} as const;
