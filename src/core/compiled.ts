// The doors' fixed documents executed by a function compiled once per document (graphql-jit) instead
// of graphql-js's interpreter, which collects the fields of every object again on every request
// (`collectSubfields`' cache is per execution) and completes each value through generic walkers.
// The checks are the same as `Core.execute`'s (access, text, bounds, cost, in that order), run before.
//
// Variables are coerced by graphql-js first, as `execute` would: its messages and its refusals are the
// ones the doors map to fields (graphql-jit's coercion words them otherwise, and lets an array pass as
// an input object). The compiled function then coerces the same accepted values again; should it
// refuse what graphql-js accepted, or should the document not compile, graphql-js executes it.
// test/unit/compiled-execution.test.ts runs every door operation both ways and compares the results.
import {
  execute,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import type { Logger } from "pino";
import type { RequestContext } from "./context.js";
import { DOOR_DOCUMENT_MAX_COST, DOOR_DOCUMENT_MAX_PAGE_ROWS } from "./limits.js";
import { checkOperation } from "./operation-checks.js";

export type Run = (variables: Record<string, unknown>, ctx: RequestContext) => Promise<ExecutionResult>;

/** graphql-js's bound on variable errors in `execute` (its default): the same here, so the same messages. */
const MAX_VARIABLE_ERRORS = 50;

/** Runs a door's document with graphql-js: the checks, then `execute` (`Core.execute`; and the fallback). */
export async function interpret(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  ctx: RequestContext,
): Promise<ExecutionResult> {
  const refused = refusal(schema, document, variables, ctx);
  if (refused) return refused;
  return execute({ schema, document, variableValues: variables, contextValue: ctx });
}

/** The checks of `checkOperation` as a result (a refusal is a result, not a throw), or null to go on. */
function refusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  ctx: RequestContext,
): ExecutionResult | null {
  try {
    checkOperation(schema, document, undefined, variables, ctx, DOOR_DOCUMENT_MAX_COST, DOOR_DOCUMENT_MAX_PAGE_ROWS); // only the doors' prepared documents come this way
    return null;
  } catch (err) {
    if (err instanceof GraphQLError) return { errors: [err] };
    throw err;
  }
}

/** Compiles a door's document once; graphql-js runs it instead when it does not compile (logged once, with why). */
export function compiled(schema: GraphQLSchema, document: DocumentNode, log: Logger): Run {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  let query: CompiledQuery["query"];
  try {
    const out = compileQuery(schema, document, undefined, { customJSONSerializer: false });
    if (!isCompiledQuery(out)) throw new Error(out.errors?.map((e) => e.message).join("; ") ?? "no compiled query");
    query = out.query;
  } catch (err) {
    log.warn({ err, operation: operation?.name?.value }, "door document not compiled; graphql-js executes it");
    return (variables, ctx) => interpret(schema, document, variables, ctx);
  }
  const definitions = operation?.variableDefinitions ?? [];
  return async (variables, ctx) => {
    const refused = refusal(schema, document, variables, ctx);
    if (refused) return refused;
    if (definitions.length) {
      const coerced = getVariableValues(schema, definitions, variables, { maxErrors: MAX_VARIABLE_ERRORS });
      if (coerced.errors) return { errors: coerced.errors };
    }
    const result = await query(undefined, ctx, variables);
    // No `data` at all: the compiled coercion refused what graphql-js accepted; let graphql-js decide.
    if (result.data === undefined) return interpret(schema, document, variables, ctx);
    return result;
  };
}
