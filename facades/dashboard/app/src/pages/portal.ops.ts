// The GraphQL documents of pages/portal.tsx and pages/outbox.tsx, beside them (operations.ts lists them for the schema and cost checks).
const SETTINGS = `handle displayName logoUrl accentColor languages lookupMethod returnMethods carrier
  returnAddress { name line1 line2 city state postalCode country } updatedAt`;

export const PORTAL_SETTINGS = `query DashboardPortalSettings($storeId: ID!) {
  portalSettings(storeId: $storeId) { ${SETTINGS} }
}`;

export const UPDATE_PORTAL_SETTINGS = `mutation DashboardUpdatePortalSettings($storeId: ID!, $input: PortalSettingsInput!) {
  updatePortalSettings(storeId: $storeId, input: $input) { ${SETTINGS} }
}`;

export const EMAIL_OUTBOX = `query DashboardEmailOutbox($storeId: ID!) {
  emailOutbox(storeId: $storeId) { id kind status recipient returnId returnNumber subject text attempts lastError nextAttemptAt sentAt createdAt }
}`;
