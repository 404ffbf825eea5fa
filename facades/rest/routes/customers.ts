// Customers: read one by e-mail, create or update one (the upsert key is the e-mail).
// camelCase as the merchant API documents them; optional fields absent (never null) when empty,
// createdAt/updatedAt the only nullable ones.
import { operation } from "../../executor.js";
import { RestInputError, RestProblem, type RestInput, type RestRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { LIST_BOUNDS } from "../../../src/core/bounds.js";
import { bool, num, obj, pathParam, str, text, type Schema } from "../schema-helpers.js";

const CUSTOMER_FIELDS = `id email firstName lastName phoneNumber createdAt updatedAt customFields { name type value }
  location { street1 street2 city state stateCode postalCode country countryCode ianaTimeZoneName latitude longitude }`;

const getCustomer = operation(`query RestGetCustomer($storeId: ID!, $email: String!) {
  customer(storeId: $storeId, email: $email) { ${CUSTOMER_FIELDS} }
}`);

const upsertCustomer = operation(`mutation RestUpsertCustomer($storeId: ID!, $input: CustomerInput!) {
  upsertCustomer(storeId: $storeId, input: $input) { created customer { id email } }
}`);

type Gql = Record<string, any>;

const LOCATION_TEXT = ["street1", "street2", "city", "state", "stateCode", "postalCode", "country", "countryCode", "ianaTimeZoneName"];
const LOCATION_NUMBERS = ["latitude", "longitude"];
const UPSERT_KEYS = ["email", "firstName", "lastName", "phoneNumber", "location", "customFields"];

function customFieldValue(f: { type: string; value: string }): string | number | boolean {
  if (f.type === "NUMBER") return Number(f.value);
  if (f.type === "BOOLEAN") return f.value === "true";
  return f.value;
}

/** CustomerRead: keys without a value are left out. */
export function customerView(c: Gql) {
  const out: Record<string, unknown> = { id: c.id, email: c.email };
  for (const k of ["firstName", "lastName", "phoneNumber"]) if (c[k] != null) out[k] = c[k];
  if (c.location) {
    const loc = Object.fromEntries(Object.entries(c.location as Gql).filter(([, v]) => v != null));
    if (Object.keys(loc).length) out.location = loc;
  }
  if (c.customFields.length) out.customFields = Object.fromEntries(c.customFields.map((f: Gql) => [f.name, customFieldValue(f as { type: string; value: string })]));
  out.createdAt = c.createdAt;
  out.updatedAt = c.updatedAt;
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function unknownKeys(o: Record<string, unknown>, allowed: string[], where: string) {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) throw new RestInputError(`${where} has unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(", ")}; allowed: ${allowed.join(", ")}.`, extra[0]);
}

function stringField(o: Record<string, unknown>, key: string, field = key): string | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new RestInputError(`\`${field}\` must be a string.`, field);
  return v;
}

/** The upsert body (additionalProperties: false at every level) as the core's CustomerInput. */
function upsertInput(body: unknown) {
  if (!isObject(body)) throw new RestInputError("The body must be a JSON object with at least `email`.", "email");
  unknownKeys(body, UPSERT_KEYS, "The body");
  const email = stringField(body, "email");
  if (email === undefined) throw new RestInputError("`email` is required: the customer's e-mail address, the upsert key.", "email");
  const input: Record<string, unknown> = { email };
  for (const k of ["firstName", "lastName", "phoneNumber"]) {
    const v = stringField(body, k);
    if (v !== undefined) input[k] = v;
  }
  if (body.location !== undefined) {
    if (!isObject(body.location)) throw new RestInputError("`location` must be an object.", "location");
    unknownKeys(body.location, [...LOCATION_TEXT, ...LOCATION_NUMBERS], "`location`");
    const loc: Record<string, unknown> = {};
    for (const k of LOCATION_TEXT) {
      const v = stringField(body.location, k, `location.${k}`);
      if (v !== undefined) loc[k] = v;
    }
    for (const k of LOCATION_NUMBERS) {
      const v = body.location[k];
      if (v === undefined) continue;
      if (typeof v !== "number") throw new RestInputError(`\`location.${k}\` must be a number.`, `location.${k}`);
      loc[k] = v;
    }
    input.location = loc;
  }
  if (body.customFields !== undefined) {
    if (!isObject(body.customFields)) throw new RestInputError("`customFields` must be an object of field name to a string, number or boolean.", "customFields");
    input.customFields = Object.entries(body.customFields).map(([name, v]) => {
      if (typeof v === "string") return { name, stringValue: v };
      if (typeof v === "number") return { name, numberValue: v };
      if (typeof v === "boolean") return { name, booleanValue: v };
      throw new RestInputError(`\`customFields.${name}\` must be a string, a number or a boolean.`, `customFields.${name}`);
    });
  }
  return input;
}

