// The GraphQL document of pages/customer-credit.tsx, beside it (operations.ts lists it for the schema and cost checks).
import { GIFT_CARD_ENTRY_FIELDS as ENTRY } from "../fragments.js";

// The store's time zone too: every time of a card's history is shown in it, the zone named.
export const CUSTOMER_GIFT_CARDS = `query DashboardCustomerGiftCards($storeId: ID!, $id: ID!) {
  customer(storeId: $storeId, id: $id) {
    id
    giftCards(first: 20) {
      id code returnId createdAt amount { amount currency } balance { amount currency }
      account { history(first: 25) { ${ENTRY} } }
    }
  }
  store(id: $storeId) { timeZone }
}`;
