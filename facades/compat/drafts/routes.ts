// The platform's Draft Returns API (/api/{version}/draft-returns…), one declaration per endpoint: the
// request → one GraphQL operation of the core (src/drafts decides everything) → the envelope (format.ts).
// Bodies are validated with the declared schema (every problem at once, 422 `validation-failed`).
import type { Operation } from "../../executor.js";
import type { Static } from "typebox";
import { T, Text, validatorOf, type InputProblem, type Schema } from "../../declare.js";
import { accessCheck, admitted, InputError, type DoorInput, type DoorRoute, type Reply, type Runner } from "../../door.js";
import type { Method } from "../../http.js";
import { OperationFailed } from "../../http.js";
import { scopeOf } from "../../declare.js";
import { creditTypeIn, envelope, money2026, orderItemsOf, outcomeIn, totalsOf, type Draft, type Format } from "./format.js";
import { DRAFT_OPS as ops, draftOperations } from "./operations.js";

export const HAL = "application/prs.hal-forms+json";
export const VERSIONS = ["v1", "2026-07", "2026-10", "unstable", "latest"] as const;
export type Version = (typeof VERSIONS)[number];

/** `latest` moved from 2026-07 to 2026-10 on 29 October 2026; `v1` is 2026-07; `unstable` is 2026-10 today. */
export function effectiveVersion(v: Version, now = new Date()): "2026-07" | "2026-10" {
  if (v === "v1" || v === "2026-07") return "2026-07";
  if (v === "latest") return now.getTime() >= Date.UTC(2026, 9, 29) ? "2026-10" : "2026-07";
  return "2026-10";
}

/** 2026-07: the format follows Accept; 2026-10 and later: always HAL-Forms. */
export function formatOf(v: Version, accept: string | undefined): Format {
  if (effectiveVersion(v) === "2026-10") return "hal";
  return (accept ?? "").toLowerCase().includes(HAL) ? "hal" : "links";
}

export interface DraftRoute extends DoorRoute {
  operationId: string;
  summary: string;
  body?: Schema;
  /** What the 2xx answer holds (for the document). */
  answers: "envelope" | "list" | "order-items" | "totals";
}

export { draftOperations };

/** The core refused an action on an open draft: its errors, with the draft as it stays (the platform's partial failure). */
export class DraftActionRefused extends Error {
  constructor(
    readonly errors: readonly import("graphql").GraphQLFormattedError[],
    readonly draft: Draft | null,
    readonly base: string,
  ) {
    super(errors[0]?.message ?? "refused");
  }
}

/** A door-level refusal in the platform's words: 422 with `errors[{code, message}]` (404 for a draft not found). */
export class DraftRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly draft?: Draft | null,
  ) {
    super(message);
  }
}

const Str = (bound: "id" | "short" | "note" | "link" = "short") => Text(bound);
const Opt = T.Optional;
const Scalar = T.Union([T.String({ maxLength: 255 }), T.Integer()]);
const AddressFields = {
  address1: Str("short"),
  address2: Opt(T.Union([Str(), T.Null()])),
  city: Str(),
  state: Opt(T.Union([Str(), T.Null()])),
  zip: Opt(T.Union([Str(), T.Null()])),
  country: Opt(T.Union([Str(), T.Null()])),
  country_code: Str(),
  name: Opt(T.Union([Str(), T.Null()])),
  company: Opt(T.Union([Str(), T.Null()])),
  phone: Opt(T.Union([Str(), T.Null()])),
};
const bodies = {
  init: T.Object({ order_name: Str(), secondary_input: Str(), is_gift: Opt(T.Boolean()), shop_id: Opt(Scalar) }),
  add: T.Object({
    order_line_item_id: Scalar,
    quantity: Opt(T.Integer({ minimum: 1, maximum: 1000 })),
    reason_id: Opt(Scalar),
    outcome: Opt(Str()),
  }),
  update: T.Object({
    reason_id: Opt(Scalar),
    outcome: Opt(Str()),
    comment: Opt(Str("note")),
    image_uploads: Opt(T.Array(Str("link"), { maxItems: 10 })),
  }),
  input: T.Object({ value: Str("note") }),
  exchange: T.Object({ variant_id: Scalar }),
  customer: T.Object({ email: Str() }),
  address: T.Union([T.Object({ address: T.Object(AddressFields) }), T.Object(AddressFields)]),
  credit: T.Object({ credit_type: Str() }),
  method: T.Object({ return_method: Str() }),
};

/** The request's body as its route's schema (`bodies[key]`) admitted it: validated before `variables` reads it. */
const bodyOf = <K extends keyof typeof bodies>(input: DoorInput, _key: K) => admitted<Static<(typeof bodies)[K]>>(input.body);

