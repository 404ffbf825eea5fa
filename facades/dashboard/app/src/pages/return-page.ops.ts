// The GraphQL documents of pages/return-page.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { RETURN_DETAIL_FIELDS } from "../fragments.js";

// The store's time zone too: every time on the page is shown in it, the zone named.
export const RETURN = `query DashboardReturn($id: ID!, $storeId: ID!) {
  return(id: $id) { ${RETURN_DETAIL_FIELDS} }
  store(id: $storeId) { timeZone }
}`;

export const ADD_RETURN_COMMENT = `mutation DashboardAddReturnComment($id: ID!, $message: String) {
  addReturnComment(id: $id, message: $message) { id message image author { type id name } createdAt }
}`;
