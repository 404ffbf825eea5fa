// Inventory items and levels (read-only): snake_case, prefixed ids, and nulls exactly where the
// merchant API marks them nullable (item sku/name, product sku/upc/image_url, external_ids).
import { operation } from "../../executor.js";
import { pageArgs, pageHeaders, RestProblem, type RestRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { arr, dateTime, int, nullable, obj, pathParam, str, text } from "../schema-helpers.js";
import { dateTimeQuery } from "./inbound.js";

const ITEM_FIELDS = `id sku name kind quantity createdAt updatedAt locations { location { id name } quantity }`;
const LEVEL_FIELDS = `id quantity available committed reserved buildable totalAvailable createdAt updatedAt location { id name }`;

const listItems = operation(`query RestListInventoryItems($storeId: ID!, $locationId: ID, $kind: String, $first: Int, $after: String) {
  inventoryItems(storeId: $storeId, locationId: $locationId, kind: $kind, first: $first, after: $after) { nodes { ${ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }
}`);
const getItem = operation(`query RestGetInventoryItem($storeId: ID!, $id: ID!) { inventoryItem(storeId: $storeId, id: $id) { ${ITEM_FIELDS} } }`);
const listLevels = operation(`query RestListInventoryLevels($storeId: ID!, $locationId: ID, $productId: ID, $sku: String, $updatedAtMin: DateTime, $updatedAtMax: DateTime, $first: Int, $after: String) {
  inventoryLevels(storeId: $storeId, locationId: $locationId, productId: $productId, sku: $sku, updatedAtMin: $updatedAtMin, updatedAtMax: $updatedAtMax, first: $first, after: $after) {
    nodes { ${LEVEL_FIELDS} product { id title sku } } pageInfo { hasNextPage endCursor }
  }
}`);
const getLevel = operation(`query RestGetInventoryLevel($storeId: ID!, $id: ID!) { inventoryLevel(storeId: $storeId, id: $id) { ${LEVEL_FIELDS} product { id title sku upc imageUrl } } }`);

type Gql = Record<string, any>;

function itemView(i: Gql) {
  return {
    id: i.id,
    sku: i.sku,
    name: i.name,
    kind: i.kind,
    quantity: i.quantity,
    locations: i.locations.map((l: Gql) => ({ location_id: l.location.id, location_name: l.location.name, quantity: l.quantity })),
    created_at: i.createdAt,
    updated_at: i.updatedAt,
  };
}

function levelView(l: Gql) {
  return {
    id: l.id,
    product: { id: l.product.id, title: l.product.title, sku: l.product.sku },
    location: { id: l.location.id, name: l.location.name },
    quantity: l.quantity,
    available: l.available,
    committed: l.committed,
    reserved: l.reserved,
    buildable: l.buildable,
    total_available: l.totalAvailable,
    updated_at: l.updatedAt,
  };
}

function levelDetailView(l: Gql) {
  return {
    ...levelView(l),
    product: { id: l.product.id, title: l.product.title, sku: l.product.sku, upc: l.product.upc, image_url: l.product.imageUrl },
    external_ids: null,
    created_at: l.createdAt,
  };
}

export const inventoryRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/stores/:storeId/inventory-items",
    operationId: "Inventory items list",
    scope: "inventory_read",
    operation: listItems,
    variables: (input) => ({ storeId: input.params.storeId, locationId: input.query("location_id"), kind: input.query("kind"), ...pageArgs(input) }),
    respond: (data) => ({ status: 200, headers: pageHeaders(data.inventoryItems.pageInfo), body: { inventory_items: data.inventoryItems.nodes.map(itemView) } }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/inventory-items/:inventoryItemId",
    operationId: "Inventory item get",
    scope: "inventory_read",
    operation: getItem,
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inventoryItemId }),
    respond: (data, { params }) => {
      if (!data.inventoryItem) throw new RestProblem(404, "inventory/not-found", "Inventory item not found", `No inventory item ${params.inventoryItemId} in this store.`);
      return { status: 200, body: { inventory_item: itemView(data.inventoryItem) } };
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/inventory-levels",
    operationId: "Inventory levels list",
    scope: "inventory_read",
    operation: listLevels,
    variables: (input) => ({
      storeId: input.params.storeId,
      locationId: input.query("location_id"),
      productId: input.query("product_id"),
      sku: input.query("sku"),
      updatedAtMin: dateTimeQuery(input, "updated_at_min"),
      updatedAtMax: dateTimeQuery(input, "updated_at_max"),
      ...pageArgs(input),
    }),
    respond: (data) => ({ status: 200, headers: pageHeaders(data.inventoryLevels.pageInfo), body: { inventory_levels: data.inventoryLevels.nodes.map(levelView) } }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/inventory-levels/:inventoryLevelId",
    operationId: "Inventory level get",
    scope: "inventory_read",
    operation: getLevel,
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inventoryLevelId }),
    respond: (data, { params }) => {
      if (!data.inventoryLevel) throw new RestProblem(404, "inventory/not-found", "Inventory level not found", `No inventory level ${params.inventoryLevelId} in this store.`);
      return { status: 200, body: { inventory_level: levelDetailView(data.inventoryLevel) } };
    },
  },
];

