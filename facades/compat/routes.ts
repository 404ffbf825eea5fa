// The ten warehouse endpoints, one declaration each: the platform's request → one GraphQL operation
// of the core (src/warehouse/rules.ts decides) → the platform's shape (shapes.ts).
import type * as gen from "../codegen/operations.js";
import { operation } from "../executor.js";
import { queryValue } from "../http.js";
import { T, Text, type ParamDecl, type ResponseDecl } from "../declare.js";
import { LIST_BOUNDS, PAGE_SIZES, TEXT_BOUNDS } from "../../src/core/bounds.js";

/** The most returns the platform's list without paginate answers: the whole window up to this. */
const LIST_UNPAGED_MAX = PAGE_SIZES.warehouseReturns.unpaged;
import { declareCompatRoutes, type CompatDecl, type CompatInput, type CompatRoute } from "./route.js";
import { compatTimestamp, pageUrl, parseCompatDate } from "./format.js";
import { streamedList } from "./unpaged.js";
import {
  AsnRows,
  COMPAT_RETURN_FIELDS,
  DETAILS_NOT_FOUND_BODY,
  NOT_FOUND_BODY,
  Notes,
  REFUSALS,
  ReturnDetails,
  ReturnList,
  ReturnListPage,
  STATES,
  refusalResponse,
  renderAsnRows,
  renderReturn,
} from "./shapes.js";

const INT_MAX = 2147483647;
const REF = `$ref: WarehouseReturnRef!`;
const RESULT = `ok refusal { code state message }`;

/** The identifiers that name a return with the path id `0` (details takes `return_id` among them). */
const REF_QUERY: Record<string, ParamDecl> = {
  service_return_id: { schema: Text("id"), description: "Our return id (`service_id`)." },
  order_name: { schema: Text("short"), description: "The order's name, with or without `#`." },
  order_id: { schema: Text("id"), description: "The order's platform id, or our `ord_…` id." },
};

/** The four ways of naming a return: a non-zero numeric path id, else the query's identifiers. */
function refOf(input: CompatInput) {
  const pathId = input.params.return_id;
  const q = (n: string) => queryValue(input.req, n)?.trim() || null;
  const ref: Record<string, unknown> = {};
  const id = pathId ?? q("return_id") ?? "";
  if (/^\d{1,12}$/.test(id) && Number(id) !== 0)
    ref.compatId = Number(id) <= INT_MAX ? Number(id) : -1; // out of range: names nothing
  else if (id !== "" && id !== "0" && pathId === undefined) ref.compatId = -1; // a non-numeric return_id names nothing
  if (ref.compatId === undefined) {
    if (q("service_return_id")) ref.serviceReturnId = q("service_return_id");
    else if (q("order_name")) ref.orderName = q("order_name");
    else if (q("order_id")) ref.orderId = q("order_id");
  }
  return ref;
}

const DATE: ParamDecl = { schema: Text("short"), description: "`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601." };

/** A date parameter (ISO for the core), or a problem in the platform's words. */
function dateOf(input: CompatInput, name: string, endOfDay = false): string | undefined {
  const v = input.q[name];
  if (typeof v !== "string") return undefined;
  const d = parseCompatDate(v);
  if (!d)
    return void input.problems.push({
      field: name,
      detail: `The ${name} is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601.`,
    });
  // A bare date as the end of a window means the whole of that day.
  return new Date(d.getTime() + (endOfDay && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(v) ? 86_399_999 : 0)).toISOString();
}

const ok = (description: string, shape: import("../declare.js").Schema): ResponseDecl => ({ description, schema: shape });
const oneOf = (...schemas: object[]) => ({ oneOf: schemas });
const VALIDATION = (description: string): Record<number, ResponseDecl> => ({ 422: ok(description, REFUSALS.Validation) });

