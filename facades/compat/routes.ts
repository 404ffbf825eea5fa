// The ten warehouse endpoints: each translates the platform's request into one GraphQL operation
// of the core (src/returns/warehouse-rules.ts decides) and renders the answer in the platform's shape.
import type { Request, Response } from "express";
import type { GraphQLFormattedError } from "graphql";
import { operation } from "../executor.js";
import { queryValue } from "../http.js";
import { CompatValidationError, compatTimestamp, pageUrl, parseCompatDate, validationBody } from "./format.js";
import { COMPAT_RETURN_FIELDS, DETAILS_NOT_FOUND_BODY, NOT_FOUND_BODY, refusalResponse, renderAsnRows, renderReturn, type CoreRefusal, type CoreReturn } from "./shapes.js";
import type { CompatCall, CompatRoute } from "./route.js";

const INT_MAX = 2147483647;

const REF_VARS = `$ref: WarehouseReturnRef!`;
const RESULT = `ok refusal { code state message }`;

const ops = {
  details: operation(`query CompatReturnDetails(${REF_VARS}) { warehouseReturn(ref: $ref) { ${COMPAT_RETURN_FIELDS} } }`),
  notes: operation(`query CompatReturnNotes(${REF_VARS}) { warehouseReturn(ref: $ref) { id comments { id message createdAt } } }`),
  list: operation(
    `query CompatReturnList($from: DateTime, $to: DateTime, $filter: String, $state: String, $pageSize: Int, $cursor: String, $unpaged: Boolean) {
      warehouseReturns(from: $from, to: $to, filter: $filter, state: $state, pageSize: $pageSize, cursor: $cursor, unpaged: $unpaged) {
        returns { ${COMPAT_RETURN_FIELDS} } nextCursor previousCursor pageSize
      }
    }`,
  ),
  asn: operation(`query CompatAsn($from: DateTime, $to: DateTime) { warehouseAsn(from: $from, to: $to) { ${COMPAT_RETURN_FIELDS} } }`),
  process: operation(`mutation CompatProcess(${REF_VARS}, $details: String) { warehouseProcessReturn(ref: $ref, details: $details) { ${RESULT} } }`),
  flag: operation(`mutation CompatFlag(${REF_VARS}) { warehouseFlagReturn(ref: $ref) { ${RESULT} } }`),
  close: operation(`mutation CompatClose(${REF_VARS}) { warehouseCloseReturn(ref: $ref) { ${RESULT} } }`),
  cancel: operation(`mutation CompatCancel(${REF_VARS}) { warehouseCancelReturn(ref: $ref) { ${RESULT} } }`),
  remove: operation(`mutation CompatRemove(${REF_VARS}, $ids: [String!]!) { warehouseRemoveReturnItems(ref: $ref, lineItemIds: $ids) { ${RESULT} } }`),
  note: operation(`mutation CompatNote(${REF_VARS}, $content: String) { warehouseAddReturnNote(ref: $ref, content: $content) { ${RESULT} } }`),
  /** Asked before answering a malformed request, so a caller without access learns nothing. */
  access: operation(`query CompatAccess($scope: Scope) { accessCheck(scope: $scope) }`),
};

export function compatRouteOperations() {
  return Object.values(ops);
}

const UNEXPECTED = { errors: { message: "An unexpected error occurred.", code: "UNEXPECTED_ERROR" } };

/** The four ways of naming a return: a non-zero numeric path id, else the query's identifiers. */
function refOf(req: Request, pathId: string | undefined) {
  const q = (n: string) => queryValue(req, n)?.trim() || null;
  const ref: Record<string, unknown> = {};
  const id = pathId ?? q("return_id") ?? "";
  if (/^\d{1,12}$/.test(id) && Number(id) !== 0) ref.compatId = Number(id) <= INT_MAX ? Number(id) : -1; // out of range: names nothing
  else if (id !== "" && id !== "0" && pathId === undefined) ref.compatId = -1; // a non-numeric return_id names nothing
  if (ref.compatId === undefined) {
    if (q("service_return_id")) ref.serviceReturnId = q("service_return_id");
    else if (q("order_name")) ref.orderName = q("order_name");
    else if (q("order_id")) ref.orderId = q("order_id");
  }
  return ref;
}

/** Runs the operation; answers core errors in the door's shapes. Returns the data, or null once answered. */
async function runOp<T>(call: CompatCall, res: Response, op: ReturnType<typeof operation>, variables: Record<string, unknown>): Promise<T | null> {
  const out = await call.run<T>(op, variables);
  if (!out) return null;
  if (out.errors?.length) {
    sendCoreError(res, out.errors[0]);
    return null;
  }
  return out.data;
}

