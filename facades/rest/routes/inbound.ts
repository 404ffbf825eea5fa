// Inbound shipments (read-only over REST; the dashboard creates and receives them through GraphQL).
// snake_case field names and nulls exactly as the merchant API documents them.
import { operation } from "../../executor.js";
import { pageArgs, pageHeaders, RestInputError, RestProblem, type RestInput, type RestRoute, type LegacyRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { pathParam, text } from "../schema-helpers.js";

const LIST_FIELDS = `id shipmentId status location { id name } carrier trackingNumber trackingUrl estimatedArrivalDate actualArrivalDate
  freightType paymentTerms freightCost { amount currency } dutyCost { amount currency }
  skuCount itemCount receivedCount createdAt updatedAt`;

const listShipments = operation(`query RestListInboundShipments($storeId: ID!, $status: String, $locationId: ID, $createdAtMin: DateTime, $createdAtMax: DateTime, $first: Int, $after: String) {
  inboundShipments(storeId: $storeId, status: $status, locationId: $locationId, createdAtMin: $createdAtMin, createdAtMax: $createdAtMax, first: $first, after: $after) {
    nodes { ${LIST_FIELDS} items { id quantity receivedQuantity damagedQuantity missingQuantity product { id title sku imageUrl } } }
    pageInfo { hasNextPage endCursor }
  }
}`);

const getShipment = operation(`query RestGetInboundShipment($storeId: ID!, $id: ID!) {
  inboundShipment(storeId: $storeId, id: $id) {
    ${LIST_FIELDS} damagedCount missingCount customVolumeCubicMeters
    items { id quantity receivedQuantity damagedQuantity missingQuantity discrepancy packingMode product { id title sku imageUrl upc } }
    purchaseOrders { id name } transferOrders { id name } files { id title url contentType createdAt }
  }
}`);

type Gql = Record<string, any>;

function listView(s: Gql) {
  return {
    id: s.id,
    shipment_id: s.shipmentId,
    status: s.status,
    location: { id: s.location.id, name: s.location.name },
    carrier: s.carrier,
    tracking_number: s.trackingNumber,
    tracking_url: s.trackingUrl,
    estimated_arrival_date: s.estimatedArrivalDate,
    actual_arrival_date: s.actualArrivalDate,
    freight_type: s.freightType,
    payment_terms: s.paymentTerms,
    freight_cost: s.freightCost,
    duty_cost: s.dutyCost,
    items: s.items.map((i: Gql) => ({
      id: i.id,
      product: { id: i.product.id, title: i.product.title, sku: i.product.sku, image_url: i.product.imageUrl },
      quantity: i.quantity,
      received_quantity: i.receivedQuantity,
      damaged_quantity: i.damagedQuantity,
      missing_quantity: i.missingQuantity,
    })),
    sku_count: s.skuCount,
    item_count: s.itemCount,
    received_count: s.receivedCount,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

function detailView(s: Gql) {
  const base = listView(s);
  return {
    ...base,
    items: s.items.map((i: Gql, n: number) => ({
      ...base.items[n],
      product: { ...base.items[n].product, upc: i.product.upc },
      discrepancy: i.discrepancy,
      packing_mode: i.packingMode,
    })),
    custom_volume_cubic_meters: s.customVolumeCubicMeters,
    purchase_orders: s.purchaseOrders,
    transfer_orders: s.transferOrders,
    files: s.files.map((f: Gql) => ({ id: f.id, title: f.title, url: f.url, content_type: f.contentType, created_at: f.createdAt })),
    damaged_count: s.damagedCount,
    missing_count: s.missingCount,
  };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function dateTimeQuery(input: RestInput, name: string): string | undefined {
  const v = input.query(name);
  if (v === undefined) return undefined;
  const [y, m, d] = v.slice(0, 10).split("-").map(Number);
  const calendar = new Date(Date.UTC(y, m - 1, d));
  const realDay = calendar.getUTCFullYear() === y && calendar.getUTCMonth() === m - 1 && calendar.getUTCDate() === d;
  if (!DATE_TIME.test(v) || !realDay || Number.isNaN(new Date(v).getTime())) {
    throw new RestInputError(`\`${name}\` must be an ISO 8601 date-time with a time zone, e.g. 2026-01-01T00:00:00Z; got ${JSON.stringify(v)}.`, name);
  }
  return v;
}

export const inboundRoutes: LegacyRoute[] = [
  {
    method: "GET",
    path: "/stores/:storeId/inbound-shipments",
    operationId: "Inbound shipments list",
    scope: "inbound_shipments_read",
    operation: listShipments,
    variables: (input) => ({
      storeId: input.params.storeId,
      status: input.query("status"),
      locationId: input.query("location_id"),
      createdAtMin: dateTimeQuery(input, "created_at_min"),
      createdAtMax: dateTimeQuery(input, "created_at_max"),
      ...pageArgs(input),
    }),
    respond: (data) => ({
      status: 200,
      headers: pageHeaders(data.inboundShipments.pageInfo),
      body: { inbound_shipments: data.inboundShipments.nodes.map(listView) },
    }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/inbound-shipments/:inboundShipmentId",
    operationId: "Inbound shipment get",
    scope: "inbound_shipments_read",
    operation: getShipment,
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inboundShipmentId }),
    respond: (data, { params }) => {
      if (!data.inboundShipment) {
        throw new RestProblem(404, "inbound/not-found", "Inbound shipment not found", `No inbound shipment ${params.inboundShipmentId} in this store.`);
      }
      return { status: 200, body: { inbound_shipment: detailView(data.inboundShipment) } };
    },
  },
];

const money = { $ref: "#/components/schemas/Money" };
const str = { type: "string" };
const nstr = { type: ["string", "null"] };
const date = { type: ["string", "null"], format: "date", description: "YYYY-MM-DD" };
const int = { type: "integer", minimum: 0 };
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: "object", required, additionalProperties: false, properties });
const ref = obj({ id: str, name: str });

const listItem = obj({
  id: { type: "string", description: "`isp_…`" },
  product: obj({ id: { type: "string", description: "`prd_…`" }, title: str, sku: nstr, image_url: nstr }),
  quantity: int,
  received_quantity: int,
  damaged_quantity: int,
  missing_quantity: int,
});
const listProps = {
  id: { type: "string", description: "`inb_…`" },
  shipment_id: { type: ["string", "null"], description: "The merchant's own reference." },
  status: { type: "string", enum: ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"] },
  location: obj({ id: { type: "string", description: "`loc_…`" }, name: str }),
  carrier: nstr,
  tracking_number: nstr,
  tracking_url: nstr,
  estimated_arrival_date: date,
  actual_arrival_date: date,
  freight_type: { type: ["string", "null"], description: "e.g. LTL, FTL, Parcel" },
  payment_terms: { type: ["string", "null"], description: "e.g. NET30, COD" },
  freight_cost: money,
  duty_cost: money,
  items: { type: "array", items: listItem },
  sku_count: { ...int, description: "Distinct products." },
  item_count: { ...int, description: "Units shipped." },
  received_count: { ...int, description: "Units received in good order." },
  created_at: { type: "string", format: "date-time" },
  updated_at: { type: "string", format: "date-time" },
};
const detailItem = obj({
  id: str,
  product: obj({ id: str, title: str, sku: nstr, image_url: nstr, upc: nstr }),
  quantity: int,
  received_quantity: int,
  damaged_quantity: int,
  missing_quantity: int,
  discrepancy: { type: "integer", description: "received + damaged − shipped: negative when units are short." },
  packing_mode: { type: "string", description: "e.g. individual, case, pallet" },
});

export const inboundOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/inbound-shipments": {
      parameters: [pathParam("storeId")],
      get: {
        operationId: "Inbound shipments list",
        summary: "List inbound shipments, most recently updated first",
        description:
          "Cursor-paginated over (`updated_at`, `id`). A shipment updated while you page moves to the front of the list: it is never returned twice in one traversal and is not shown again by later pages (start a fresh traversal to see it on the first page). Shipments not updated meanwhile are each returned exactly once.",
        tags: ["Inbound Shipments"],
        security: [{ Bearer: [] }],
        "x-scope": "inbound_shipments_read",
        parameters: [
          { name: "status", in: "query", required: false, schema: { type: "string", enum: ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"] } },
          { name: "location_id", in: "query", required: false, schema: text("id", { pattern: "^loc_" }), example: "loc_4d8e1a2b3c" },
          { name: "created_at_min", in: "query", required: false, description: "Inclusive.", schema: { type: "string", format: "date-time" }, example: "2000-01-01T00:00:00Z" },
          { name: "created_at_max", in: "query", required: false, description: "Exclusive.", schema: { type: "string", format: "date-time" }, example: "2026-01-01T00:00:00Z" },
          { name: "page-size", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 500, default: 20 } },
          { name: "page-continue", in: "query", required: false, schema: text("cursor"), description: "The previous response's `X-Page-Next`, unchanged." },
          { name: "X-Page-Size", in: "header", required: false, schema: { type: "integer", minimum: 1, maximum: 500, default: 20 } },
          { name: "X-Page-Continue", in: "header", required: false, schema: text("cursor") },
        ],
        responses: {
          "200": {
            description: "A page of shipments",
            headers: { "X-Page-Next": { description: "Cursor of the next page; absent on the last page.", schema: str } },
            content: { "application/json": { schema: obj({ inbound_shipments: { type: "array", items: { $ref: "#/components/schemas/InboundShipmentList" } } }) } },
          },
          ...problemResponses(["400", "401", "403"]),
        },
      },
    },
    "/stores/{storeId}/inbound-shipments/{inboundShipmentId}": {
      parameters: [
        pathParam("storeId"),
        { ...pathParam("inboundShipmentId"), example: "inb_7a3f9c2e1b" },
      ],
      get: {
        operationId: "Inbound shipment get",
        summary: "Read one inbound shipment in detail",
        tags: ["Inbound Shipments"],
        security: [{ Bearer: [] }],
        "x-scope": "inbound_shipments_read",
        responses: {
          "200": {
            description: "The shipment",
            content: { "application/json": { schema: obj({ inbound_shipment: { $ref: "#/components/schemas/InboundShipmentDetail" } }) } },
          },
          ...problemResponses(["401", "403", "404"]),
        },
      },
    },
  },
  schemas: {
    InboundShipmentList: obj(listProps),
    InboundShipmentDetail: obj({
      ...listProps,
      items: { type: "array", items: detailItem },
      custom_volume_cubic_meters: { type: ["number", "null"] },
      purchase_orders: { type: "array", items: { ...ref, description: "`po_…`" } },
      transfer_orders: { type: "array", items: { ...ref, description: "`trn_…`" } },
      files: { type: "array", items: obj({ id: { type: "string", description: "`isf_…`" }, title: str, url: str, content_type: str, created_at: { type: "string", format: "date-time" } }) },
      damaged_count: int,
      missing_count: int,
    }),
  },
};
