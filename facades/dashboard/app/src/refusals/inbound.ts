// Inbound shipments' and locations' refusals (src/inbound/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const INBOUND_WORDS: RefusalWords = {
  LOCATION_NAME_LENGTH: (p) => `Enter a location name of 1 to ${p.max} characters.`,
  LOCATIONS_LIMIT: (p) => `A store can have at most ${p.max} locations; use an existing one.`,
  INBOUND_STATUS_UNKNOWN: (p) => `${typed(p.value)} is not a shipment status.`,
  INBOUND_LOCATION_ID_INVALID: (p) => `${typed(p.value)} is not one of your locations.`,
  INBOUND_DATE_TIME_INVALID: () => "Enter a date and time.",
  INBOUND_DATE_INVALID: (p) => `${typed(p.value)} is not a date; enter one such as 2026-03-01.`,
  INBOUND_TEXT_TOO_LONG: (p) => `This is too long: ${p.max} characters at most.`,
  INBOUND_LOCATION_NOT_FOUND: () => "This location no longer exists in this store.",
  INBOUND_CURRENCIES_DIFFER: () => "Enter the duty cost in the same currency as the freight cost.",
  INBOUND_AMOUNT_NEGATIVE: () => "Enter an amount of 0 or more.",
  INBOUND_ITEMS_COUNT: (p) => `A shipment holds 1 to ${p.max} items.`,
  INBOUND_QUANTITY_INVALID: () => "Enter a quantity of 1 or more, in whole units.",
  INBOUND_PRODUCTS_NOT_FOUND: () => "Some of the products no longer exist in this store.",
  INBOUND_VOLUME_NEGATIVE: () => "Enter a volume of 0 or more.",
  INBOUND_URL_INVALID: () => "Enter a full web address, starting with https://.",
  INBOUND_NOT_FOUND: () => "This inbound shipment no longer exists in this store.",
  INBOUND_ITEMS_LOCKED: () => "Units of this shipment have been received, so its items can no longer change.",
  INBOUND_NOT_PENDING: () => "Only a shipment that has not left yet can be marked in transit.",
  INBOUND_RECEIPTS_EMPTY: () => "Record at least one item received.",
  INBOUND_COUNT_INVALID: () => "Enter a count of 0 or more, in whole units.",
  INBOUND_ITEM_NOT_FOUND: () => "This item is not part of the shipment.",
  INBOUND_OVER_RECEIPT: (p) =>
    `This item was shipped with ${p.shipped} units; received, damaged and missing would make ${p.accounted}. Record at most ${p.left} more.`,
};
