// The GraphQL documents of the Return policy page (pages/policy*.tsx), beside it (operations.ts lists them
// for the schema and cost checks).
import { POLICY_RULES_FIELDS } from "../policy-logic.js";
import { DECISION_FIELDS } from "../decision-words.js";

const VERSION_FIELDS = `number timeZone publishedAt publishedBy { type name } rules { ${POLICY_RULES_FIELDS} }`;
const POLICY_FIELDS = `timeZone draftUpdatedAt draftUpdatedBy { type name }
  draft { ${POLICY_RULES_FIELDS} }
  versions { ${VERSION_FIELDS} }`;

export const RETURN_POLICY = `query DashboardReturnPolicy($storeId: ID!) {
  returnPolicy(storeId: $storeId) { ${POLICY_FIELDS} }
}`;

export const UPDATE_RETURN_POLICY_DRAFT = `mutation DashboardUpdateReturnPolicyDraft($storeId: ID!, $input: PolicyRulesInput!) {
  updateReturnPolicyDraft(storeId: $storeId, input: $input) { ${POLICY_FIELDS} }
}`;

export const SET_STORE_TIME_ZONE = `mutation DashboardSetStoreTimeZone($storeId: ID!, $timeZone: String!) {
  setStoreTimeZone(storeId: $storeId, timeZone: $timeZone) { ${POLICY_FIELDS} }
}`;

export const PUBLISH_RETURN_POLICY = `mutation DashboardPublishReturnPolicy($storeId: ID!) {
  publishReturnPolicy(storeId: $storeId) { ${VERSION_FIELDS} }
}`;

const SIM_TOTALS = `returns refused reviewed refunds { amount currency } storeCredit { amount currency } bonus { amount currency } fees { amount currency }`;
const SIM_SIDE = `refused reviewed decisions { ${DECISION_FIELDS} }`;

const SIM_RUN = `id status returnsTotal returnsDone linesDone cancelRequested startedAt startedByName error publishedVersion coveredTo timeLimitSeconds affectedCount
  money { currency draft { ${SIM_TOTALS} } published { ${SIM_TOTALS} } }
  affected { returnId returnNumber orderName createdAt draft { ${SIM_SIDE} } published { ${SIM_SIDE} } }`;

/** The draft's simulation, run in the background: started, polled for its progress, cancelled. */
export const START_POLICY_SIMULATION = `mutation DashboardStartPolicySimulation($storeId: ID!, $from: DateTime!, $to: DateTime!) {
  startPolicySimulation(storeId: $storeId, from: $from, to: $to) { ${SIM_RUN} }
}`;

export const POLICY_SIMULATION_RUN = `query DashboardPolicySimulationRun($storeId: ID!, $id: ID) {
  policySimulationRun(storeId: $storeId, id: $id) { ${SIM_RUN} }
}`;

export const CANCEL_POLICY_SIMULATION = `mutation DashboardCancelPolicySimulation($storeId: ID!, $id: ID!) {
  cancelPolicySimulation(storeId: $storeId, id: $id) { ${SIM_RUN} }
}`;

/** Why a return was admitted as it was (its page's policy section). */
export const RETURN_POLICY_EVALUATION = `query DashboardReturnPolicyEvaluation($id: ID!, $storeId: ID!) {
  returnPolicy(storeId: $storeId) { timeZone }
  return(id: $id) {
    id policyVersion
    policyEvaluation {
      policyVersion review
      decisions { ${DECISION_FIELDS} }
      lines { lineItemId asked returnable decisions { ${DECISION_FIELDS} }
        outcomes { outcome value { amount currency } total { amount currency } fees { kind amount { amount currency } } bonus { amount { amount currency } } } }
    }
  }
}`;
