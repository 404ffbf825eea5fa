// The GraphQL documents of pages/developer.tsx, beside it (operations.ts lists them for the schema and cost checks).
const API_CLIENT_FIELDS = `id name scopes legacyAllScopes secretHint createdAt lastUsedAt revokedAt`;

export const API_CLIENTS = `query DashboardApiClients($storeId: ID!) {
  store(id: $storeId) { id name createdAt }
  apiClients(storeId: $storeId) { ${API_CLIENT_FIELDS} }
}`;

export const CREATE_API_CLIENT = `mutation DashboardCreateApiClient($storeId: ID!, $input: CreateApiClientInput!) {
  createApiClient(storeId: $storeId, input: $input) { secret apiClient { ${API_CLIENT_FIELDS} } }
}`;

export const SET_API_CLIENT_SCOPES = `mutation DashboardSetApiClientScopes($id: ID!, $scopes: [Scope!]!) {
  setApiClientScopes(id: $id, scopes: $scopes) { ${API_CLIENT_FIELDS} }
}`;

export const END_API_CLIENT_LEGACY_SCOPES = `mutation DashboardEndApiClientLegacyScopes($id: ID!, $scopes: [Scope!]!) {
  endApiClientLegacyScopes(id: $id, scopes: $scopes) { ${API_CLIENT_FIELDS} }
}`;

export const REVOKE_API_CLIENT = `mutation DashboardRevokeApiClient($id: ID!) {
  revokeApiClient(id: $id) { ${API_CLIENT_FIELDS} }
}`;