/** Each action's core field, its variable declarations and its arguments. */
const ACTIONS = {
  process: ["warehouseProcessReturn", ", $details: String", ", details: $details"],
  flag: ["warehouseFlagReturn", "", ""],
  close: ["warehouseCloseReturn", "", ""],
  cancel: ["warehouseCancelReturn", "", ""],
  remove: ["warehouseRemoveReturnItems", ", $ids: [String!]!", ", lineItemIds: $ids"],
  note: ["warehouseAddReturnNote", ", $content: String", ", content: $content"],
} as const;

/** What every action answers: done, or the core's refusal. */
type ActionResult = gen.CompatflagReturnMutation["warehouseFlagReturn"];
type ActionData = Record<(typeof ACTIONS)[keyof typeof ACTIONS][0], ActionResult>;

/** POST return/:return_id/<action> → JSON `true`, or the platform's refusal body. */
function action(
  name: keyof typeof ACTIONS,
  operationId: string,
  summary: string,
  extra: Partial<CompatDecl<ActionData>> = {},
  more: Record<number, ResponseDecl> = {},
): CompatDecl<ActionData> {
  const [field, vars, args] = ACTIONS[name];
  return {
    method: "POST",
    path: `/return/:return_id/${name}`,
    operationId,
    summary,
    operation: operation<ActionData>(`mutation Compat${operationId}(${REF}${vars}) { ${field}(ref: $ref${args}) { ${RESULT} } }`),
    query: REF_QUERY,
    responses: {
      200: ok(
        "`true`, or the platform's refusal (unknown return, state refusals)",
        oneOf(REFUSALS.Success, REFUSALS.NotFound, REFUSALS.UnprocessableState, REFUSALS.Message, REFUSALS.Content),
      ),
      ...more,
    },
    ...extra,
    variables: (input) => ({ ref: refOf(input), ...extra.variables?.(input) }),
    respond: (data) => {
      const result = data[field];
      return result.ok ? { status: 200, body: true } : refusalResponse(result.refusal!);
    },
  };
}

type AsnPage = gen.CompatAsnQuery["warehouseAsn"];