type Ctx = { version: Version; format: Format; base: string; token: string | undefined };

function ctxOf(input: DoorInput, version: Version): Ctx {
  const format = formatOf(version, input.header("accept"));
  const token = input.header("x-loop-shopper-token")?.trim() || undefined;
  return { version, format, base: `${input.publicBase}/api/${version}`, token };
}

const ref = (input: DoorInput, c: Ctx) => ({ id: input.params.id, t: c.token ?? null });

/** Runs a draft operation; a draft answer is the whole envelope, a refusal the platform's 4xx with the draft when it stays open. */
async function draftReply(
  run: Runner,
  op: Operation,
  variables: Record<string, unknown>,
  c: Ctx,
  field: string,
  status = 200,
): Promise<Reply> {
  // Every draft operation answers the draft under its root field (initialize: with the shopper's token beside it).
  const data = (await run(op, variables)) as Record<string, Draft | { draft: Draft; shopperToken: string | null }>;
  const d = data[field];
  const [draft, shopperToken] = "draft" in d ? [d.draft, d.shopperToken] : [d, undefined];
  return reply(status, envelope(draft, c.base, c.format, { shopperToken }), c.format);
}

export function reply(status: number, body: unknown, format: Format): Reply {
  return { status, text: JSON.stringify(body), type: format === "hal" ? HAL : "application/json" };
}

interface Decl {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  op: Operation;
  body?: Schema;
  answers?: DraftRoute["answers"];
  /** The operation's variables from the request (a DraftRefusal for what the door can tell is wrong). */
  variables(input: DoorInput, c: Ctx): Record<string, unknown>;
  answer?(run: Runner, variables: Record<string, unknown>, c: Ctx, input: DoorInput): Promise<Reply>;
  field?: string;
}

function route(version: Version, decl: Decl): DraftRoute {
  const validate = decl.body ? validatorOf(decl.body) : null;
  return {
    method: decl.method,
    path: decl.path,
    operation: decl.op,
    operationId: decl.operationId,
    summary: decl.summary,
    body: decl.body,
    answers: decl.answers ?? "envelope",
    scope: scopeOf(decl.op),
    translate(input) {
      const c = ctxOf(input, version);
      const problems: InputProblem[] = validate ? validate(input.body ?? {}) : [];
      if (problems.length) return { refused: InputError.of(problems) };
      const variables = decl.variables(input, c);
      if (input.problems.length) return { refused: InputError.of(input.problems) };
      return { variables: { ...variables, __c: c } };
    },
    async answer(run, variables, input) {
      const { __c, ...v } = variables as Record<string, unknown> & { __c: Ctx };
      if (decl.answer) return decl.answer(run, v, __c, input);
      try {
        return await draftReply(run, decl.op, v, __c, decl.field!);
      } catch (err) {
        // A refusal of an action on an open draft: the draft as it stays, with the errors (partial failure).
        if (!(err instanceof OperationFailed) || v.id == null) throw err;
        const status = Number(err.errors[0]?.extensions?.status);
        if (status !== 400 && status !== 422 && status !== 409) throw err;
        const now = await run(ops.get, { id: v.id, t: v.t ?? null }).catch(() => null);
        throw new DraftActionRefused(err.errors, now?.draftReturn ?? null, __c.base);
      }
    },
  };
}

/** The shop the key names (the key identifies it); bad credentials get the core's 401/403 first. */
async function shopOf(run: Runner, scope: string | null): Promise<string> {
  const who = await run(ops.whoAmI, {});
  if (who.viewer?.__typename === "ApiClientViewer" && who.viewer.storeId) return who.viewer.storeId;
  await run(accessCheck, { scope, storeId: null });
  throw new DraftRefusal(422, "shop-not-found", "These credentials name no shop: use the shop's API key.");
}

const reasonOf = (v: unknown) => (v == null ? undefined : String(v));
/** An outcome in the platform's or our spelling; unknown words go to the core, which names the field. */
const outcomeOf = (v: unknown) => (v == null ? undefined : (outcomeIn(v) ?? String(v)));

