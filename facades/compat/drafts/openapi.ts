// The Draft Returns API's part of the compat door's OpenAPI document: its paths (under every version
// server), request bodies from the route declarations, and the envelope. The envelope stays open
// (the platform adds fields without notice, and clients must tolerate unknown ones).
import { T, toDocument } from "../../declare.js";
import { draftRoutes, HAL, VERSIONS } from "./routes.js";

const Money = T.Object(
  { amount: T.Integer(), currency: T.Optional(T.String()), currencyCode: T.Optional(T.String()) },
  { "x-component": "DraftMoney" },
);
const Errors = T.Array(T.Object({ code: T.String(), message: T.String(), field: T.Optional(T.String()) }), {
  "x-component": "DraftErrors",
});
const Envelope = T.Object(
  {
    draft_return: T.Object(
      {
        id: T.Integer(),
        return_id: T.Union([T.Integer(), T.Null()]),
        state: T.Union(["created", "items-finalized", "submitted", "cancelled", "expired"].map((s) => T.Literal(s))),
        currency: T.String(),
        language: T.String(),
        credit_type: T.Union([T.String(), T.Null()]),
        totals: T.Object({ return_total: Money }),
        returning_items: T.Array(T.Object({ id: T.String(), order_line_item_id: T.String() })),
        cart_items: T.Array(T.Object({})),
      },
      { description: "The draft. Further fields may appear." },
    ),
    context: T.Object({}, { description: "Eligible and ineligible items, reasons, credit types, return methods (empty when terminal)." }),
    links: T.Optional(T.Array(T.Object({ rel: T.String(), href: T.String(), method: T.String(), is_required: T.Boolean() }))),
    _links: T.Optional(T.Object({})),
    _templates: T.Optional(T.Object({})),
    client_application: T.Optional(T.Object({})),
    shopper_token: T.Optional(T.String({ description: "Storefront keys only, on initialize: send it back as X-Loop-Shopper-Token." })),
    errors: Errors,
  },
  { "x-component": "DraftReturnEnvelope" },
);
const Refusal = T.Object(
  { errors: Errors },
  { description: "The platform's errors; a refused action on an open draft also carries the draft's envelope." },
);
const shapes = {
  envelope: Envelope,
  list: T.Object({
    _embedded: T.Object({ draft_returns: T.Array(Envelope) }),
    _links: T.Object({}),
    _templates: T.Object({}),
    errors: Errors,
  }),
  "order-items": T.Object({ order_line_items: T.Array(T.Object({ id: T.String(), eligible: T.Boolean() })), errors: Errors }),
  totals: T.Object({ totals: T.Object({ return_total: Money }), errors: Errors }),
};

const media = (schema: unknown) => ({ "application/json": { schema }, [HAL]: { schema } });

export function draftReturnsPaths(schemas: Record<string, unknown>) {
  const doc = (s: unknown) => toDocument(s, schemas);
  const paths: Record<string, Record<string, unknown>> = {};
  const servers = VERSIONS.map((v) => ({ url: `/api/${v}` }));
  for (const r of draftRoutes("v1")) {
    const template = `/draft-returns${r.path === "/" ? "" : r.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`;
    const names = [...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
    const item = (paths[template] ??= {
      servers,
      ...(names.length
        ? { parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string", maxLength: 255 } })) }
        : {}),
    });
    item[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      tags: ["Draft Returns"],
      "x-scope": r.scope,
      parameters: [
        { name: "X-Loop-Shopper-Token", in: "header", required: false, schema: { type: "string", maxLength: 2048 } },
        { name: "Accept", in: "header", required: false, schema: { type: "string", maxLength: 1024 } },
        { name: "X-Loop-Locale", in: "header", required: false, schema: { type: "string", maxLength: 16 } },
      ],
      ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: doc(r.body) } } } } : {}),
      responses: {
        200: { description: "The answer", content: media(doc(shapes[r.answers])) },
        401: { description: "Missing or invalid key", content: { "application/json": { schema: doc(Refusal) } } },
        403: { description: "The key lacks the draft scopes", content: { "application/json": { schema: doc(Refusal) } } },
        404: {
          description: "No such draft for this key (a storefront key without the draft's shopper token too)",
          content: media(doc(Refusal)),
        },
        422: { description: "Refused with the platform's codes", content: media(doc(Refusal)) },
        429: { description: "Too many requests or lookups", content: media(doc(Refusal)) },
        500: { description: "Unexpected error", content: { "application/json": { schema: doc(Refusal) } } },
        503: { description: "The core is unavailable", content: { "application/json": { schema: doc(Refusal) } } },
      },
    };
  }
  return paths;
}
