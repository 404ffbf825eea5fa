// The documents the Draft Returns door sends (routes.ts), one per action, each answering the whole draft
// (DRAFT_SELECTION); their results are typed by the generated operation types (`npm run codegen`).
import { operation, type Operation } from "../../executor.js";
import type * as gen from "../../codegen/operations.js";
import { DRAFT_SELECTION } from "./format.js";

const D = `{ ${DRAFT_SELECTION} }`;
const REF = `$id: ID, $t: String`;
const ARGS = `id: $id, shopperToken: $t`;

export const DRAFT_OPS = {
  list: operation<gen.DraftListQuery>(`query DraftList($s: ID!) { draftReturns(storeId: $s, first: 50) { nodes ${D} } }`),
  whoAmI: operation<gen.DraftWhoAmIQuery>(`query DraftWhoAmI { viewer { __typename ... on ApiClientViewer { storeId } } }`),
  init: operation<gen.DraftInitializeMutation>(
    `mutation DraftInitialize($s: ID!, $i: DraftLookupInput!) { initializeDraftReturn(storeId: $s, input: $i) { shopperToken draft ${D} } }`,
  ),
  get: operation<gen.DraftGetQuery>(`query DraftGet(${REF}) { draftReturn(${ARGS}) ${D} }`),
  cancel: operation<gen.DraftCancelMutation>(`mutation DraftCancel(${REF}) { cancelDraftReturn(${ARGS}) ${D} }`),
  add: operation<gen.DraftAddItemMutation>(
    `mutation DraftAddItem(${REF}, $i: DraftItemInput!) { addDraftReturnItem(${ARGS}, input: $i) ${D} }`,
  ),
  update: operation<gen.DraftUpdateItemMutation>(
    `mutation DraftUpdateItem(${REF}, $item: ID!, $i: DraftItemUpdateInput!) { updateDraftReturnItem(${ARGS}, itemId: $item, input: $i) ${D} }`,
  ),
  remove: operation<gen.DraftRemoveItemMutation>(
    `mutation DraftRemoveItem(${REF}, $item: ID!) { removeDraftReturnItem(${ARGS}, itemId: $item) ${D} }`,
  ),
  customer: operation<gen.DraftCustomerMutation>(
    `mutation DraftCustomer(${REF}, $e: String!) { setDraftReturnCustomer(${ARGS}, email: $e) ${D} }`,
  ),
  address: operation<gen.DraftAddressMutation>(
    `mutation DraftAddress(${REF}, $a: DraftAddressInput!) { setDraftReturnAddress(${ARGS}, address: $a) ${D} }`,
  ),
  finalize: operation<gen.DraftFinalizeMutation>(`mutation DraftFinalize(${REF}) { finalizeDraftReturnItems(${ARGS}) ${D} }`),
  credit: operation<gen.DraftCreditTypeMutation>(
    `mutation DraftCreditType(${REF}, $c: DraftCreditType!) { setDraftReturnCreditType(${ARGS}, creditType: $c) ${D} }`,
  ),
  method: operation<gen.DraftReturnMethodMutation>(
    `mutation DraftReturnMethod(${REF}, $m: DraftReturnMethod!) { setDraftReturnMethod(${ARGS}, method: $m) ${D} }`,
  ),
  submit: operation<gen.DraftSubmitMutation>(`mutation DraftSubmit(${REF}) { submitDraftReturn(${ARGS}) ${D} }`),
};

export const draftOperations = (): Operation[] => Object.values(DRAFT_OPS);