export function draftRoutes(version: Version): DraftRoute[] {
  const r = (decl: Decl) => route(version, decl);
  return [
    r({
      method: "GET",
      path: "/",
      operationId: "listDraftReturns",
      summary: "List Draft Returns (2026-07: needs the HAL-Forms Accept header)",
      op: ops.list,
      answers: "list",
      variables: () => ({}),
      async answer(run, _v, c) {
        // Credentials and scope first (403 for a key without draft_returns_read), then the request's format.
        const storeId = await shopOf(run, scopeOf(ops.list));
        if (c.format !== "hal") await run(accessCheck, { scope: scopeOf(ops.list), storeId });
        if (c.format !== "hal")
          throw new DraftRefusal(422, "unsupported-feature", `Listing draft returns needs \`Accept: ${HAL}\` on ${version}.`);
        const data = await run(ops.list, { s: storeId });
        return reply(
          200,
          {
            _embedded: {
              draft_returns: data.draftReturns.nodes.map((d) => envelope(d, c.base, "hal")),
              processing_type_options: ["regular"],
            },
            _links: { self: { href: `${c.base}/draft-returns` }, initialize: { href: `${c.base}/draft-returns` } },
            _templates: {
              initialize: {
                method: "POST",
                title: "Initialize a draft return",
                contentType: "application/json",
                target: `${c.base}/draft-returns`,
                properties: [
                  { name: "order_name", type: "string", required: true },
                  { name: "secondary_input", type: "string", required: true },
                  { name: "is_gift", type: "boolean", required: false },
                ],
              },
            },
            errors: [],
          },
          "hal",
        );
      },
    }),
    r({
      method: "POST",
      path: "/",
      operationId: "initializeDraftReturn",
      summary: "Initialize Draft Return",
      op: ops.init,
      body: bodies.init,
      variables: (input) => {
        const b = bodyOf(input, "init");
        return {
          i: { orderName: b.order_name, secondaryInput: b.secondary_input, isGift: b.is_gift ?? false },
          language: input.header("x-loop-locale"),
        };
      },
      async answer(run, v, c) {
        const storeId = await shopOf(run, scopeOf(ops.init));
        const language = typeof v.language === "string" && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(v.language) ? v.language : undefined;
        return draftReply(
          run,
          ops.init,
          { s: storeId, i: { ...(v.i as object), ...(language ? { language } : {}) } },
          c,
          "initializeDraftReturn",
        );
      },
    }),
    r({
      method: "GET",
      path: "/:id",
      operationId: "getDraftReturn",
      summary: "Get Draft Return",
      op: ops.get,
      field: "draftReturn",
      variables: ref,
      async answer(run, v, c) {
        const data = await run(ops.get, v);
        if (!data.draftReturn) throw new DraftRefusal(404, "NOT_FOUND", "No such draft return.");
        return reply(200, envelope(data.draftReturn, c.base, c.format), c.format);
      },
    }),
    r({
      method: "POST",
      path: "/:id/cancel",
      operationId: "cancelDraftReturn",
      summary: "Cancel Draft Return",
      op: ops.cancel,
      field: "cancelDraftReturn",
      variables: ref,
    }),
    r({
      method: "POST",
      path: "/:id/returning-items",
      operationId: "addReturningItem",
      summary: "Add Returning Item",
      op: ops.add,
      field: "addDraftReturnItem",
      body: bodies.add,
      variables: (input, c) => {
        const b = bodyOf(input, "add");
        return {
          ...ref(input, c),
          i: {
            lineItemId: String(b.order_line_item_id),
            ...(b.quantity != null ? { quantity: b.quantity } : {}),
            ...(b.reason_id != null ? { reasonCode: reasonOf(b.reason_id) } : {}),
            ...(b.outcome != null ? { outcome: outcomeOf(b.outcome) } : {}),
          },
        };
      },
    }),
    r({
      method: "POST",
      path: "/:id/returning-items/:item",
      operationId: "updateReturningItem",
      summary: "Set a returning item's reason, outcome, comment or photos (Retour's; the reference leaves where the reason goes open)",
      op: ops.update,
      field: "updateDraftReturnItem",
      body: bodies.update,
      variables: (input, c) => {
        const b = bodyOf(input, "update");
        return {
          ...ref(input, c),
          item: input.params.item,
          i: {
            ...(b.reason_id != null ? { reasonCode: reasonOf(b.reason_id) } : {}),
            ...(b.outcome != null ? { outcome: outcomeOf(b.outcome) } : {}),
            ...(b.comment != null ? { answer: b.comment } : {}),
            ...(b.image_uploads != null ? { photos: b.image_uploads } : {}),
          },
        };
      },
    }),
    r({
      method: "DELETE",
      path: "/:id/returning-items/:item",
      operationId: "removeReturningItem",
      summary: "Remove Returning Item",
      op: ops.remove,
      field: "removeDraftReturnItem",
      variables: (input, c) => ({ ...ref(input, c), item: input.params.item }),
    }),
    r({
      method: "POST",
      path: "/:id/returning-items/:item/user-input/:input",
      operationId: "addReturningItemUserInput",
      summary: "Add Returning Item User Input (the answer to the reason's question; `value`)",
      op: ops.update,
      field: "updateDraftReturnItem",
      body: bodies.input,
      variables: (input, c) => ({ ...ref(input, c), item: input.params.item, i: { answer: bodyOf(input, "input").value } }),
    }),
    r({
      method: "POST",
      path: "/:id/returning-items/:item/exchange-item",
      operationId: "addReturningItemExchangeItem",
      summary: "Add Returning Item Exchange Item",
      op: ops.update,
      field: "updateDraftReturnItem",
      body: bodies.exchange,
      variables: (input, c) => ({
        ...ref(input, c),
        item: input.params.item,
        i: { outcome: "exchange", exchangeVariant: String(bodyOf(input, "exchange").variant_id) },
      }),
    }),
    r({
      method: "POST",
      path: "/:id/customer",
      operationId: "setCustomer",
      summary: "Set Customer (`email`)",
      op: ops.customer,
      field: "setDraftReturnCustomer",
      body: bodies.customer,
      variables: (input, c) => ({ ...ref(input, c), e: bodyOf(input, "customer").email }),
    }),
    r({
      method: "POST",
      path: "/:id/address",
      operationId: "setAddress",
      summary: "Set Address (nested `address` or flat)",
      op: ops.address,
      field: "setDraftReturnAddress",
      body: bodies.address,
      variables: (input, c) => {
        const b = bodyOf(input, "address");
        const a = "address" in b ? b.address : b;
        return {
          ...ref(input, c),
          a: {
            line1: a.address1,
            line2: a.address2 ?? null,
            city: a.city,
            state: a.state ?? null,
            postalCode: a.zip ?? null,
            country: a.country_code,
            countryName: a.country ?? null,
            name: a.name ?? null,
            company: a.company ?? null,
            phone: a.phone ?? null,
          },
        };
      },
    }),
    r({
      method: "POST",
      path: "/:id/finalize-items",
      operationId: "finalizeItems",
      summary: "Finalize Items",
      op: ops.finalize,
      field: "finalizeDraftReturnItems",
      variables: ref,
    }),
    r({
      method: "POST",
      path: "/:id/credit-type",
      operationId: "setCreditType",
      summary: "Set Credit Type (`refund` or `store-credit`)",
      op: ops.credit,
      field: "setDraftReturnCreditType",
      body: bodies.credit,
      variables: (input, c) => {
        const credit = creditTypeIn(bodyOf(input, "credit").credit_type);
        if (!credit) input.problems.push({ field: "credit_type", detail: "`credit_type` must be refund or store-credit." });
        return { ...ref(input, c), c: credit };
      },
    }),
    r({
      method: "POST",
      path: "/:id/return-method",
      operationId: "setReturnMethod",
      summary: "Select the return method (`label`, `drop-off` or `ship-yourself`)",
      op: ops.method,
      field: "setDraftReturnMethod",
      body: bodies.method,
      variables: (input, c) => {
        const m = String(bodyOf(input, "method").return_method).trim().toLowerCase().replaceAll("-", "_");
        if (!["label", "drop_off", "ship_yourself"].includes(m))
          input.problems.push({ field: "return_method", detail: "`return_method` must be label, drop-off or ship-yourself." });
        return { ...ref(input, c), m };
      },
    }),
    r({
      method: "GET",
      path: "/:id/order/items",
      operationId: "listOrderLineItems",
      summary: "List Order Line Items",
      op: ops.get,
      answers: "order-items",
      variables: ref,
      async answer(run, v, c) {
        const d = (await run(ops.get, v)).draftReturn;
        if (!d) throw new DraftRefusal(404, "NOT_FOUND", "No such draft return.");
        return reply(200, { ...orderItemsOf(d), errors: [] }, c.format);
      },
    }),
    r({
      method: "GET",
      path: "/:id/totals",
      operationId: "getDraftReturnTotals",
      summary: "Get Draft Return Totals (Money `{amount, currencyCode}`)",
      op: ops.get,
      answers: "totals",
      variables: ref,
      async answer(run, v, c) {
        const d = (await run(ops.get, v)).draftReturn;
        if (!d) throw new DraftRefusal(404, "NOT_FOUND", "No such draft return.");
        return reply(200, { totals: totalsOf(d, money2026(d.currency)), errors: [] }, c.format);
      },
    }),
    r({
      method: "POST",
      path: "/:id/submit",
      operationId: "submitDraftReturn",
      summary: "Submit Draft Return",
      op: ops.submit,
      field: "submitDraftReturn",
      variables: ref,
    }),
  ];
}