export const customersRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/stores/:storeId/customers",
    operationId: "Customer get",
    scope: "customers_read",
    operation: getCustomer,
    variables: (input: RestInput) => {
      const email = input.query("email");
      if (!email) throw new RestInputError("`email` is required: GET /stores/{storeId}/customers?email=jane@example.com.", "email");
      return { storeId: input.params.storeId, email };
    },
    respond: (data, input) => {
      if (!data.customer) throw new RestProblem(404, "customers/not-found", "Customer not found", `No customer with e-mail ${JSON.stringify(input.query("email"))} in this store.`);
      return { status: 200, body: customerView(data.customer) };
    },
  },
  {
    method: "PUT",
    path: "/stores/:storeId/customers",
    operationId: "Customer upsert",
    scope: "customers_write",
    operation: upsertCustomer,
    variables: (input) => ({ storeId: input.params.storeId, input: upsertInput(input.body) }),
    respond: (data) => {
      const { created, customer } = data.upsertCustomer;
      return { status: created ? 201 : 200, body: { id: customer.id, email: customer.email, created } };
    },
  },
];

const location = obj(
  {
    ...Object.fromEntries(LOCATION_TEXT.map((k) => [k, text("short")])),
    latitude: { ...num, minimum: -90, maximum: 90 },
    longitude: { ...num, minimum: -180, maximum: 180 },
  },
  [...LOCATION_TEXT, ...LOCATION_NUMBERS],
);
const customValue: Schema = { oneOf: [text("note"), num, bool] };
const customFields: Schema = { type: "object", maxProperties: LIST_BOUNDS.customerCustomFields, additionalProperties: customValue, description: "Field name → value. A string that is an ISO 8601 date-time is stored as a DATE and read back as a date-time string." };
const email = { ...text("short"), format: "email", example: "jane@example.com" };
const upsertResponse = obj({ id: { type: "string", description: "`cus_…`" }, email: str, created: bool });

export const customersOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/customers": {
      parameters: [pathParam("storeId")],
      get: {
        operationId: "Customer get",
        summary: "Get customer by email",
        description: "E-mails are compared lower-cased. A customer exists once the merchant upserts it or an order with its e-mail is synced.",
        tags: ["Customers"],
        security: [{ Bearer: [] }],
        "x-scope": "customers_read",
        parameters: [{ name: "email", in: "query", required: true, schema: email }],
        responses: {
          "200": { description: "The customer", content: { "application/json": { schema: { $ref: "#/components/schemas/CustomerRead" } } } },
          ...problemResponses(["400", "401", "403", "404"]),
        },
      },
      put: {
        operationId: "Customer upsert",
        summary: "Create or update customer",
        description:
          "The upsert key is `email` (compared lower-cased). Names are set; a new `phoneNumber` is appended to the customer's numbers (the first stays the one read back); `location` and `customFields` are merged: fields not sent are kept. 201 when the customer was created, 200 when updated.",
        tags: ["Customers"],
        security: [{ Bearer: [] }],
        "x-scope": "customers_write",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: obj({ email, firstName: text("short"), lastName: text("short"), phoneNumber: { ...text("short"), description: "E.164", example: "+12345678900" }, location, customFields }, [
                "firstName",
                "lastName",
                "phoneNumber",
                "location",
                "customFields",
              ]),
            },
          },
        },
        responses: {
          "200": { description: "Updated (created: false)", content: { "application/json": { schema: upsertResponse } } },
          "201": { description: "Created (created: true)", content: { "application/json": { schema: upsertResponse } } },
          ...problemResponses(["400", "401", "403"]),
        },
      },
    },
  },
  schemas: {
    CustomerLocation: location,
    CustomerRead: obj(
      {
        id: { type: "string", description: "`cus_…`" },
        email: { type: "string", format: "email" },
        firstName: str,
        lastName: str,
        phoneNumber: { type: "string", description: "E.164: the first number the customer was given" },
        location: { $ref: "#/components/schemas/CustomerLocation" },
        customFields: { type: "object", additionalProperties: { oneOf: [str, num, bool] } },
        createdAt: { type: ["string", "null"], format: "date-time" },
        updatedAt: { type: ["string", "null"], format: "date-time" },
      },
      ["firstName", "lastName", "phoneNumber", "location", "customFields", "createdAt", "updatedAt"],
    ),
  },
};
