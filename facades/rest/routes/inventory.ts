// Inventory items and levels (read-only): snake_case, prefixed ids, and nulls exactly where the
// merchant API marks them nullable (item sku/name, product sku/upc/image_url, external_ids).
import { operation } from "../../executor.js";
import { PAGE_NEXT, PAGING, pageArgs, pageHeaders, restRoute, RestProblem, type RestRoute } from "../route.js";
import { component, Nullable, Obj, T, Text } from "../../declare.js";
import type * as gen from "../../codegen/operations.js";

const ITEM_FIELDS = `id sku name kind quantity createdAt updatedAt locations { location { id name } quantity }`;
const LEVEL_FIELDS = `id quantity available committed reserved buildable totalAvailable createdAt updatedAt location { id name }`;

const listItems =
  operation<gen.RestListInventoryItemsQuery>(`query RestListInventoryItems($storeId: ID!, $locationId: ID, $kind: String, $first: Int, $after: String) {
  inventoryItems(storeId: $storeId, locationId: $locationId, kind: $kind, first: $first, after: $after) { nodes { ${ITEM_FIELDS} } pageInfo { hasNextPage endCursor } }
}`);
const getItem = operation<gen.RestGetInventoryItemQuery>(
  `query RestGetInventoryItem($storeId: ID!, $id: ID!) { inventoryItem(storeId: $storeId, id: $id) { ${ITEM_FIELDS} } }`,
);
const listLevels =
  operation<gen.RestListInventoryLevelsQuery>(`query RestListInventoryLevels($storeId: ID!, $locationId: ID, $productId: ID, $sku: String, $updatedAtMin: DateTime, $updatedAtMax: DateTime, $first: Int, $after: String) {
  inventoryLevels(storeId: $storeId, locationId: $locationId, productId: $productId, sku: $sku, updatedAtMin: $updatedAtMin, updatedAtMax: $updatedAtMax, first: $first, after: $after) {
    nodes { ${LEVEL_FIELDS} product { id title sku } } pageInfo { hasNextPage endCursor }
  }
}`);
const getLevel = operation<gen.RestGetInventoryLevelQuery>(
  `query RestGetInventoryLevel($storeId: ID!, $id: ID!) { inventoryLevel(storeId: $storeId, id: $id) { ${LEVEL_FIELDS} product { id title sku upc imageUrl } } }`,
);

type Item = gen.RestListInventoryItemsQuery["inventoryItems"]["nodes"][number];
type Level = gen.RestListInventoryLevelsQuery["inventoryLevels"]["nodes"][number];
type LevelDetail = NonNullable<gen.RestGetInventoryLevelQuery["inventoryLevel"]>;

function itemView(i: Item) {
  return {
    id: i.id,
    sku: i.sku,
    name: i.name,
    kind: i.kind,
    quantity: i.quantity,
    locations: i.locations.map((l) => ({ location_id: l.location.id, location_name: l.location.name, quantity: l.quantity })),
    created_at: i.createdAt,
    updated_at: i.updatedAt,
  };
}

