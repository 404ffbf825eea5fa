// What a compat route is: one declaration (facades/declare.ts) of the platform's request, the core
// operation it becomes and the shapes it answers. The scope and the parameter and body validation
// are derived here (the OpenAPI operation in openapi.ts); the door (index.ts) runs any of them.
import type { Operation } from "../executor.js";
import { queryValue } from "../http.js";
import { InputError, type DoorInput, type DoorRoute, type Reply } from "../door.js";
import { paramReader, scopeOf, serialize, validatorOf, type InputProblem, type RouteDecl, type Schema } from "../declare.js";

/** A request as a compat route reads it: the door pipeline's input (`problems`: what `variables` finds). */
export type CompatInput = DoorInput;

/** A reply: a status and a body, serialised by `shape` when given (optional fields absent). */
export interface CompatReply {
  status: number;
  body: unknown;
  shape?: Schema;
}

/** A route: what it answers is read from its own operation's result, typed by the operation (`operation<gen.CompatFooQuery>`). */
export interface CompatDecl<TData = unknown> extends RouteDecl {
  operation: Operation<TData>;
  /** The platform's wording (Laravel's) of a parameter of the wrong type or form, by field; else the framework's plain words. */
  messages?: Record<string, string>;
  variables(input: CompatInput): Record<string, unknown>;
  respond(data: TData, input: CompatInput): CompatReply;
  /** Runs the operation as often as the answer needs (a report walked page by page, merged into one result); else once. */
  collect?(
    run: (variables: Record<string, unknown>) => Promise<TData>,
    variables: Record<string, unknown>,
    input: CompatInput,
  ): Promise<TData>;
  /**
   * Writes the answer as it is read (a long list, page by page, so memory stays flat): the reply with its
   * `stream`, or null to answer through `collect`/`respond`. What it runs before returning can still be refused.
   */
  stream?(
    run: (variables: Record<string, unknown>) => Promise<TData>,
    variables: Record<string, unknown>,
    input: CompatInput,
  ): Promise<Reply | null>;
  /** The route's own answer to a refusal of the core (else the door's 422 / 500). */
  onCoreError?(err: import("graphql").GraphQLFormattedError): CompatReply | null;
}

export interface CompatRoute extends CompatDecl, DoorRoute {
  /** From the schema's @scope on the fields the operation selects. */
  readonly scope: string;
  /** Every problem of the query and body at once, in the platform's words where it has them. */
  readInput(input: CompatInput): InputProblem[];
}

/** The returns API's scopes, and the webhooks API's (the platform's "Developer Tools" scope). */
const COMPAT_SCOPES = ["returns_read", "returns_write", "webhooks_read", "webhooks_write"];

export function compatRoute<TData>(decl: CompatDecl<TData>): CompatRoute {
  const readQuery = paramReader(decl.query);
  const validateBody = decl.body ? validatorOf(decl.body) : undefined;
  const scope = scopeOf(decl.operation);
  if (scope === null || !COMPAT_SCOPES.includes(scope))
    throw new Error(`compat route ${decl.path}: its operation must need one of ${COMPAT_SCOPES.join(", ")}, not ${scope}`);
  // The platform's words for a wrong type or form; a bound passed keeps the framework's words, which name the bound.
  const worded = (p: InputProblem) => ({
    field: p.field,
    detail: (/\bat most \d/.test(p.detail) ? undefined : decl.messages?.[p.field.split(/[.[]/)[0]]) ?? p.detail,
  });
  const route: CompatRoute = {
    ...decl,
    scope,
    readInput(input) {
      const q = readQuery((name) => queryValue(input.req, name) || undefined);
      Object.assign(input.q, q.values);
      return [...q.problems, ...(validateBody && input.body !== undefined ? validateBody(input.body) : [])].map(worded);
    },
    translate(input) {
      input.problems.push(...route.readInput(input));
      for (const p of input.problems) delete input.q[p.field]; // refused: the core is asked without them
      const variables = decl.variables(input); // adds its own problems (dates), so all are told at once
      if (!input.problems.length) return { variables };
      return { refused: InputError.of(input.problems), retry: () => variables };
    },
    async answer(run, variables, input) {
      const once = (v: Record<string, unknown>) => run(decl.operation, v);
      const streamed = decl.stream ? await decl.stream(once, variables, input) : null;
      if (streamed) return streamed;
      const reply = decl.respond(await (decl.collect ? decl.collect(once, variables, input) : once(variables)), input);
      if (reply.status === 204) return { status: 204 };
      return { status: reply.status, text: reply.shape ? serialize(reply.shape, reply.body) : JSON.stringify(reply.body) };
    },
  };
  return route;
}

/** The door's routes, each `respond` typed by its own operation (inferred per element of the list). */
export function declareCompatRoutes<T extends unknown[]>(decls: { [K in keyof T]: CompatDecl<T[K]> }): CompatRoute[] {
  return (decls as CompatDecl<unknown>[]).map((d) => compatRoute(d));
}