function sendCoreError(res: Response, err: GraphQLFormattedError) {
  const ext = (err.extensions ?? {}) as { status?: number; field?: string; code?: string };
  if (ext.status === 400 || ext.code === "BAD_USER_INPUT") {
    const field = ext.field ?? "request";
    return void res.status(422).json(validationBody(field, err.message));
  }
  res.status(500).json(UNEXPECTED);
}

/** A request the door cannot translate: 422 in the platform's envelope, but only to a caller with access. */
async function refuseInput(call: CompatCall, res: Response, scope: string, err: CompatValidationError) {
  const out = await call.run(ops.access, { scope });
  if (!out) return;
  if (out.errors?.length) return sendCoreError(res, out.errors[0]);
  res.status(422).json(err.body());
}

function dateParam(req: Request, name: string, endOfDay = false): Date | undefined {
  const v = queryValue(req, name);
  if (v === undefined || v === "") return undefined;
  const d = parseCompatDate(v);
  if (!d) throw new CompatValidationError(name, `The ${name} is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601.`);
  // A bare date as the end of a window means the whole of that day.
  if (endOfDay && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(v)) return new Date(d.getTime() + 86_399_999);
  return d;
}

function boolParam(req: Request, name: string): boolean {
  const v = queryValue(req, name);
  if (v === undefined || v === "" || v === "false" || v === "0") return false;
  if (v === "true" || v === "1") return true;
  throw new CompatValidationError(name, `The ${name} field must be true or false.`);
}

function intParam(req: Request, name: string): number | undefined {
  const v = queryValue(req, name);
  if (v === undefined || v === "") return undefined;
  if (!/^\d{1,9}$/.test(v.trim())) throw new CompatValidationError(name, `The ${name} must be an integer.`);
  return Number(v);
}

/** The actions: POST return/:return_id/<action> → JSON `true`, or the platform's refusal body. */
function actionRoute(
  action: "process" | "flag" | "close" | "cancel" | "remove" | "note",
  operationId: string,
  summary: string,
  variables: (req: Request) => Record<string, unknown>,
): CompatRoute {
  const op = ops[action];
  const field = { process: "warehouseProcessReturn", flag: "warehouseFlagReturn", close: "warehouseCloseReturn", cancel: "warehouseCancelReturn", remove: "warehouseRemoveReturnItems", note: "warehouseAddReturnNote" }[action];
  return {
    method: "POST",
    path: `/return/:return_id/${action}`,
    operationId,
    summary,
    scope: "returns_write",
    async handle(req, res, call) {
      let vars: Record<string, unknown>;
      try {
        vars = variables(req);
      } catch (err) {
        if (err instanceof CompatValidationError) return refuseInput(call, res, "returns_write", err);
        throw err;
      }
      const data = await runOp<Record<string, { ok: boolean; refusal: CoreRefusal | null }>>(call, res, op, { ref: refOf(req, call.params.return_id), ...vars });
      if (!data) return;
      const result = data[field];
      if (result.ok) return void res.status(200).json(true);
      const { status, body } = refusalResponse(result.refusal!);
      res.status(status).json(body);
    },
  };
}

