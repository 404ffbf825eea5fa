// What the customers domain refuses, as codes with their parameters (src/core/refusals.ts); each code's
// English sentence is the detail every door has always answered.
import { quoted, refusalList } from "../core/refusals.js";

export const CUSTOMER_REFUSALS = refusalList<{
  /** Neither or both of `email` and `id` were given. */
  CUSTOMER_EMAIL_OR_ID: Record<string, never>;
  /** `value` is not an e-mail address. */
  EMAIL_INVALID: { field: string; value: string };
  /** A custom field has no name. */
  CUSTOM_FIELD_NAME_EMPTY: { field: string };
  /** A custom field `name` has none or several of its values. */
  CUSTOM_FIELD_ONE_VALUE: { field: string; name: string };
  /** A custom field `name` holds an infinite number. */
  CUSTOM_FIELD_NOT_FINITE: { field: string; name: string };
  /** `value` is not an E.164 phone number. */
  PHONE_INVALID: { value: string };
  /** A coordinate is out of its range (`min` to `max`). */
  COORDINATE_OUT_OF_RANGE: { field: string; min: number; max: number };
  /** The country is not a two-letter code. */
  COUNTRY_CODE_INVALID: { field: string };
  /** The customer would have `count` custom fields; `max` are allowed. */
  TOO_MANY_CUSTOM_FIELDS: { count: number; max: number };
  /** The customer has `max` phone numbers already. */
  TOO_MANY_PHONE_NUMBERS: { max: number };
}>("Customers", {
  CUSTOMER_EMAIL_OR_ID: { status: 400, field: "email", en: () => "Give either `email` or `id`." },
  EMAIL_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an e-mail address such as jane@example.com; got ${quoted(p.value)}.`,
  },
  CUSTOM_FIELD_NAME_EMPTY: { status: 400, field: (p) => `${p.field}.name`, en: (p) => `\`${p.field}.name\` must not be empty.` },
  CUSTOM_FIELD_ONE_VALUE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` (${p.name}) must have exactly one value: a string, a number or a boolean.`,
  },
  CUSTOM_FIELD_NOT_FINITE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` (${p.name}) must be a finite number.` },
  PHONE_INVALID: {
    status: 400,
    field: "phoneNumber",
    en: (p) => `\`phoneNumber\` must be an E.164 number such as +12345678900; got ${quoted(p.value)}.`,
  },
  COORDINATE_OUT_OF_RANGE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be from ${p.min} to ${p.max}.` },
  COUNTRY_CODE_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an ISO 3166-1 alpha-2 code such as "US".`,
  },
  TOO_MANY_CUSTOM_FIELDS: {
    status: 400,
    field: "customFields",
    en: (p) => `\`customFields\`: the customer would have ${p.count} custom fields; at most ${p.max} are allowed.`,
  },
  TOO_MANY_PHONE_NUMBERS: {
    status: 400,
    field: "phoneNumber",
    en: (p) => `\`phoneNumber\`: the customer already has ${p.max} phone numbers, the most allowed.`,
  },
});

export const refuse = CUSTOMER_REFUSALS.refuse;