/** The ten endpoints; the door (index.ts) handles auth and unknown paths. */
export const compatRoutes: CompatRoute[] = declareCompatRoutes([
  {
    method: "GET",
    path: "/return/details",
    operationId: "getReturnDetails",
    summary: "Get Return Details",
    operation: operation<gen.CompatReturnDetailsQuery>(
      `query CompatReturnDetails(${REF}) { warehouseReturn(ref: $ref) { ${COMPAT_RETURN_FIELDS} } }`,
    ),
    query: {
      return_id: { schema: Text("id"), description: "The compat id." },
      ...REF_QUERY,
      currency_type: { schema: T.String({ enum: ["shop", "presentment"] }) },
    },
    messages: { currency_type: "The selected currency type is invalid: use shop or presentment." },
    responses: {
      200: ok("The return, or the not-found body", oneOf(ReturnDetails, REFUSALS.DetailsNotFound)),
      ...VALIDATION("Invalid currency_type"),
    },
    variables: (input) => ({ ref: refOf(input) }),
    respond: (data) =>
      data.warehouseReturn
        ? { status: 200, body: renderReturn(data.warehouseReturn, "details"), shape: ReturnDetails }
        : { status: 200, body: DETAILS_NOT_FOUND_BODY },
  },
  {
    method: "GET",
    path: "/return/list",
    operationId: "getDetailedReturnsList",
    summary: "Detailed Returns List",
    operation: operation<gen.CompatReturnListQuery>(
      `query CompatReturnList($from: DateTime, $to: DateTime, $filter: String, $state: String, $pageSize: Int, $cursor: String) {
        warehouseReturns(from: $from, to: $to, filter: $filter, state: $state, pageSize: $pageSize, cursor: $cursor) { returns { ${COMPAT_RETURN_FIELDS} } nextCursor previousCursor pageSize }
      }`,
    ),
    query: {
      from: DATE,
      to: DATE,
      // Which values are allowed is the core's (one refusal wording for every client).
      filter: { schema: Text("short"), description: "`created_at` (default) or `updated_at`." },
      state: { schema: Text("short"), description: `One of ${STATES.join(", ")}; default open, closed and expired.` },
      paginate: { schema: T.Boolean() },
      pageSize: { schema: T.Integer({ description: "1 to 750, default 100." }) },
      cursor: { schema: Text("cursor") },
    },
    messages: { paginate: "The paginate field must be true or false.", pageSize: "The pageSize must be an integer." },
    responses: {
      200: ok("A bare array, or a page with paginate=true", oneOf(ReturnList, ReturnListPage)),
      ...VALIDATION("Invalid window, filter, state, page size or cursor"),
    },
    // A cursor pages even without paginate=true (clients re-sending only the cursor); without either, the whole window.
    variables: (input) => {
      const { paginate, ...q } = input.q; // the other parameters are named as the operation's variables
      return { ...q, from: dateOf(input, "from"), to: dateOf(input, "to") };
    },
    // Without paginate (or a cursor) the platform answers the whole window: this door walks the core's
    // keyset pages of the largest size, up to LIST_UNPAGED_MAX returns (no unpaged list is reachable from
    // /graphql), and writes each page as it comes (unpaged.ts). The first page is read before answering,
    // so a refusal of the window is still told as usual.
    stream: async (run, variables, input) => {
      if (input.q.paginate || input.q.cursor) return null;
      const pageVariables = (cursor: string | null) => ({ ...variables, pageSize: PAGE_SIZES.warehouseReturns.max, cursor });
      const first = await run(pageVariables(null));
      return streamedList(first.warehouseReturns, async (cursor) => (await run(pageVariables(cursor))).warehouseReturns, LIST_UNPAGED_MAX);
    },
    respond: (data, input) => {
      const page = data.warehouseReturns;
      const returns = page.returns.map((r) => renderReturn(r, "list"));
      if (!(input.q.paginate || input.q.cursor)) return { status: 200, body: returns, shape: ReturnList };
      const url = (cursor: string | null) => (cursor ? pageUrl(input.req, input.publicBase, cursor, page.pageSize) : null);
      return {
        status: 200,
        body: { returns, nextPageUrl: url(page.nextCursor), previousPageUrl: url(page.previousCursor) },
        shape: ReturnListPage,
      };
    },
  },
  action(
    "process",
    "processReturn",
    "Process Return",
    {
      body: T.Object(
        {},
        {
          additionalProperties: true,
          description: `Additional details, kept on the timeline: at most ${TEXT_BOUNDS.note} characters as JSON.`,
        },
      ),
      messages: { body: "The additional details must be a JSON object of key/value pairs." },
      variables: (input) => {
        if (input.body === undefined || !Object.keys(input.body as object).length) return {};
        try {
          return { details: JSON.stringify(input.body) };
        } catch {
          input.problems.push({
            field: "body",
            detail: "The additional details are nested too deeply; send a JSON object of key/value pairs.",
          });
          return {};
        }
      },
    },
    VALIDATION("The body is not a JSON object"),
  ),
  action("flag", "flagReturn", "Flag Return"),
  action("close", "closeReturn", "Close Return"),
  action("cancel", "cancelReturn", "Cancel Return"),
  action(
    "remove",
    "removeLineItems",
    "Remove Line Items",
    {
      query: {
        ...REF_QUERY,
        line_item_id: {
          schema: T.String({ maxLength: LIST_BOUNDS.returnItems * (TEXT_BOUNDS.id + 1) }),
          description: `One id or comma-separated ids (query, or JSON body): at most ${LIST_BOUNDS.returnItems} ids of at most ${TEXT_BOUNDS.id} characters.`,
        },
      },
      variables: (input) => {
        const fromBody = (input.body as { line_item_id?: unknown } | undefined)?.line_item_id;
        const fromQuery = input.q.line_item_id;
        const raw =
          typeof fromQuery === "string" ? fromQuery : typeof fromBody === "string" || typeof fromBody === "number" ? String(fromBody) : "";
        return { ids: raw.split(",").flatMap((id) => id.trim() || []) }; // each id trimmed, empty ones left out
      },
    },
    {
      422: ok(
        "line_item_id missing, the return cannot be modified, or items do not qualify",
        oneOf(REFUSALS.Message, REFUSALS.ErrorMessage),
      ),
    },
  ),
  action(
    "note",
    "createReturnNote",
    "Create Return Note",
    {
      // Emptiness and the 254-character limit are the core's refusal (INVALID_CONTENT), answered in the platform's body.
      body: T.Object({ content: T.Optional(Text("note", { description: "Non-empty, at most 254 characters (JSON body, or query)." })) }),
      query: { ...REF_QUERY, content: { schema: Text("note") } },
      messages: { content: "Content is required and must be less than 255 characters." },
      variables: (input) => ({ content: (input.body as { content?: string } | undefined)?.content ?? input.q.content ?? null }),
    },
    { 422: ok("Content missing, empty or 255 characters or more", oneOf(REFUSALS.Validation, REFUSALS.ErrorsMessage)) },
  ),
  {
    method: "GET",
    path: "/return/:return_id/notes",
    operationId: "getReturnNotes",
    summary: "Get Return Notes",
    operation: operation<gen.CompatReturnNotesQuery>(
      `query CompatReturnNotes(${REF}) { warehouseReturn(ref: $ref) { id comments { id message createdAt } } }`,
    ),
    query: REF_QUERY,
    responses: {
      200: ok("The notes, oldest first, or the not-found body", oneOf(Notes, REFUSALS.NotFound)),
      422: ok("The return has no notes: the bare body false", T.Literal(false)),
    },
    variables: (input) => ({ ref: refOf(input) }),
    respond: (data) => {
      if (!data.warehouseReturn) return { status: 200, body: NOT_FOUND_BODY };
      // Note ids are positions among the return's comments (1, 2, …): stable, since comments are never deleted.
      const notes = data.warehouseReturn.comments.flatMap((c, i) =>
        c.message === null ? [] : [{ id: i + 1, content: c.message, created_at: compatTimestamp(c.createdAt) }],
      );
      return notes.length ? { status: 200, body: notes, shape: Notes } : { status: 422, body: false };
    },
  },
  {
    method: "GET",
    path: "/reporting/asn",
    operationId: "getAdvancedShippingNotice",
    summary: "Advanced Shipping Notice",
    operation: operation<gen.CompatAsnQuery>(
      `query CompatAsn($from: DateTime, $to: DateTime, $cursor: String) { warehouseAsn(from: $from, to: $to, cursor: $cursor) { returns { ${COMPAT_RETURN_FIELDS} } nextCursor from to } }`,
    ),
    query: {
      from: { ...DATE, description: `${DATE.description} Default: 7 days before now.` },
      to: { ...DATE, description: `${DATE.description} Default: now; a bare date includes that whole day.` },
    },
    responses: { 200: ok("One row per returned line item", AsnRows), ...VALIDATION("Invalid dates or window") },
    variables: (input) => ({ from: dateOf(input, "from"), to: dateOf(input, "to", true) }),
    // The platform's report is one answer: this door walks the core's pages of one window, up to
    // PAGE_SIZES.warehouseAsn.whole returns, and answers them as one page of that window.
    collect: async (run, variables) => {
      const returns: AsnPage["returns"] = [];
      let page: AsnPage;
      let next: Record<string, unknown> = variables;
      do {
        page = (await run(next)).warehouseAsn;
        returns.push(...page.returns);
        next = { from: page.from, to: page.to, cursor: page.nextCursor };
      } while (page.nextCursor && returns.length < PAGE_SIZES.warehouseAsn.whole);
      return { warehouseAsn: { ...page, returns: returns.slice(0, PAGE_SIZES.warehouseAsn.whole), nextCursor: null } };
    },
    respond: (data) => ({ status: 200, body: data.warehouseAsn.returns.flatMap(renderAsnRows), shape: AsnRows }),
  },
]);