function levelView(l: Level) {
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

function levelDetailView(l: LevelDetail) {
  return {
    ...levelView(l),
    product: { id: l.product.id, title: l.product.title, sku: l.product.sku, upc: l.product.upc, image_url: l.product.imageUrl },
    external_ids: null,
    created_at: l.createdAt,
  };
}

const Opt = T.Optional;
const KINDS = ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"];
const dateTime = () => T.String({ format: "date-time" });
const qty = (description?: string) => T.Integer(description ? { description } : {});
const locationId = { schema: Text("id", { pattern: "^loc_" }), description: "`loc_…`, e.g. loc_4d8e1a2b3c" };

const InventoryItem = component(
  "InventoryItem",
  Obj({
    id: T.String({ description: "`ii_…`" }),
    sku: Nullable(T.String()),
    name: Nullable(T.String({ description: "The product title with its variant options." })),
    kind: T.String({ enum: KINDS, description: "PRODUCT: in the catalogue; UNDECLARED: known only from a returned order line." }),
    quantity: qty("On hand: the total across locations, or the quantity at the list's `location_id`."),
    locations: T.Array(Obj({ location_id: T.String(), location_name: T.String(), quantity: qty() })),
    created_at: dateTime(),
    updated_at: dateTime(),
  }),
);
const levelProps = {
  id: T.String({ description: "`li_…`" }),
  product: Obj({
    id: T.String({ description: "`prd_…` (for an item known only from a returned order line: that line's product id)" }),
    title: T.String(),
    sku: Nullable(T.String()),
  }),
  location: Obj({ id: T.String({ description: "`loc_…`" }), name: T.String() }),
  quantity: qty("On hand; always the sum of the level's movements."),
  available: qty("quantity − committed − reserved"),
  committed: qty("Always 0: orders do not allocate stock here."),
  reserved: qty("Always 0: nothing is held back here."),
  buildable: qty("Always 0: no bills of materials here."),
  total_available: qty("available + buildable"),
  updated_at: dateTime(),
};
const InventoryLevel = component("InventoryLevel", Obj(levelProps));
const InventoryLevelDetail = component(
  "InventoryLevelDetail",
  Obj({
    ...levelProps,
    product: Obj({
      id: T.String(),
      title: T.String(),
      sku: Nullable(T.String()),
      upc: Opt(Nullable(T.String())),
      image_url: Opt(Nullable(T.String())),
    }),
    external_ids: Nullable(T.Record(T.String(), T.String(), { description: "Ids in external systems: null (none are kept)." })),
    created_at: dateTime(),
  }),
);
const itemTags = ["Inventory Items"];
const levelTags = ["Inventory Levels"];

export const inventoryRoutes: RestRoute[] = [
  restRoute({
    method: "GET",
    path: "/stores/:storeId/inventory-items",
    operationId: "Inventory items list",
    summary: "List inventory items with units on hand, most recently updated first",
    description:
      "Only items with on-hand quantity above 0 (at `location_id` when given; `quantity` is then the quantity there, else the total across locations).",
    tags: itemTags,
    operation: listItems,
    query: { ...PAGING.query, location_id: locationId, kind: { schema: T.String({ enum: KINDS }) } },
    headers: PAGING.headers,
    responses: { 200: { description: "A page of items", headers: PAGE_NEXT, schema: Obj({ inventory_items: T.Array(InventoryItem) }) } },
    errors: [400],
    variables: (input) => ({ storeId: input.params.storeId, locationId: input.q.location_id, kind: input.q.kind, ...pageArgs(input) }),
    respond: (data) => ({
      status: 200,
      headers: pageHeaders(data.inventoryItems.pageInfo),
      body: { inventory_items: data.inventoryItems.nodes.map(itemView) },
    }),
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/inventory-items/:inventoryItemId",
    operationId: "Inventory item get",
    summary: "Get one inventory item (quantity 0 when nothing is on hand)",
    tags: itemTags,
    operation: getItem,
    responses: { 200: { description: "The item", schema: Obj({ inventory_item: InventoryItem }) } },
    errors: [404],
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inventoryItemId }),
    respond: (data, { params }) => {
      if (!data.inventoryItem)
        throw new RestProblem(
          404,
          "inventory/not-found",
          "Inventory item not found",
          `No inventory item ${params.inventoryItemId} in this store.`,
        );
      return { status: 200, body: { inventory_item: itemView(data.inventoryItem) } };
    },
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/inventory-levels",
    operationId: "Inventory levels list",
    summary: "List inventory levels (one product at one location), most recently updated first",
    tags: levelTags,
    operation: listLevels,
    query: {
      ...PAGING.query,
      location_id: locationId,
      product_id: { schema: Text("id"), description: "`prd_…`, e.g. prd_1a2b3c4d5e" },
      sku: { schema: Text("short"), description: "e.g. TSH-BLK-M" },
      updated_at_min: { schema: dateTime(), description: "Inclusive." },
      updated_at_max: { schema: dateTime(), description: "Exclusive." },
    },
    headers: PAGING.headers,
    responses: { 200: { description: "A page of levels", headers: PAGE_NEXT, schema: Obj({ inventory_levels: T.Array(InventoryLevel) }) } },
    errors: [400],
    variables: (input) => ({
      storeId: input.params.storeId,
      locationId: input.q.location_id,
      productId: input.q.product_id,
      sku: input.q.sku,
      updatedAtMin: input.q.updated_at_min,
      updatedAtMax: input.q.updated_at_max,
      ...pageArgs(input),
    }),
    respond: (data) => ({
      status: 200,
      headers: pageHeaders(data.inventoryLevels.pageInfo),
      body: { inventory_levels: data.inventoryLevels.nodes.map(levelView) },
    }),
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/inventory-levels/:inventoryLevelId",
    operationId: "Inventory level get",
    summary: "Get one inventory level in detail",
    tags: levelTags,
    operation: getLevel,
    responses: { 200: { description: "The level", schema: Obj({ inventory_level: InventoryLevelDetail }) } },
    errors: [404],
    variables: ({ params }) => ({ storeId: params.storeId, id: params.inventoryLevelId }),
    respond: (data, { params }) => {
      if (!data.inventoryLevel)
        throw new RestProblem(
          404,
          "inventory/not-found",
          "Inventory level not found",
          `No inventory level ${params.inventoryLevelId} in this store.`,
        );
      return { status: 200, body: { inventory_level: levelDetailView(data.inventoryLevel) } };
    },
  }),
];
