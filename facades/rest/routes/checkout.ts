// Checkout experiences and checkout A/B tests. No route here changes the checkout tree: that is
// the dashboard's job (GraphQL, staff only).
import { operation } from "../../executor.js";
import { booleanQuery, omitNull, RestProblem, type RestRoute, type LegacyRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { pathParam } from "../schema-helpers.js";

const EXPERIENCE_FIELDS = `id checkoutExperienceId name description live createdAt updatedAt
  shippingMethods { id name carrier price { amount currency } minDays maxDays }`;

const getExperience = operation(`query RestGetCheckoutExperience($storeId: ID!, $id: ID!) {
  checkoutExperience(storeId: $storeId, id: $id) { ${EXPERIENCE_FIELDS} }
}`);

const deleteExperience = operation(`mutation RestDeleteCheckoutExperience($storeId: ID!, $id: ID!) {
  deleteCheckoutExperience(storeId: $storeId, id: $id) { checkoutExperienceId }
}`);

const listAbTests = operation(`query RestListCheckoutAbTests($storeId: ID!, $includeDeleted: Boolean) {
  checkoutAbTests(storeId: $storeId, includeDeleted: $includeDeleted) {
    totalCount
    abTests { id name description active isConcluded concludedToControl startDate endDate createdAt
      treatments { name weight isControl isWinner } }
  }
}`);

export const checkoutRoutes: LegacyRoute[] = [
  {
    method: "GET",
    path: "/stores/:storeId/checkout-experiences/:checkoutExperienceId",
    operationId: "Checkout experience get",
    scope: "checkout_read",
    operation: getExperience,
    variables: ({ params }) => ({ storeId: params.storeId, id: params.checkoutExperienceId }),
    respond: (data, { params }) => {
      if (!data.checkoutExperience) {
        throw new RestProblem(404, "checkout/not-found", "Checkout experience not found", `No checkout experience ${params.checkoutExperienceId} in this store.`);
      }
      return { status: 200, body: { checkoutExperience: data.checkoutExperience } };
    },
  },
  {
    method: "DELETE",
    path: "/stores/:storeId/checkout-experiences/:checkoutExperienceId",
    operationId: "Checkout experience delete",
    scope: "checkout_write",
    operation: deleteExperience,
    variables: ({ params }) => ({ storeId: params.storeId, id: params.checkoutExperienceId }),
    respond: (data) => ({ status: 200, body: { checkoutExperienceId: data.deleteCheckoutExperience.checkoutExperienceId } }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/checkout-ab-tests",
    operationId: "Checkout A/B tests list",
    scope: "checkout_read",
    operation: listAbTests,
    variables: (input) => ({ storeId: input.params.storeId, includeDeleted: booleanQuery(input, "includeDeleted") ?? false }),
    respond: (data) => ({
      status: 200,
      body: {
        // A running test has no endDate at all (not null), as the merchant API documents.
        abTests: data.checkoutAbTests.abTests.map((t: Record<string, unknown>) => omitNull(t, ["endDate"])),
        totalCount: data.checkoutAbTests.totalCount,
      },
    }),
  },
];

const money = { $ref: "#/components/schemas/Money" };

export const checkoutOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/checkout-experiences/{checkoutExperienceId}": {
      parameters: [
        pathParam("storeId"),
        pathParam("checkoutExperienceId"),
      ],
      get: {
        operationId: "Checkout experience get",
        summary: "Read a checkout experience with its shipping methods",
        tags: ["Checkout Experiences"],
        security: [{ Bearer: [] }],
        "x-scope": "checkout_read",
        responses: {
          "200": {
            description: "The experience",
            content: { "application/json": { schema: { type: "object", required: ["checkoutExperience"], properties: { checkoutExperience: { $ref: "#/components/schemas/CheckoutExperience" } } } } },
          },
          ...problemResponses(["401", "403", "404"]),
        },
      },
      delete: {
        operationId: "Checkout experience delete",
        summary: "Delete a checkout experience and its shipping methods",
        description:
          "Permanently deletes the experience together with its shipping methods. Refused with 409 `checkout/live-experience` while the store's checkout tree routes shoppers to it: repoint checkout routing in the merchant dashboard first. The checkout tree cannot be changed through this API.",
        tags: ["Checkout Experiences"],
        security: [{ Bearer: [] }],
        "x-scope": "checkout_write",
        responses: {
          "200": {
            description: "Deleted",
            content: { "application/json": { schema: { type: "object", required: ["checkoutExperienceId"], additionalProperties: false, properties: { checkoutExperienceId: { type: "string" } } } } },
          },
          ...problemResponses(["401", "403", "404", "409"]),
        },
      },
    },
    "/stores/{storeId}/checkout-ab-tests": {
      parameters: [pathParam("storeId")],
      get: {
        operationId: "Checkout A/B tests list",
        summary: "List the store's checkout A/B tests, newest first (metadata only)",
        tags: ["Checkout Experiences"],
        security: [{ Bearer: [] }],
        "x-scope": "checkout_read",
        parameters: [
          { name: "includeDeleted", in: "query", required: false, description: "`true` also returns deleted tests.", schema: { type: "string", enum: ["true", "false"], default: "false" } },
        ],
        responses: {
          "200": {
            description: "The tests",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["abTests", "totalCount"],
                  additionalProperties: false,
                  properties: { abTests: { type: "array", items: { $ref: "#/components/schemas/CheckoutAbTest" } }, totalCount: { type: "integer", minimum: 0 } },
                },
              },
            },
          },
          ...problemResponses(["400", "401", "403"]),
        },
      },
    },
  },
  schemas: {
    CheckoutExperience: {
      type: "object",
      required: ["id", "checkoutExperienceId", "name", "description", "live", "shippingMethods", "createdAt", "updatedAt"],
      additionalProperties: false,
      properties: {
        id: { type: "string" },
        checkoutExperienceId: { type: "string" },
        name: { type: "string" },
        description: { type: "string" },
        live: { type: "boolean", description: "True while the checkout tree routes shoppers to it." },
        createdAt: { type: "string", format: "date-time" },
        updatedAt: { type: "string", format: "date-time" },
        shippingMethods: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "carrier", "price", "minDays", "maxDays"],
            additionalProperties: false,
            properties: {
              id: { type: "string" },
              name: { type: "string" },
              carrier: { type: ["string", "null"] },
              price: money,
              minDays: { type: ["integer", "null"] },
              maxDays: { type: ["integer", "null"] },
            },
          },
        },
      },
    },
    CheckoutAbTest: {
      type: "object",
      required: ["id", "name", "description", "active", "isConcluded", "concludedToControl", "startDate", "createdAt", "treatments"],
      additionalProperties: false,
      properties: {
        id: { type: "string" },
        name: { type: "string" },
        description: { type: "string" },
        active: { type: "boolean" },
        isConcluded: { type: "boolean" },
        concludedToControl: { type: "boolean" },
        startDate: { type: "string", format: "date-time" },
        endDate: { type: "string", format: "date-time", description: "Present on a concluded test; absent on a running one." },
        createdAt: { type: "string", format: "date-time" },
        treatments: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "weight", "isControl", "isWinner"],
            additionalProperties: false,
            properties: { name: { type: "string" }, weight: { type: "number" }, isControl: { type: "boolean" }, isWinner: { type: "boolean" } },
          },
        },
      },
    },
  },
};