const qty = { ...int, description: "Units; no minimum is declared (a correction could take a level below 0)." };
const nstr = nullable(str);
const paging = [
  { name: "page-size", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 500, default: 20 } },
  { name: "page-continue", in: "query", required: false, schema: text("cursor"), description: "The previous response's `X-Page-Next`, unchanged." },
  { name: "X-Page-Size", in: "header", required: false, schema: { type: "integer", minimum: 1, maximum: 500, default: 20 } },
  { name: "X-Page-Continue", in: "header", required: false, schema: text("cursor") },
];
const locationIdParam = { name: "location_id", in: "query", required: false, schema: text("id", { pattern: "^loc_" }), example: "loc_4d8e1a2b3c" };
const pageHeader = { "X-Page-Next": { description: "Cursor of the next page; absent on the last page.", schema: str } };
const common = { security: [{ Bearer: [] }], "x-scope": "inventory_read" };
const levelProps = {
  id: { type: "string", description: "`li_…`" },
  product: obj({ id: { type: "string", description: "`prd_…` (or, for an item known only from a returned order line, that line's product id)" }, title: str, sku: nstr }),
  location: obj({ id: { type: "string", description: "`loc_…`" }, name: str }),
  quantity: qty,
  available: { ...int, description: "quantity − committed − reserved" },
  committed: { ...int, description: "Always 0: orders do not allocate stock here." },
  reserved: { ...int, description: "Always 0: nothing is held back here." },
  buildable: { ...int, description: "Always 0: no bills of materials here." },
  total_available: { ...int, description: "available + buildable" },
  updated_at: dateTime,
};

export const inventoryOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/inventory-items": {
      parameters: [pathParam("storeId")],
      get: {
        operationId: "Inventory items list",
        summary: "List inventory items with units on hand, most recently updated first",
        description: "Only items with on-hand quantity above 0 (at `location_id` when given; `quantity` is then the quantity there, else the total across locations).",
        tags: ["Inventory Items"],
        ...common,
        parameters: [locationIdParam, { name: "kind", in: "query", required: false, schema: { type: "string", enum: ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"] } }, ...paging],
        responses: {
          "200": { description: "A page of items", headers: pageHeader, content: { "application/json": { schema: obj({ inventory_items: arr({ $ref: "#/components/schemas/InventoryItem" }) }) } } },
          ...problemResponses(["400", "401", "403"]),
        },
      },
    },
    "/stores/{storeId}/inventory-items/{inventoryItemId}": {
      parameters: [pathParam("storeId"), { ...pathParam("inventoryItemId"), example: "ii_5f8e1a2b3c" }],
      get: {
        operationId: "Inventory item get",
        summary: "Get one inventory item (quantity 0 when nothing is on hand)",
        tags: ["Inventory Items"],
        ...common,
        responses: {
          "200": { description: "The item", content: { "application/json": { schema: obj({ inventory_item: { $ref: "#/components/schemas/InventoryItem" } }) } } },
          ...problemResponses(["401", "403", "404"]),
        },
      },
    },
    "/stores/{storeId}/inventory-levels": {
      parameters: [pathParam("storeId")],
      get: {
        operationId: "Inventory levels list",
        summary: "List inventory levels (one product at one location), most recently updated first",
        tags: ["Inventory Levels"],
        ...common,
        parameters: [
          locationIdParam,
          { name: "product_id", in: "query", required: false, schema: text("id"), example: "prd_1a2b3c4d5e" },
          { name: "sku", in: "query", required: false, schema: text("short"), example: "TSH-BLK-M" },
          { name: "updated_at_min", in: "query", required: false, description: "Inclusive.", schema: dateTime, example: "2000-01-01T00:00:00Z" },
          { name: "updated_at_max", in: "query", required: false, description: "Exclusive.", schema: dateTime, example: "2000-02-01T00:00:00Z" },
          ...paging,
        ],
        responses: {
          "200": { description: "A page of levels", headers: pageHeader, content: { "application/json": { schema: obj({ inventory_levels: arr({ $ref: "#/components/schemas/InventoryLevel" }) }) } } },
          ...problemResponses(["400", "401", "403"]),
        },
      },
    },
    "/stores/{storeId}/inventory-levels/{inventoryLevelId}": {
      parameters: [pathParam("storeId"), { ...pathParam("inventoryLevelId"), example: "li_9b2c4d6e8f" }],
      get: {
        operationId: "Inventory level get",
        summary: "Get one inventory level in detail",
        tags: ["Inventory Levels"],
        ...common,
        responses: {
          "200": { description: "The level", content: { "application/json": { schema: obj({ inventory_level: { $ref: "#/components/schemas/InventoryLevelDetail" } }) } } },
          ...problemResponses(["401", "403", "404"]),
        },
      },
    },
  },
  schemas: {
    InventoryItem: obj({
      id: { type: "string", description: "`ii_…`" },
      sku: nstr,
      name: { ...nstr, description: "The product title with its variant options." },
      kind: { type: "string", enum: ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"], description: "PRODUCT: in the catalogue; UNDECLARED: known only from a returned order line." },
      quantity: qty,
      locations: arr(obj({ location_id: str, location_name: str, quantity: qty })),
      created_at: dateTime,
      updated_at: dateTime,
    }),
    InventoryLevel: obj(levelProps),
    InventoryLevelDetail: obj({
      ...levelProps,
      product: obj({ id: str, title: str, sku: nstr, upc: nstr, image_url: nstr }, ["upc", "image_url"]),
      external_ids: { type: ["object", "null"], description: "Ids in external systems; null (none are kept)." },
      created_at: dateTime,
    }),
  },
};
