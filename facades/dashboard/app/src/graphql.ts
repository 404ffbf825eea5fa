// The dashboard's only way to the service: POST /graphql with the session token. Errors keep the
// core's extensions (type, status, field); a refusal the core sends as a code (`extensions.refusal`) is
// worded in the merchant's words (./refusals), any other keeps the core's message.
import { refusalOf, refusalText } from "./refusals/index.js";
import { currentSession, end } from "./session.js";

export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly type: string | null = null,
    readonly title: string | null = null,
    readonly field: string | null = null,
    /** Every bad field of a refused input, when the core lists them (`extensions.problems`); `field` is the first. */
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
  }
}

export interface FieldProblem {
  field: string;
  detail: string;
}

interface WireError {
  message: string;
  extensions?: { code?: string; status?: number; type?: string; title?: string; field?: string; problems?: unknown; refusal?: unknown };
}

/** The well-formed entries of `extensions.problems` (anything else is left to the message), each in the merchant's words. */
function problemsOf(raw: unknown): FieldProblem[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((p): p is FieldProblem & { refusal?: unknown } => typeof p?.field === "string" && typeof p?.detail === "string")
    .map((p) => ({ field: p.field, detail: refusalText(refusalOf(p.refusal), p.detail) }));
}

export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const session = currentSession();
  let res: Response;
  try {
    res = await fetch("/graphql", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new GraphQLRequestError("The service could not be reached. Check your connection and try again.", "NETWORK", 0);
  }
  let body: { data?: T | null; errors?: WireError[] };
  try {
    body = await res.json();
  } catch {
    throw new GraphQLRequestError(
      `The service answered ${res.status} without a readable body. Try again shortly.`,
      "BAD_RESPONSE",
      res.status,
    );
  }
  const first = body.errors?.[0];
  if (first) {
    const x = first.extensions ?? {};
    const err = new GraphQLRequestError(
      refusalText(refusalOf(x.refusal), first.message),
      x.code ?? "ERROR",
      x.status ?? res.status,
      x.type ?? null,
      x.title ?? null,
      x.field ?? null,
      problemsOf(x.problems),
    );
    // A session that expired or was revoked: back to the login page with the core's reason.
    if (err.code === "UNAUTHENTICATED" && session) end(first.message);
    throw err;
  }
  return body.data as T;
}
