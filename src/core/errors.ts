// Domain errors travel as GraphQL errors whose extensions carry what a facade needs to answer over
// HTTP: { code, status, type, title } (type is the problem type suffix, e.g. "checkout/not-found").
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { isStorageUnavailable } from "./db-errors.js";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_ENTRY } from "./storage-refusal.js";

export { STORAGE_RETRY_AFTER_SECONDS };

export interface ErrorInfo {
  code: string;
  status: number;
  type: string;
  title: string;
  detail: string;
  /** Dotted path of the offending input field, when one is to blame. */
  field?: string;
  extra?: Record<string, unknown>;
  /**
   * Made from a domain's list of refusals (src/core/refusals.ts): its `extensions.refusal` is not copied into
   * the `problems` of a request with several bad inputs, which keep the shape they always had.
   */
  listed?: boolean;
}

export class DomainError extends GraphQLError {
  readonly info: ErrorInfo;
  constructor(info: ErrorInfo) {
    super(info.detail, {
      extensions: {
        code: info.code,
        status: info.status,
        type: info.type,
        title: info.title,
        ...(info.field ? { field: info.field } : {}),
        ...(info.extra ?? {}),
      },
    });
    this.info = info;
  }
}

/** One bad input of a request: where (as the GraphQL arguments name it) and how to fix it. */
export interface FieldProblem {
  field?: string;
  detail: string;
  /** The refusal as data (a code and its parameters), for a door that words it in its reader's language. */
  refusal?: Refusal;
}

/** A refusal a person reads, as data: a stable code and its parameters (a domain lists its codes, e.g. src/drafts/refusals.ts). */
export interface Refusal {
  code: string;
  params: Record<string, string | number>;
}

export const STORAGE_UNAVAILABLE = "STORAGE_UNAVAILABLE";

export const fail = {
  /** The database cannot be reached or does not take writes: nothing was changed; retry later. */
  storageUnavailable(): DomainError {
    // As INPUT_REFUSALS.refuse("STORAGE_UNAVAILABLE") makes it (input-refusals.ts), which this module is below.
    const e = STORAGE_UNAVAILABLE_ENTRY;
    const params = { seconds: STORAGE_RETRY_AFTER_SECONDS };
    return new DomainError({
      code: STORAGE_UNAVAILABLE,
      status: e.status,
      type: e.type,
      title: e.title,
      detail: e.en(params),
      extra: { ...e.extra(params), refusal: { code: STORAGE_UNAVAILABLE, params } },
      listed: true,
    });
  },
  badInput(detail: string, field?: string, type = "request/invalid", refusal?: Refusal): DomainError {
    return new DomainError({
      code: "BAD_USER_INPUT",
      status: 400,
      type,
      title: "Invalid request",
      detail,
      field,
      ...(refusal ? { extra: { refusal } } : {}),
    });
  },
  /**
   * Several bad inputs of one request as one 400: `problems` lists them all (each door renames their
   * fields and renders them all), the first one is `field`, and the message joins their details.
   */
  badInputs(problems: FieldProblem[]): DomainError {
    return new DomainError({
      code: "BAD_USER_INPUT",
      status: 400,
      type: "request/invalid",
      title: "Invalid request",
      detail: problems.map((p) => p.detail).join(" "),
      field: problems[0]?.field,
      extra: { problems },
    });
  },
  /** The bad inputs found (at least one): the one as itself (its field and refusal), several as `badInputs`. */
  problems(problems: FieldProblem[]): DomainError {
    const [one] = problems;
    return problems.length === 1 && one ? fail.badInput(one.detail, one.field, undefined, one.refusal) : fail.badInputs(problems);
  },
  unauthenticated(detail = "Missing or invalid credentials: send `Authorization: Bearer <API secret>`."): DomainError {
    return new DomainError({ code: "UNAUTHENTICATED", status: 401, type: "auth/unauthenticated", title: "Unauthorized", detail });
  },
  forbidden(detail: string, type = "auth/forbidden"): DomainError {
    return new DomainError({ code: "FORBIDDEN", status: 403, type, title: "Forbidden", detail });
  },
  notFound(type: string, detail: string, title = "Not found"): DomainError {
    return new DomainError({ code: "NOT_FOUND", status: 404, type, title, detail });
  },
  conflict(type: string, title: string, detail: string, extra?: Record<string, unknown>): DomainError {
    return new DomainError({ code: "CONFLICT", status: 409, type, title, detail, extra });
  },
  unprocessable(type: string, title: string, detail: string): DomainError {
    return new DomainError({ code: "UNPROCESSABLE", status: 422, type, title, detail });
  },
  /** 429: every door answers it with `Retry-After: retryAfter`. */
  rateLimited(detail: string, retryAfter: number): DomainError {
    return new DomainError({
      code: "RATE_LIMITED",
      status: 429,
      type: "rate-limit/exceeded",
      title: "Too many requests",
      detail,
      extra: { retryAfter },
    });
  },
};

