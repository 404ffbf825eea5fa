// The GraphQL documents of pages/returns.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { WRAPPED } from "../fragments.js";

const RETURN_LIST_VARS = `$storeId: ID!, $first: Int, $after: String, $filter: ReturnFilter, $sort: ReturnSort`;
const RETURN_LIST_ARGS = `storeId: $storeId, first: $first, after: $after, filter: $filter, sort: $sort`;

export const RETURNS = `query DashboardReturns(${RETURN_LIST_VARS}) {
  returns(${RETURN_LIST_ARGS}) {
    statusCounts { status count }
    nodes {
      id number type status createdAt updatedAt origin
      order { id name }
      source { emailAddress name { given surname } }
      items { id quantity }
      tags { name }
      totals { refund { ${WRAPPED} } storeCredit { ${WRAPPED} } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const BULK_RETURN_ACTION = `mutation DashboardBulkReturnAction($ids: [ID!]!, $action: BulkReturnAction!, $reason: String) {
  bulkReturnAction(ids: $ids, action: $action, reason: $reason) { id ok message errorType return { id number status order { name } } }
}`;

export const RETURNS_CSV = `query DashboardReturnsCsv(${RETURN_LIST_VARS}) {
  returnsCsv(${RETURN_LIST_ARGS}) { csv rowCount pageInfo { hasNextPage endCursor } }
}`;

/** The core's statuses (lifecycle order): the status filter accepts these. */
export const RETURN_STATUSES = `query DashboardReturnStatuses { returnStatuses }`;
