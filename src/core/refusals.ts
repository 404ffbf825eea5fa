// The core's refusals as data: each domain lists its codes once (`src/<domain>/refusals.ts`, made with
// `refusalList`), each with its status, problem type, the argument to blame and its English sentence. A throw
// site names a code and its parameters only (`refuse("CODE", { … })`); the English `detail` the doors have
// always answered is produced here from the domain's list, and the error carries `extensions.refusal`
// = { code, params } so that a door (the dashboard) can word it in its reader's words. Parameters are plain
// values: amounts as exact decimal strings with their currency, dates as ISO strings, limits as numbers.
// test/unit/refusal-catalogues.test.ts checks every code has its English and its dashboard sentence;
// test/unit/refusals-closed.test.ts that no throw site in src/ writes a sentence of its own.
import { DomainError, type FieldProblem, type Refusal } from "./errors.js";

/** A refusal's parameters: names to plain values. */
export type RefusalParamsOf = Record<string, string | number>;

type Status = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** One code of a domain's list. */
export interface RefusalEntry<P> {
  status: Status;
  /** The error's `extensions.code`, when not the status's usual one (`QUERY_TOO_COMPLEX`). */
  code?: string;
  /** The problem type's suffix (`customers/not-found`); `request/invalid` for a 400 by default. */
  type?: string | ((p: P) => string);
  /** The title the doors show; by default the status's usual one. */
  title?: string | ((p: P) => string);
  /** The argument to blame, as GraphQL names it (a dotted path), when one is. */
  field?: string | ((p: P) => string | undefined);
  /** The core's English sentence (every door's `detail`). */
  en: (p: P) => string;
  /** More extensions a door reads (`retryAfter`, the conflicting ids). */
  extra?: (p: P) => Record<string, unknown>;
}

/** Each code of a params map with its entry. */
export type RefusalEntries<T> = { [C in keyof T]: RefusalEntry<T[C]> };

type ParamsArg<P> = Record<string, never> extends P ? [params?: P] : [params: P];

const ERROR_CODES: Record<Status, [code: string, title: string]> = {
  400: ["BAD_USER_INPUT", "Invalid request"],
  401: ["UNAUTHENTICATED", "Unauthorized"],
  403: ["FORBIDDEN", "Forbidden"],
  404: ["NOT_FOUND", "Not found"],
  409: ["CONFLICT", "Conflict"],
  422: ["UNPROCESSABLE", "Unprocessable request"],
  429: ["RATE_LIMITED", "Too many requests"],
  503: ["STORAGE_UNAVAILABLE", "Service unavailable"],
};

/** A domain's list of refusals: its codes, and the errors and problems made of them. */
export interface RefusalList<T> {
  /** The domain's name (the guide's heading). */
  domain: string;
  codes: readonly (keyof T & string)[];
  entries: RefusalEntries<T>;
  /** The refusal as an error: its status, type and field, the English detail, `extensions.refusal`. */
  refuse<C extends keyof T & string>(code: C, ...params: ParamsArg<T[C]>): DomainError;
  /** The refusal as an error with more extensions a door reads (lists the parameters cannot hold). */
  refuseWith<C extends keyof T & string>(extra: Record<string, unknown>, code: C, ...params: ParamsArg<T[C]>): DomainError;
  /** The refusal as one bad input among several (`fail.badInputs`), with its code (as the draft flow's carry theirs). */
  problem<C extends keyof T & string>(code: C, ...params: ParamsArg<T[C]>): FieldProblem;
  /** The English sentence of a refusal. */
  detail<C extends keyof T & string>(code: C, ...params: ParamsArg<T[C]>): string;
}

/** A domain's list of refusals, from each code's entry. */
export function refusalList<T extends { [C in keyof T]: RefusalParamsOf }>(domain: string, entries: RefusalEntries<T>): RefusalList<T> {
  const of = <C extends keyof T & string>(code: C, p: T[C] | undefined) => {
    const entry = entries[code];
    const params = (p ?? {}) as T[C];
    const field = typeof entry.field === "function" ? entry.field(params) : entry.field;
    return { entry, params, field, detail: entry.en(params), refusal: { code, params } as Refusal };
  };
  const refuseWith: RefusalList<T>["refuseWith"] = (more, code, ...[p]) => {
    const { entry, params, field, detail, refusal } = of(code, p);
    const [errCode, title] = ERROR_CODES[entry.status];
    const type = typeof entry.type === "function" ? entry.type(params) : (entry.type ?? "request/invalid");
    return new DomainError({
      code: entry.code ?? errCode,
      status: entry.status,
      type,
      title: typeof entry.title === "function" ? entry.title(params) : (entry.title ?? title),
      detail,
      ...(field ? { field } : {}),
      extra: { ...(entry.extra?.(params) ?? {}), ...more, refusal },
      listed: true,
    });
  };
  return {
    domain,
    codes: Object.keys(entries) as (keyof T & string)[],
    entries,
    refuse: (code, ...params) => refuseWith({}, code, ...params),
    refuseWith,
    problem(code, ...[p]) {
      const { field, detail, refusal } = of(code, p);
      return { ...(field ? { field } : {}), detail, refusal };
    },
    detail: (code, ...[p]) => of(code, p).detail,
  };
}

/** A JSON-quoted value as the sentences quote what was sent (`got "abc"`). */
export const quoted = (v: unknown): string => JSON.stringify(v) ?? String(v);