/** The bad inputs an error reports: its `problems`, else itself; none when it is not a bad input (400). */
export function inputProblemsOf(err: unknown): FieldProblem[] {
  if (!(err instanceof DomainError) || err.info.status !== 400) return [];
  const listed = err.info.extra?.problems as FieldProblem[] | undefined;
  const refusal = err.info.extra?.refusal as Refusal | undefined;
  return listed ?? [{ ...(err.info.field ? { field: err.info.field } : {}), detail: err.info.detail, ...(refusal ? { refusal } : {}) }];
}

/**
 * Runs every check of a request's arguments, so that one error names all its bad inputs at once
 * (a single one is thrown as it is, keeping its own type); returns the checks' results. Anything
 * but a bad input (a 404, a storage failure) is thrown at once.
 */
export function checkInputs<T extends readonly (() => unknown)[]>(...checks: T): { [K in keyof T]: ReturnType<T[K]> } {
  const results: unknown[] = [];
  const failed: DomainError[] = [];
  for (const check of checks) {
    try {
      results.push(check());
    } catch (err) {
      if (!inputProblemsOf(err).length) throw err;
      failed.push(err as DomainError);
      results.push(undefined);
    }
  }
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw fail.badInputs(failed.flatMap(inputProblemsOf));
  return results as { [K in keyof T]: ReturnType<T[K]> };
}

/**
 * Shapes an error for the wire: domain errors and GraphQL request errors pass through;
 * anything unexpected is masked (no stack, no SQL) and reported via `onUnexpected`.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, onUnexpected: (err: unknown) => void): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DomainError) {
    // `http` (status and headers for Apollo) is for the response head, not the body.
    const { http: _head, ...extensions } = original.extensions;
    return { message: formatted.message, path: formatted.path, extensions };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (code === "QUERY_TOO_COMPLEX") return formatted;
  if (
    code === "GRAPHQL_VALIDATION_FAILED" ||
    code === "GRAPHQL_PARSE_FAILED" ||
    code === "BAD_USER_INPUT" ||
    code === "PERSISTED_QUERY_NOT_FOUND" ||
    code === "OPERATION_RESOLUTION_FAILURE" ||
    code === "BAD_REQUEST"
  ) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code, status: 400, type: "request/invalid", title: "Invalid request" },
    };
  }
  // graphql-js stops coercing variables after 50 errors with a plain error of its own: still the request's fault.
  if (!formatted.path && /^Too many errors processing variables/.test(formatted.message)) {
    return {
      message: formatted.message,
      extensions: { code: "BAD_USER_INPUT", status: 400, type: "request/invalid", title: "Invalid request" },
    };
  }
  // A GraphQLError raised by graphql-js itself (e.g. variable coercion) has no originalError, or
  // (coercion of a variable by a scalar / enum: Int, DateTime, an unknown enum value) wraps another
  // GraphQLError; both concern the request, not a resolver (no path).
  if (
    error instanceof GraphQLError &&
    !code &&
    (!error.originalError || (error.originalError instanceof GraphQLError && !formatted.path))
  ) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: "BAD_USER_INPUT", status: 400, type: "request/invalid", title: "Invalid request" },
    };
  }
  onUnexpected(original);
  if (isStorageUnavailable(original)) {
    const unavailable = fail.storageUnavailable();
    return { message: unavailable.message, path: formatted.path, extensions: unavailable.extensions };
  }
  return {
    message: "Internal server error",
    path: formatted.path,
    extensions: { code: "INTERNAL_SERVER_ERROR", status: 500, type: "internal", title: "Internal server error" },
  };
}

/** A metrics label for an operation's result: "ok", or the first error's code in lower case. */
export function outcomeOf(errors: readonly GraphQLFormattedError[] | undefined): string {
  if (!errors?.length) return "ok";
  const code = errors[0].extensions?.code;
  return typeof code === "string" && /^[A-Z_]{1,40}$/.test(code) ? code.toLowerCase() : "error";
}

/**
 * Without introspection (production), "Did you mean …?" hints would still reveal schema names
 * (fields, types, enum values) to whoever guesses near them; drop them from every message.
 */
export function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  return formatted.message.includes("Did you mean")
    ? { ...formatted, message: formatted.message.replace(/ ?Did you mean [^?]*\?/g, "") }
    : formatted;
}
