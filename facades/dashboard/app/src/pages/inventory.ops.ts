// The GraphQL documents of pages/inventory.tsx, beside it (operations.ts lists them for the schema and cost checks).
export const INVENTORY_LEVELS = `query DashboardInventoryLevels($storeId: ID!, $locationId: ID, $sku: String, $first: Int, $after: String) {
  locations(storeId: $storeId) { id name }
  inventoryLevels(storeId: $storeId, locationId: $locationId, sku: $sku, first: $first, after: $after) {
    nodes { id quantity updatedAt location { id name } item { id sku name kind } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const INVENTORY_ITEM = `query DashboardInventoryItem($storeId: ID!, $id: ID!) {
  inventoryItem(storeId: $storeId, id: $id) {
    id sku name kind quantity createdAt updatedAt
    product { id title sku }
    locations { quantity location { id name } level { id updatedAt } }
    movements { id delta cause returnId returnItemId shipmentId shipmentItemId createdAt location { id name } }
  }
}`;
