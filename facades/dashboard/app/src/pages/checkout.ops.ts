// The GraphQL documents of pages/checkout.tsx, beside it (operations.ts lists them for the schema and cost checks).
const EXPERIENCE_FIELDS = `id name description live createdAt updatedAt
  shippingMethods { id name carrier price { amount currency } minDays maxDays }`;

export const CHECKOUT_ROUTING = `query DashboardCheckoutRouting($storeId: ID!, $first: Int, $after: String) {
  checkoutTree(storeId: $storeId) { id position name countries experience { id name } }
  checkoutExperiences(storeId: $storeId, first: $first, after: $after) {
    nodes { ${EXPERIENCE_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const SET_CHECKOUT_TREE = `mutation DashboardSetCheckoutTree($storeId: ID!, $rules: [CheckoutRoutingRuleInput!]!) {
  setCheckoutTree(storeId: $storeId, rules: $rules) { id position name countries experience { id name } }
}`;

export const DELETE_CHECKOUT_EXPERIENCE = `mutation DashboardDeleteCheckoutExperience($storeId: ID!, $id: ID!) {
  deleteCheckoutExperience(storeId: $storeId, id: $id) { checkoutExperienceId }
}`;
