// Checkout experiences and checkout A/B tests. No route here changes the checkout tree: that is
// the dashboard's job (GraphQL, staff only).
import { operation } from "../../executor.js";
import { declareRoutes, notFound } from "../route.js";
import { component, Obj, selectionOf, T } from "../../declare.js";
import { Money } from "../shapes.js";
import type * as gen from "../../codegen/operations.js";

const S = T.String();
const DateTime = T.String({ format: "date-time" });
const CheckoutExperience = component(
  "CheckoutExperience",
  Obj({
    id: S,
    checkoutExperienceId: S,
    name: S,
    description: S,
    live: T.Boolean({ description: "True while the checkout tree routes shoppers to it." }),
    createdAt: DateTime,
    updatedAt: DateTime,
    shippingMethods: T.Array(
      Obj({ id: S, name: S, carrier: T.Optional(S), price: Money, minDays: T.Optional(T.Integer()), maxDays: T.Optional(T.Integer()) }),
    ),
  }),
);
const CheckoutAbTest = component(
  "CheckoutAbTest",
  Obj({
    id: S,
    name: S,
    description: S,
    active: T.Boolean(),
    isConcluded: T.Boolean(),
    concludedToControl: T.Boolean(),
    startDate: DateTime,
    endDate: T.Optional(T.String({ format: "date-time", description: "Present on a concluded test; absent on a running one." })),
    createdAt: DateTime,
    treatments: T.Array(Obj({ name: S, weight: T.Number(), isControl: T.Boolean(), isWinner: T.Boolean() })),
  }),
);

const getExperience = operation<gen.RestGetCheckoutExperienceQuery>(`query RestGetCheckoutExperience($storeId: ID!, $id: ID!) {
  checkoutExperience(storeId: $storeId, id: $id) { ${selectionOf(CheckoutExperience)} }
}`);
const deleteExperience =
  operation<gen.RestDeleteCheckoutExperienceMutation>(`mutation RestDeleteCheckoutExperience($storeId: ID!, $id: ID!) {
  deleteCheckoutExperience(storeId: $storeId, id: $id) { checkoutExperienceId }
}`);
const listAbTests = operation<gen.RestListCheckoutAbTestsQuery>(`query RestListCheckoutAbTests($storeId: ID!, $includeDeleted: Boolean) {
  checkoutAbTests(storeId: $storeId, includeDeleted: $includeDeleted) { totalCount abTests { ${selectionOf(CheckoutAbTest)} } }
}`);

export const checkoutRoutes = declareRoutes("Checkout Experiences", [
  {
    method: "GET",
    path: "/stores/:storeId/checkout-experiences/:checkoutExperienceId",
    operationId: "Checkout experience get",
    summary: "Read a checkout experience with its shipping methods",
    operation: getExperience,
    responses: { 200: { description: "The experience", schema: Obj({ checkoutExperience: CheckoutExperience }) } },
    errors: [404],
    variables: ({ params }) => ({ storeId: params.storeId, id: params.checkoutExperienceId }),
    respond: (data, { params }) => {
      if (data.checkoutExperience) return { status: 200, body: data };
      throw notFound("checkout", "Checkout experience", `No checkout experience ${params.checkoutExperienceId} in this store.`);
    },
  },
  {
    method: "DELETE",
    path: "/stores/:storeId/checkout-experiences/:checkoutExperienceId",
    operationId: "Checkout experience delete",
    summary: "Delete a checkout experience and its shipping methods",
    description:
      "Permanently deletes the experience together with its shipping methods. Refused with 409 `checkout/live-experience` while the store's checkout tree routes shoppers to it: repoint checkout routing in the merchant dashboard first. The checkout tree cannot be changed through this API.",
    operation: deleteExperience,
    responses: { 200: { description: "Deleted", schema: Obj({ checkoutExperienceId: S }) } },
    errors: [404, 409],
    variables: ({ params }) => ({ storeId: params.storeId, id: params.checkoutExperienceId }),
    respond: (data) => ({ status: 200, body: data.deleteCheckoutExperience }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/checkout-ab-tests",
    operationId: "Checkout A/B tests list",
    summary: "List the store's checkout A/B tests, newest first (metadata only)",
    operation: listAbTests,
    query: {
      includeDeleted: { description: "`true` also returns deleted tests.", schema: T.Boolean({ default: false }) },
    },
    responses: {
      200: { description: "The tests", schema: Obj({ abTests: T.Array(CheckoutAbTest), totalCount: T.Integer({ minimum: 0 }) }) },
    },
    errors: [400],
    variables: ({ params, q }) => ({ storeId: params.storeId, includeDeleted: q.includeDeleted ?? false }),
    respond: (data) => ({ status: 200, body: data.checkoutAbTests }),
  },
]);
