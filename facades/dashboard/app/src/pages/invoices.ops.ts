// The GraphQL documents of pages/invoices.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { MONEY } from "../fragments.js";

const INVOICE_FIELDS = `id status charge { ${MONEY} } periodStart periodEnd createdAt updatedAt`;

export const INVOICES = `query DashboardInvoices($storeId: ID!) {
  invoices(storeId: $storeId) { ${INVOICE_FIELDS} }
}`;

export const INVOICE = `query DashboardInvoice($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) {
    ${INVOICE_FIELDS}
    items(first: $first, after: $after) {
      nodes { id occurredAt type description orderName returnId quantity unitAmount { ${MONEY} } amount { ${MONEY} } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const INVOICE_CSV = `query DashboardInvoiceCsv($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) { id itemsCsv(first: $first, after: $after) { csv rowCount pageInfo { hasNextPage endCursor } } }
}`;
