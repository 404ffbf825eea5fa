// Inbound shipments (read-only over REST; the dashboard creates and receives them through GraphQL).
// snake_case names (GraphQL aliases derived from the shapes) and nulls exactly as the merchant API
// documents them.
import { operation } from "../../executor.js";
import { declareRoutes, notFound, PAGE_NEXT, PAGING, pageArgs, pageHeaders } from "../route.js";
import { component, from, Nullable, Obj, selectionOf, T, Text, type TSchema } from "../../declare.js";
import { Money } from "../shapes.js";
import type * as gen from "../../codegen/operations.js";

const S = T.String();
const NS = Nullable(T.String());
const Count = T.Integer({ minimum: 0 });
const DateTime = T.String({ format: "date-time" });
const Day = Nullable(T.String({ format: "date", description: "YYYY-MM-DD" }));
const STATUSES = ["PENDING", "IN_TRANSIT", "PARTIALLY_RECEIVED", "RECEIVED"];
const Named = (description: string) => Obj({ id: S, name: S }, { description });

const itemCounts = {
  quantity: Count,
  received_quantity: from("receivedQuantity", Count),
  damaged_quantity: from("damagedQuantity", Count),
  missing_quantity: from("missingQuantity", Count),
};
const product = { id: T.String({ description: "`prd_…`" }), title: S, sku: NS, image_url: from("imageUrl", NS) };
const listFields = (items: TSchema) => ({
  id: T.String({ description: "`inb_…`" }),
  shipment_id: from("shipmentId", Nullable(T.String({ description: "The merchant's own reference." }))),
  status: T.String({ enum: STATUSES }),
  location: Obj({ id: T.String({ description: "`loc_…`" }), name: S }),
  carrier: NS,
  tracking_number: from("trackingNumber", NS),
  tracking_url: from("trackingUrl", NS),
  estimated_arrival_date: from("estimatedArrivalDate", Day),
  actual_arrival_date: from("actualArrivalDate", Day),
  freight_type: from("freightType", Nullable(T.String({ description: "e.g. LTL, FTL, Parcel" }))),
  payment_terms: from("paymentTerms", Nullable(T.String({ description: "e.g. NET30, COD" }))),
  freight_cost: from("freightCost", Money),
  duty_cost: from("dutyCost", Money),
  items: T.Array(items),
  sku_count: from("skuCount", T.Integer({ minimum: 0, description: "Distinct products." })),
  item_count: from("itemCount", T.Integer({ minimum: 0, description: "Units shipped." })),
  received_count: from("receivedCount", T.Integer({ minimum: 0, description: "Units received in good order." })),
  created_at: from("createdAt", DateTime),
  updated_at: from("updatedAt", DateTime),
});

const InboundShipmentList = component(
  "InboundShipmentList",
  Obj(listFields(Obj({ id: T.String({ description: "`isp_…`" }), product: Obj(product), ...itemCounts }))),
);
const InboundShipmentDetail = component(
  "InboundShipmentDetail",
  Obj({
    ...listFields(
      Obj({
        id: S,
        product: Obj({ ...product, upc: NS }),
        ...itemCounts,
        discrepancy: T.Integer({ description: "received + damaged − shipped: negative when units are short." }),
        packing_mode: from("packingMode", T.String({ description: "e.g. individual, case, pallet" })),
      }),
    ),
    custom_volume_cubic_meters: from("customVolumeCubicMeters", Nullable(T.Number())),
    purchase_orders: from("purchaseOrders", T.Array(Named("`po_…`"))),
    transfer_orders: from("transferOrders", T.Array(Named("`trn_…`"))),
    files: T.Array(
      Obj({
        id: T.String({ description: "`isf_…`" }),
        title: S,
        url: S,
        content_type: from("contentType", S),
        created_at: from("createdAt", DateTime),
      }),
    ),
    damaged_count: from("damagedCount", Count),
    missing_count: from("missingCount", Count),
  }),
);

const listShipments =
  operation<gen.RestListInboundShipmentsQuery>(`query RestListInboundShipments($storeId: ID!, $status: String, $locationId: ID, $createdAtMin: DateTime, $createdAtMax: DateTime, $first: Int, $after: String) {
  inboundShipments(storeId: $storeId, status: $status, locationId: $locationId, createdAtMin: $createdAtMin, createdAtMax: $createdAtMax, first: $first, after: $after) {
    nodes { ${selectionOf(InboundShipmentList)} }
    pageInfo { hasNextPage endCursor }
  }
}`);
const getShipment = operation<gen.RestGetInboundShipmentQuery>(`query RestGetInboundShipment($storeId: ID!, $id: ID!) {
  inboundShipment(storeId: $storeId, id: $id) { ${selectionOf(InboundShipmentDetail)} }
}`);

export const inboundRoutes = declareRoutes("Inbound Shipments", [
  {
    method: "GET",
    path: "/stores/:storeId/inbound-shipments",
    operationId: "Inbound shipments list",
    summary: "List inbound shipments, most recently updated first",
    description:
      "Cursor-paginated over (`updated_at`, `id`). A shipment updated while you page moves to the front of the list: it is never returned twice in one traversal and is not shown again by later pages (start a fresh traversal to see it on the first page). Shipments not updated meanwhile are each returned exactly once.",
    operation: listShipments,
    query: {
      status: { schema: T.String({ enum: STATUSES }) },
      location_id: { schema: Text("id", { pattern: "^loc_" }), example: "loc_4d8e1a2b3c" },
      created_at_min: { description: "Inclusive.", schema: DateTime, example: "2000-01-01T00:00:00Z" },
      created_at_max: { description: "Exclusive.", schema: DateTime, example: "2026-01-01T00:00:00Z" },
      ...PAGING.query,
    },
    headers: PAGING.headers,
    responses: {
      200: { description: "A page of shipments", headers: PAGE_NEXT, schema: Obj({ inbound_shipments: T.Array(InboundShipmentList) }) },
    },
    errors: [400],
    variables: (input) => ({
      storeId: input.params.storeId,
      status: input.q.status,
      locationId: input.q.location_id,
      createdAtMin: input.q.created_at_min,
      createdAtMax: input.q.created_at_max,
      ...pageArgs(input),
    }),
    respond: ({ inboundShipments: page }) => ({
      status: 200,
      headers: pageHeaders(page.pageInfo),
      body: { inbound_shipments: page.nodes },
    }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/inbound-shipments/:inboundShipmentId",
    operationId: "Inbound shipment get",
    summary: "Read one inbound shipment in detail",
    operation: getShipment,
    pathExamples: { inboundShipmentId: "inb_7a3f9c2e1b" },
    responses: { 200: { description: "The shipment", schema: Obj({ inbound_shipment: InboundShipmentDetail }) } },
    errors: [404],
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inboundShipmentId }),
    respond: (data, { params }) => {
      if (data.inboundShipment) return { status: 200, body: { inbound_shipment: data.inboundShipment } };
      throw notFound("inbound", "Inbound shipment", `No inbound shipment ${params.inboundShipmentId} in this store.`);
    },
  },
]);
