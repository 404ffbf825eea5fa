// Customers: read one by e-mail, create or update one (the upsert key is the e-mail).
// camelCase as the merchant API documents them; optional fields absent (never null) when empty,
// createdAt/updatedAt the only nullable ones. The upsert refuses unknown fields (the reference's
// additionalProperties: false) rather than dropping them: a misspelt `firstname` is a 400.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { restRoute, RestProblem, type RestRoute } from "../route.js";
import { component, Nullable, Obj, T, Text } from "../../declare.js";
import type { TSchema } from "typebox";
import { LIST_BOUNDS } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const CUSTOMER_FIELDS = `id email firstName lastName phoneNumber createdAt updatedAt customFields { name type value }
  location { street1 street2 city state stateCode postalCode country countryCode ianaTimeZoneName latitude longitude }`;

const getCustomer = operation<gen.RestGetCustomerQuery>(`query RestGetCustomer($storeId: ID!, $email: String!) {
  customer(storeId: $storeId, email: $email) { ${CUSTOMER_FIELDS} }
}`);

const upsertCustomer = operation<gen.RestUpsertCustomerMutation>(`mutation RestUpsertCustomer($storeId: ID!, $input: CustomerInput!) {
  upsertCustomer(storeId: $storeId, input: $input) { created customer { id email } }
}`);

const Opt = T.Optional;
const tags = ["Customers"];

/** Unknown keys are refused (ajv drops `additionalProperties`, not `unevaluatedProperties`). */
const Closed = (properties: Record<string, TSchema>, options: Record<string, unknown> = {}) =>
  T.Object(properties, { unevaluatedProperties: false, ...options });

const LOCATION_TEXT = [
  "street1",
  "street2",
  "city",
  "state",
  "stateCode",
  "postalCode",
  "country",
  "countryCode",
  "ianaTimeZoneName",
] as const;
const locationProps = (text: () => TSchema) => ({
  ...Object.fromEntries(LOCATION_TEXT.map((k) => [k, Opt(text())])),
  latitude: Opt(T.Number({ minimum: -90, maximum: 90 })),
  longitude: Opt(T.Number({ minimum: -180, maximum: 180 })),
});
const CustomerLocation = component("CustomerLocation", Obj(locationProps(() => T.String())));
const CustomFieldValue = T.Union([T.String(), T.Number(), T.Boolean()]);

const CustomerRead = component(
  "CustomerRead",
  Obj({
    id: T.String({ description: "`cus_…`" }),
    email: T.String({ format: "email" }),
    firstName: Opt(T.String()),
    lastName: Opt(T.String()),
    phoneNumber: Opt(T.String({ description: "E.164: the customer's first number" })),
    location: Opt(CustomerLocation),
    customFields: Opt(T.Record(T.String(), CustomFieldValue, { description: "A DATE field reads back as an ISO 8601 date-time string." })),
    createdAt: Opt(Nullable(T.String({ format: "date-time" }))),
    updatedAt: Opt(Nullable(T.String({ format: "date-time" }))),
  }),
);

const UpsertBody = Closed({
  email: Text("short", { format: "email", description: "The upsert key, compared lower-cased." }),
  firstName: Opt(Text("short")),
  lastName: Opt(Text("short")),
  phoneNumber: Opt(Text("short", { description: "E.164, e.g. +12345678900: appended to the customer's numbers when new." })),
  location: Opt(
    Closed(
      locationProps(() => Text("short")),
      { description: "Merged: only the fields sent change." },
    ),
  ),
  customFields: Opt(
    T.Record(T.String({ maxLength: 255 }), T.Union([Text("note"), T.Number(), T.Boolean()]), {
      maxProperties: LIST_BOUNDS.customerCustomFields,
      description: "Field name → value, merged into the customer's fields. A string that is an ISO 8601 date-time is stored as a DATE.",
    }),
  ),
});
const UpsertResult = Obj({ id: T.String({ description: "`cus_…`" }), email: T.String(), created: T.Boolean() });

function customFieldValue(f: { type: string; value: string }): string | number | boolean {
  if (f.type === "NUMBER") return Number(f.value);
  if (f.type === "BOOLEAN") return f.value === "true";
  return f.value;
}

/** CustomerRead: keys without a value are left out (the serialiser drops the optional nulls). */
function customerView(c: NonNullable<gen.RestGetCustomerQuery["customer"]>) {
  const location = c.location ? Object.fromEntries(Object.entries(c.location).filter(([, v]) => v != null)) : {};
  return {
    ...c,
    location: Object.keys(location).length ? location : undefined,
    customFields: c.customFields.length ? Object.fromEntries(c.customFields.map((f) => [f.name, customFieldValue(f)])) : undefined,
  };
}

/** The body's `customFields` object as the core's typed list. */
function customFieldsInput(fields: Record<string, unknown> | undefined) {
  if (!fields) return undefined;
  return Object.entries(fields).map(([name, v]) =>
    typeof v === "string"
      ? { name, stringValue: v }
      : typeof v === "number"
        ? { name, numberValue: v }
        : { name, booleanValue: v as boolean },
  );
}

export const customersRoutes: RestRoute[] = [
  restRoute({
    method: "GET",
    path: "/stores/:storeId/customers",
    operationId: "Customer get",
    summary: "Get customer by email",
    description: "E-mails are compared lower-cased. A customer exists once the merchant upserts it or an order with its e-mail is synced.",
    tags,
    operation: getCustomer,
    query: { email: { required: true, schema: Text("short", { format: "email" }), description: "e.g. jane@example.com" } },
    responses: { 200: { description: "The customer", schema: CustomerRead } },
    errors: [400, 404],
    variables: ({ params, q }) => ({ storeId: params.storeId, email: q.email }),
    respond: (data, { q }) => {
      if (!data.customer)
        throw new RestProblem(
          404,
          "customers/not-found",
          "Customer not found",
          `No customer with e-mail ${JSON.stringify(q.email)} in this store.`,
        );
      return { status: 200, body: customerView(data.customer) };
    },
  }),
  restRoute({
    method: "PUT",
    path: "/stores/:storeId/customers",
    operationId: "Customer upsert",
    summary: "Create or update customer",
    description:
      "The upsert key is `email` (compared lower-cased). Names are set; a new `phoneNumber` is appended to the customer's numbers (the first stays the one read back); `location` and `customFields` are merged: fields not sent are kept. 201 when the customer was created, 200 when updated. Unknown fields are refused (400).",
    tags,
    operation: upsertCustomer,
    body: UpsertBody,
    responses: {
      201: { description: "Created (created: true)", schema: UpsertResult },
      200: { description: "Updated (created: false)", schema: UpsertResult },
    },
    errors: [400],
    variables: ({ params, body }) => {
      const b = admitted<
        Omit<gen.RestUpsertCustomerMutationVariables["input"], "customFields"> & { customFields?: Record<string, unknown> }
      >(body);
      return { storeId: params.storeId, input: { ...b, customFields: customFieldsInput(b.customFields) } };
    },
    fieldPath: (f) => f.replace(/^input\./, "").replace(/^customFields\[\d+\]$/, "customFields"),
    respond: ({ upsertCustomer: u }) => ({
      status: u.created ? 201 : 200,
      body: { id: u.customer.id, email: u.customer.email, created: u.created },
    }),
  }),
];
