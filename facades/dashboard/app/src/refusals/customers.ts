// The customers domain's refusals (src/customers/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const CUSTOMER_WORDS: RefusalWords = {
  CUSTOMER_EMAIL_OR_ID: () => "Look the customer up by their e-mail address or by the customer itself, not both.",
  EMAIL_INVALID: (p) => `${typed(p.value)} is not an e-mail address; enter one such as jane@example.com.`,
  CUSTOM_FIELD_NAME_EMPTY: () => "Every custom field needs a name.",
  CUSTOM_FIELD_ONE_VALUE: (p) => `The custom field ${typed(p.name)} needs exactly one value: a text, a number, or yes or no.`,
  CUSTOM_FIELD_NOT_FINITE: (p) => `The custom field ${typed(p.name)} needs an ordinary number.`,
  PHONE_INVALID: (p) => `${typed(p.value)} is not a phone number in international form; enter one such as +12345678900.`,
  COORDINATE_OUT_OF_RANGE: (p) => `Enter a coordinate from ${p.min} to ${p.max}.`,
  COUNTRY_CODE_INVALID: () => "Enter the country as its two-letter code, such as US.",
  TOO_MANY_CUSTOM_FIELDS: (p) => `A customer can have at most ${p.max} custom fields; this would make ${p.count}.`,
  TOO_MANY_PHONE_NUMBERS: (p) => `This customer already has ${p.max} phone numbers, the most a customer can have.`,
};
