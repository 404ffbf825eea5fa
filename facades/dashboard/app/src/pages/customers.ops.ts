// The GraphQL documents of pages/customers.tsx, beside it (operations.ts lists them for the schema and cost checks).
const CUSTOMER_FIELDS = `id email firstName lastName phoneNumber updatedAt location { city state country }`;

export const CUSTOMERS = `query DashboardCustomers($storeId: ID!, $search: String, $first: Int, $after: String) {
  customers(storeId: $storeId, search: $search, first: $first, after: $after) {
    nodes { ${CUSTOMER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

// The store's time zone too: every time on the customer's page is shown in it, the zone named.
export const CUSTOMER_ORDERS = `query DashboardCustomerOrders($storeId: ID!, $id: ID!, $first: Int, $after: String) {
  customer(storeId: $storeId, id: $id) {
    ${CUSTOMER_FIELDS}
    storeCredit { amount currency }
    orders(first: $first, after: $after) { nodes { id name placedAt total { amount currency } } pageInfo { hasNextPage endCursor } }
  }
  store(id: $storeId) { timeZone }
}`;

export const CUSTOMER_RETURNS = `query DashboardCustomerReturns($storeId: ID!, $id: ID!, $first: Int, $after: String) {
  customer(storeId: $storeId, id: $id) {
    id
    returns(first: $first, after: $after) {
      nodes { id number status createdAt order { name } items { id } totals { refund { amount { amount currency } } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
