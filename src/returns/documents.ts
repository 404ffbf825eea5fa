// The canonical JSON of a return and its order (the merchant API's Return and order-read shapes,
// src/returns/shapes.ts), as GraphQL selection sets derived from those shapes. The REST door selects
// exactly these, and webhook payloads are rendered with `renderReturnPayload` (optional fields absent
// when empty, as the shapes say), so a REST read and an event carry the same JSON.
import { execute, parse } from "graphql";
import { systemContext, type Services } from "../core/context.js";
import { dropAbsent, selectionOf } from "../core/json-shape.js";
import { Order, Return } from "./shapes.js";

/** Every field of the merchant API's Return, in its order (selected exactly as the shape declares). */
export const RETURN_FIELDS = selectionOf(Return);

/** Every field of the merchant API's order-read (bare Money). */
export const ORDER_FIELDS = selectionOf(Order);

/** One return with its order: the answer's `return` is the Return JSON, its `return.publishedOrder` the order. */
export const RETURN_WITH_ORDER = `query ReturnWithOrder($id: ID!) {
  return(id: $id) { ${RETURN_FIELDS} publishedOrder { ${ORDER_FIELDS} } }
}`;

const returnWithOrder = parse(RETURN_WITH_ORDER);

/** Splits `publishedOrder` off a selected return: `{ return, order }` as REST and events show them. */
export function splitReturn(selected: Record<string, unknown>): { return: unknown; order: unknown } {
  const { publishedOrder, ...ret } = selected;
  return { return: ret, order: publishedOrder };
}

/** Renders `{ return, order }` for a return of a store, in-process, as the system. */
export async function renderReturnPayload(
  services: Services,
  storeId: string,
  returnId: string,
): Promise<{ return: unknown; order: unknown }> {
  // The core's own schema (set by createCore): the same resolvers, bounds and access rules as a REST read.
  if (!services.schema) throw new Error("rendering a return needs the core's schema (services.schema is set by createCore)");
  const result = await execute({
    schema: services.schema,
    document: returnWithOrder,
    variableValues: { id: returnId },
    contextValue: systemContext(services, storeId, "render"),
  });
  if (result.errors?.length) throw result.errors[0];
  const selected = (result.data as { return: Record<string, unknown> | null } | null)?.return;
  if (!selected) throw new Error(`return ${returnId} not found in store ${storeId}`);
  const { return: ret, order } = splitReturn(selected);
  return { return: dropAbsent(Return, ret), order: dropAbsent(Order, order) };
}
