// The GraphQL documents of pages/shop.tsx, beside it (operations.ts lists them for the schema and cost checks).
const CONNECTION = `platform adminApiUrl apiKeyHint updatedAt syncErrors { orderName message refusal { code params { name value } } occurredAt }`;

export const SHOP_CONNECTION = `query DashboardShopConnection($storeId: ID!) {
  shopConnection(storeId: $storeId) { ${CONNECTION} }
  shopPlatforms { platform name }
}`;

export const SET_SHOP_CONNECTION = `mutation DashboardSetShopConnection($storeId: ID!, $input: ShopConnectionInput!) {
  setShopConnection(storeId: $storeId, input: $input) { ${CONNECTION} }
}`;

export const REMOVE_SHOP_CONNECTION = `mutation DashboardRemoveShopConnection($storeId: ID!) {
  removeShopConnection(storeId: $storeId)
}`;

export const TEST_SHOP_CONNECTION = `mutation DashboardTestShopConnection($storeId: ID!) {
  testShopConnection(storeId: $storeId) { ok problem finding { code params { name value } } testedAt }
}`;

export const IMPORT_SHOP_ORDERS = `mutation DashboardImportShopOrders($storeId: ID!, $days: Int!) {
  importShopOrders(storeId: $storeId, days: $days) { found imported created failed more }
}`;
