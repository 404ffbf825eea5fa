// The GraphQL documents of pages/return-actions.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { RETURN_DETAIL_FIELDS } from "../fragments.js";

const ACTION_PAYLOAD = `message return { ${RETURN_DETAIL_FIELDS} }`;

export const PROCESS_RETURN = `mutation DashboardProcessReturn($id: ID!, $items: [ProcessReturnItemInput!]!) {
  processReturn(id: $id, items: $items) { ${ACTION_PAYLOAD} }
}`;
export const FLAG_RETURN = `mutation DashboardFlagReturn($id: ID!, $reason: String) { flagReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const REJECT_RETURN = `mutation DashboardRejectReturn($id: ID!, $reason: String) { rejectReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const CANCEL_RETURN = `mutation DashboardCancelReturn($id: ID!, $reason: String) { cancelReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const RESET_RETURN = `mutation DashboardResetReturn($id: ID!, $reason: String) { resetReturn(id: $id, reason: $reason) { ${ACTION_PAYLOAD} } }`;
export const REOPEN_RETURN = `mutation DashboardReopenReturn($id: ID!) { reopenReturn(id: $id) { ${ACTION_PAYLOAD} } }`;
export const DELIVER_RETURN = `mutation DashboardDeliverReturn($id: ID!) { setReturnStatus(id: $id, status: delivered) { ${ACTION_PAYLOAD} } }`;
export const COMPLETE_RETURN = `mutation DashboardCompleteReturn($id: ID!) { completeReturn(id: $id) { ${ACTION_PAYLOAD} } }`;
export const REMOVE_RETURN_ITEMS = `mutation DashboardRemoveReturnItems($id: ID!, $itemIds: [ID!]!) { removeReturnItems(id: $id, itemIds: $itemIds) { ${ACTION_PAYLOAD} } }`;
