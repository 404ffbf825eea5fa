// The GraphQL documents of pages/return-tags.tsx, beside it (operations.ts lists them for the schema and cost checks).
const RETURN_TAG_FIELDS = `name pillTheme returnCount`;
export const RETURN_TAGS = `query DashboardReturnTags($storeId: ID!) { returnTags(storeId: $storeId) { ${RETURN_TAG_FIELDS} } }`;
export const UPSERT_RETURN_TAG = `mutation DashboardUpsertReturnTag($storeId: ID!, $name: String!, $pillTheme: PillTheme!, $newName: String) {
  upsertReturnTag(storeId: $storeId, name: $name, pillTheme: $pillTheme, newName: $newName) { ${RETURN_TAG_FIELDS} }
}`;
export const DELETE_RETURN_TAG = `mutation DashboardDeleteReturnTag($storeId: ID!, $name: String!) { deleteReturnTag(storeId: $storeId, name: $name) }`;
export const TAG_RETURN = `mutation DashboardTagReturn($id: ID!, $names: [String!]!) { tagReturn(id: $id, names: $names) { id updatedAt tags { name source } } }`;
export const UNTAG_RETURN = `mutation DashboardUntagReturn($id: ID!, $names: [String!]!) { untagReturn(id: $id, names: $names) { id updatedAt tags { name source } } }`;
