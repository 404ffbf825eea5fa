// GraphQL documents the tests use for dashboard-only setup (staff sessions).
export const SET_TREE = `mutation($s: ID!, $rules: [CheckoutRoutingRuleInput!]!) { setCheckoutTree(storeId: $s, rules: $rules) { id experience { id } } }`;
export const CREATE_EXPERIENCE = `mutation($s: ID!, $i: CheckoutExperienceInput!) { createCheckoutExperience(storeId: $s, input: $i) { id name live shippingMethods { id } } }`;
export const CREATE_AB_TEST = `mutation($s: ID!, $i: CreateCheckoutAbTestInput!) { createCheckoutAbTest(storeId: $s, input: $i) { id } }`;
export const CONCLUDE_AB_TEST = `mutation($s: ID!, $id: ID!, $w: String) { concludeCheckoutAbTest(storeId: $s, id: $id, winnerTreatment: $w) { id isConcluded concludedToControl endDate treatments { name isWinner } } }`;
export const DELETE_AB_TEST = `mutation($s: ID!, $id: ID!) { deleteCheckoutAbTest(storeId: $s, id: $id) { id deleted } }`;

export function expectNoErrors<T>(res: { data: T; errors?: any[] }): T {
  if (res.errors?.length) throw new Error("GraphQL errors: " + JSON.stringify(res.errors));
  return res.data;
}