export const routes: CompatRoute[] = [
  {
    method: "GET",
    path: "/return/details",
    operationId: "getReturnDetails",
    summary: "Get Return Details",
    scope: "returns_read",
    async handle(req, res, call) {
      const currency = queryValue(req, "currency_type");
      if (currency !== undefined && currency !== "shop" && currency !== "presentment") {
        return refuseInput(call, res, "returns_read", new CompatValidationError("currency_type", "The selected currency type is invalid: use shop or presentment."));
      }
      const data = await runOp<{ warehouseReturn: CoreReturn | null }>(call, res, ops.details, { ref: refOf(req, undefined) });
      if (!data) return;
      if (!data.warehouseReturn) return void res.status(200).json(DETAILS_NOT_FOUND_BODY);
      res.status(200).json(renderReturn(data.warehouseReturn, "details"));
    },
  },
  {
    method: "GET",
    path: "/return/list",
    operationId: "getDetailedReturnsList",
    summary: "Detailed Returns List",
    scope: "returns_read",
    async handle(req, res, call) {
      let vars: Record<string, unknown>;
      let paginate: boolean;
      try {
        const cursor = queryValue(req, "cursor") || undefined;
        vars = {
          from: dateParam(req, "from")?.toISOString(),
          to: dateParam(req, "to")?.toISOString(),
          filter: queryValue(req, "filter") || undefined,
          state: queryValue(req, "state") || undefined,
          pageSize: intParam(req, "pageSize"),
          cursor,
        };
        // A cursor pages even without paginate=true (clients re-sending only the cursor).
        paginate = boolParam(req, "paginate") || !!cursor;
      } catch (err) {
        if (err instanceof CompatValidationError) return refuseInput(call, res, "returns_read", err);
        throw err;
      }
      type Page = { warehouseReturns: { returns: CoreReturn[]; nextCursor: string | null; previousCursor: string | null; pageSize: number } };
      if (paginate) {
        const data = await runOp<Page>(call, res, ops.list, vars);
        if (!data) return;
        const page = data.warehouseReturns;
        return void res.status(200).json({
          returns: page.returns.map((r) => renderReturn(r, "list")),
          nextPageUrl: page.nextCursor ? pageUrl(req, call.publicBase, page.nextCursor, page.pageSize) : null,
          previousPageUrl: page.previousCursor ? pageUrl(req, call.publicBase, page.previousCursor, page.pageSize) : null,
        });
      }
      // No pagination: the whole window as a bare array (one core call; the core caps it).
      const data = await runOp<Page>(call, res, ops.list, { ...vars, unpaged: true });
      if (!data) return;
      res.status(200).json(data.warehouseReturns.returns.map((r) => renderReturn(r, "list")));
    },
  },
  actionRoute("process", "processReturn", "Process Return", (req) => {
    const body = req.body;
    if (body === undefined || (typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0)) return {};
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new CompatValidationError("body", "The additional details must be a JSON object of key/value pairs.");
    let details: string;
    try {
      details = JSON.stringify(body);
    } catch {
      throw new CompatValidationError("body", "The additional details are nested too deeply; send a JSON object of key/value pairs.");
    }
    return { details };
  }),
  actionRoute("flag", "flagReturn", "Flag Return", () => ({})),
  actionRoute("close", "closeReturn", "Close Return", () => ({})),
  actionRoute("cancel", "cancelReturn", "Cancel Return", () => ({})),
  actionRoute("remove", "removeLineItems", "Remove Line Items", (req) => {
    const raw = queryValue(req, "line_item_id") ?? (typeof req.body?.line_item_id === "string" || typeof req.body?.line_item_id === "number" ? String(req.body.line_item_id) : "");
    return { ids: raw.split(",").map((s) => s.trim()).filter(Boolean) };
  }),
  actionRoute("note", "createReturnNote", "Create Return Note", (req) => {
    const content = req.body && typeof req.body === "object" && "content" in req.body ? req.body.content : queryValue(req, "content");
    if (content !== undefined && content !== null && typeof content !== "string") throw new CompatValidationError("content", "Content is required and must be less than 255 characters.");
    return { content: content ?? null };
  }),
  {
    method: "GET",
    path: "/return/:return_id/notes",
    operationId: "getReturnNotes",
    summary: "Get Return Notes",
    scope: "returns_read",
    async handle(req, res, call) {
      const data = await runOp<{ warehouseReturn: { id: string; comments: { id: string; message: string | null; createdAt: string }[] } | null }>(call, res, ops.notes, { ref: refOf(req, call.params.return_id) });
      if (!data) return;
      if (!data.warehouseReturn) return void res.status(200).json(NOT_FOUND_BODY);
      // Note ids are positions among the return's comments (1, 2, …): stable, since comments are never deleted.
      const notes = data.warehouseReturn.comments
        .map((c, i) => ({ id: i + 1, content: c.message, created_at: c.createdAt }))
        .filter((n): n is { id: number; content: string; created_at: string } => n.content !== null)
        .map((n) => ({ ...n, created_at: compatTimestamp(n.created_at) }));
      if (!notes.length) return void res.status(422).json(false);
      res.status(200).json(notes);
    },
  },
  {
    method: "GET",
    path: "/reporting/asn",
    operationId: "getAdvancedShippingNotice",
    summary: "Advanced Shipping Notice",
    scope: "returns_read",
    async handle(req, res, call) {
      let vars: Record<string, unknown>;
      try {
        vars = { from: dateParam(req, "from")?.toISOString(), to: dateParam(req, "to", true)?.toISOString() };
      } catch (err) {
        if (err instanceof CompatValidationError) return refuseInput(call, res, "returns_read", err);
        throw err;
      }
      const data = await runOp<{ warehouseAsn: CoreReturn[] }>(call, res, ops.asn, vars);
      if (!data) return;
      res.status(200).json(data.warehouseAsn.flatMap((r) => renderAsnRows(r)));
    },
  },
];
