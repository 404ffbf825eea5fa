// The GraphQL documents of pages/return-page.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { RETURN_DETAIL_FIELDS } from "../fragments.js";

export const RETURN = `query DashboardReturn($id: ID!) {
  return(id: $id) { ${RETURN_DETAIL_FIELDS} }
}`;

export const ADD_RETURN_COMMENT = `mutation DashboardAddReturnComment($id: ID!, $message: String) {
  addReturnComment(id: $id, message: $message) { id message image author { type id name } createdAt }
}`;
