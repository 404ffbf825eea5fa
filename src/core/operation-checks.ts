// The checks every operation passes before anything executes — access, input text, input bounds,
// cost — split into what the document alone decides, worked out once per document, and what each
// request's caller and variables decide. A door's fixed document, or a query Apollo has cached, is
// then not walked again per request; only its variables are.
import type { DocumentNode, GraphQLSchema } from "graphql";
import { accessPlan, runAccessPlan, type AccessStep } from "./auth.js";
import type { RequestContext } from "./context.js";
import { checkArgumentBounds, fieldsWithArguments, type ArgumentFields } from "./input-bounds.js";
import {
  DEFAULT_MAX_COST,
  DEFAULT_MAX_PAGE_ROWS,
  DOOR_DOCUMENT_MAX_COST,
  DOOR_DOCUMENT_MAX_PAGE_ROWS,
  checkDocumentText,
  checkPageRows,
  checkQueryCost,
  checkVariablesText,
  computeQueryCost,
  costReadsVariables,
} from "./limits.js";

interface DocumentChecks {
  access: AccessStep[];
  /** Whether the document's own string literals are clean (if not, every request is refused for it). */
  textOk: boolean;
  arguments: ArgumentFields;
  /** The cost when no variable changes it, counted up to COST_COUNTED_UP_TO; null when it depends on the variables. */
  fixedCost: number | null;
  /** The rows of pages when no variable changes them (up to ROWS_COUNTED_UP_TO); null when they depend on the variables. */
  fixedPageRows: number | null;
}

/** Past this, a fixed cost is not counted further (it is over every limit in use). */
const COST_COUNTED_UP_TO = Math.max(DEFAULT_MAX_COST, DOOR_DOCUMENT_MAX_COST);
const ROWS_COUNTED_UP_TO = Math.max(DEFAULT_MAX_PAGE_ROWS, DOOR_DOCUMENT_MAX_PAGE_ROWS);

const bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, DocumentChecks>>>();

function documentChecks(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): DocumentChecks {
  let byDocument = bySchema.get(schema);
  if (!byDocument) bySchema.set(schema, (byDocument = new WeakMap()));
  let byName = byDocument.get(document);
  if (!byName) byDocument.set(document, (byName = new Map()));
  const key = operationName ?? "";
  let checks = byName.get(key);
  if (!checks) {
    let textOk = true;
    try {
      checkDocumentText(document);
    } catch {
      textOk = false;
    }
    checks = {
      access: accessPlan(schema, document, operationName),
      textOk,
      arguments: fieldsWithArguments(schema, document, operationName),
      fixedCost: costReadsVariables(document) ? null : computeQueryCost(schema, document, operationName, {}, COST_COUNTED_UP_TO),
      fixedPageRows: costReadsVariables(document)
        ? null
        : computeQueryCost(schema, document, operationName, {}, ROWS_COUNTED_UP_TO, "pageRows"),
    };
    byName.set(key, checks);
  }
  return checks;
}

/**
 * Refuses the operation (throws a GraphQLError / DomainError) in the order callers rely on: credentials,
 * scope and store access first (before variables are looked at), then text no database can store,
 * then input bounds, then the cost limit.
 */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  ctx: RequestContext,
  maxCost: number,
  maxPageRows: number,
): void {
  const checks = documentChecks(schema, document, operationName);
  runAccessPlan(checks.access, variables, ctx);
  checkVariablesText(variables);
  if (!checks.textOk) checkDocumentText(document); // throws, naming the problem
  checkArgumentBounds(schema, checks.arguments, variables);
  const fixed = checks.fixedCost;
  if (fixed === null || fixed > maxCost || fixed > COST_COUNTED_UP_TO) checkQueryCost(schema, document, operationName, variables, maxCost);
  const rows = checks.fixedPageRows;
  if (rows === null || rows > maxPageRows || rows > ROWS_COUNTED_UP_TO)
    checkPageRows(schema, document, operationName, variables, maxPageRows);
}
