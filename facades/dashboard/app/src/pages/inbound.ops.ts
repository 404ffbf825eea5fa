// The GraphQL documents of pages/inbound.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { MONEY } from "../fragments.js";

const INBOUND_SUMMARY = `id shipmentId status carrier trackingNumber estimatedArrivalDate actualArrivalDate location { id name }
  skuCount itemCount receivedCount damagedCount missingCount createdAt updatedAt`;

export const INBOUND_SHIPMENTS = `query DashboardInboundShipments($storeId: ID!, $status: String, $locationId: ID, $first: Int, $after: String) {
  locations(storeId: $storeId) { id name }
  inboundShipments(storeId: $storeId, status: $status, locationId: $locationId, first: $first, after: $after) {
    nodes { ${INBOUND_SUMMARY} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const INBOUND_SHIPMENT = `query DashboardInboundShipment($storeId: ID!, $id: ID!) {
  inboundShipment(storeId: $storeId, id: $id) {
    ${INBOUND_SUMMARY} trackingUrl freightType paymentTerms customVolumeCubicMeters
    freightCost { ${MONEY} } dutyCost { ${MONEY} }
    items { id quantity receivedQuantity damagedQuantity missingQuantity discrepancy packingMode product { id title sku upc } }
    purchaseOrders { id name } transferOrders { id name }
    files { id title url contentType createdAt }
  }
}`;

export const MARK_INBOUND_IN_TRANSIT = `mutation DashboardMarkInboundInTransit($storeId: ID!, $id: ID!) {
  markInboundShipmentInTransit(storeId: $storeId, id: $id) { id status }
}`;
