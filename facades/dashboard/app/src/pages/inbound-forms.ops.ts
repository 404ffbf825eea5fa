// The GraphQL documents of pages/inbound-forms.tsx, beside it (operations.ts lists them for the schema and cost checks).
export const CREATE_LOCATION = `mutation DashboardCreateLocation($storeId: ID!, $name: String!) {
  createLocation(storeId: $storeId, name: $name) { id name }
}`;

export const CREATE_INBOUND_SHIPMENT = `mutation DashboardCreateInboundShipment($storeId: ID!, $input: InboundShipmentInput!) {
  createInboundShipment(storeId: $storeId, input: $input) { id }
}`;

export const RECORD_INBOUND_RECEIPTS = `mutation DashboardRecordInboundReceipts($storeId: ID!, $id: ID!, $receipts: [InboundReceiptInput!]!) {
  recordInboundReceipts(storeId: $storeId, id: $id, receipts: $receipts) { id status receivedCount damagedCount missingCount }
}`;

/** Products to put on a new shipment (the first page; the catalogue search is the products page's). */
export const INBOUND_PRODUCT_CHOICES = `query DashboardInboundProductChoices($storeId: ID!) {
  productFamilies(storeId: $storeId, first: 100) { nodes { id title products { id sku title } } }
}`;
