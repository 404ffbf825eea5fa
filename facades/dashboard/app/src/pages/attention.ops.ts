// The GraphQL documents of pages/attention.tsx, beside it (operations.ts lists them for the schema and cost checks).
const WAITING = `nodes { id number status createdAt updatedAt order { name } source { emailAddress name { given surname } } items { id } }
  pageInfo { hasNextPage }`;

export const ATTENTION = `query DashboardAttention($storeId: ID!) {
  needsReview: returns(storeId: $storeId, first: 10, sort: OLDEST, filter: { status: needs_review }) { ${WAITING} }
  inReview: returns(storeId: $storeId, first: 10, sort: OLDEST, filter: { status: in_review }) { ${WAITING} }
  flagged: returns(storeId: $storeId, first: 10, sort: OLDEST, filter: { status: flagged }) { ${WAITING} }
  webhooks(storeId: $storeId) { id topic callback { url } health { status failingSince consecutiveFailures } }
  warehouseWebhooks(storeId: $storeId) { id topic trigger callback { url } health { status failingSince consecutiveFailures } }
}`;
