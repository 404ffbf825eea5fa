// The GraphQL documents of pages/ab-tests.tsx, beside it (operations.ts lists them for the schema and cost checks).
export const AB_TESTS = `query DashboardAbTests($storeId: ID!, $includeDeleted: Boolean) {
  checkoutAbTests(storeId: $storeId, includeDeleted: $includeDeleted) {
    totalCount
    abTests { id name description active isConcluded concludedToControl startDate endDate deleted createdAt
      treatments { name weight isControl isWinner } }
  }
}`;

export const AB_TEST = `query DashboardAbTest($storeId: ID!, $id: ID!) {
  checkoutAbTest(storeId: $storeId, id: $id) {
    id name description active isConcluded concludedToControl startDate endDate deleted createdAt
    treatments { name weight isControl isWinner }
  }
}`;
