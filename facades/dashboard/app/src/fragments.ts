// GraphQL selections shared by several pages' documents (pages/*.ops.ts).
// ─── Returns ──────────────────────────────────────────────────────────────────

export const MONEY = `amount currency`;
export const WRAPPED = `amount { ${MONEY} }`;

export const ORDER_ADDRESS = `firstName lastName company address1 address2 city province postalCode country phone`;

/** One movement of a gift card's ledger, as the dashboard shows it (pages/customer-credit.tsx). */
export const GIFT_CARD_ENTRY_FIELDS = `id kind amount { ${MONEY} } balanceAfter { ${MONEY} } reference reversed createdAt`;

/** One entry of a return's money ledger (pages/return-ledger.tsx). */
export const LEDGER_ENTRY_FIELDS = `id kind amount { ${MONEY} } destination state returnItemId attempts attemptLog { at ok answer } lastError
  shopReference nextAttemptAt createdAt sentAt`;

export const RETURN_DETAIL_FIELDS = `id number type status createdAt updatedAt reopened allowedActions storeId currency
  order { id name }
  tags { name source }
  source { emailAddress phoneNumber name { given surname } mailingAddress { line1 line2 city state postalCode country } }
  items { id quantity reason reasonCode customerComment customerImages status compensation outcome productAdjustment sku title imageUrl tax { ${WRAPPED} }
    orderItem { id externalId }
    exchangeItem { quantity product { name } variant { name sku } }
    refund { amount { ${MONEY} } type }
    productValueNoTaxNoAdjustment { ${WRAPPED} } maxMerchantAdjustment { ${MONEY} } }
  totals { charge { ${WRAPPED} } exchange { ${WRAPPED} } refund { ${WRAPPED} } storeCredit { ${WRAPPED} } shippingFee { ${WRAPPED} } }
  shipment { carrier status tracker trackingUrl postageLabel formLabel }
  shipping { method carrier trackingNumber dropOffCode }
  giftCards { code amount { ${MONEY} } account { balance { ${MONEY} } history(first: 25) { ${GIFT_CARD_ENTRY_FIELDS} } } }
  ledger { ${LEDGER_ENTRY_FIELDS} }
  createdBy { type id name } origin
  timeline { id action fromStatus toStatus actor { type id name } detail at }
  comments { id message image author { type id name } createdAt }
  fullOrder { id name currency shippingAddress { ${ORDER_ADDRESS} } billingAddress { ${ORDER_ADDRESS} } items { id externalId quantity price { ${MONEY} } product { name } variant { name sku } }
    customerRecord { id email returns(first: 11) { nodes { id number status createdAt } pageInfo { hasNextPage } } } }`;

// ─── Webhooks ─────────────────────────────────────────────────────────────────

// trigger, platformId: kind `loop` only (the warehouse platform's subscriptions); status: `inactive` ones are sent nothing.
export const WEBHOOK_FIELDS = `id storeId topic kind trigger status platformId externalId createdAt updatedAt callback { url auth { bearer { token } } }
  health { status failingSince lastSuccessAt consecutiveFailures }`;
export const DELIVERY_FIELDS = `id webhookId subjectId subjectReturn { id number order { name } } type reason status attemptCount nextAttemptAt lastStatusCode lastError createdAt finishedAt
  event { id sequence occurredAt }
  attempts { id number at outcome statusCode latencyMs responseBody error }`;
