// The merchant API's navigation links: a store's returns portal (the order and email a shop's page
// knows carried over, so the shopper lands on the lookup filled in) and the merchant dashboard. Both
// answer 302 with the Location; where the portal lives is the core's (the store's portal handle). The
// reference names no scope for them; both need `portal_read` (every route here has one).
import { operation } from "../../executor.js";
import { Text, T } from "../../declare.js";
import { declareRoutes, RestProblem } from "../route.js";
import type * as gen from "../../codegen/operations.js";

const storePortal = operation<gen.RestStorePortalQuery>(
  `query RestStorePortal($storeId: ID!) { storePortal(storeId: $storeId) { handle } }`,
);

const redirect = (description: string) => ({
  302: { description, headers: { Location: { description: "Where to go", schema: T.String({ format: "uri" }) } } },
});

export const navigationRoutes = declareRoutes("Navigation", [
  {
    method: "GET",
    path: "/stores/:storeId/customer-portal",
    operationId: "Customer portal redirect",
    summary: "Redirect to the store's returns portal",
    description:
      "302 to the store's returns portal, `/portal/{handle}`; `order` and `email` are carried over so the shopper finds the order filled in. 404 while the store has no portal (Settings → Returns portal).",
    operation: storePortal,
    query: {
      order: { schema: Text("short"), description: "The order's name, e.g. #1001" },
      email: { schema: Text("short"), description: "The shopper's email" },
    },
    responses: redirect("The store's returns portal"),
    errors: [404],
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: ({ storePortal: portal }, input) => {
      if (!portal)
        throw new RestProblem(
          404,
          "portal/not-found",
          "Portal not found",
          "This store has no returns portal yet: set it up in Settings → Returns portal.",
        );
      const url = new URL(`${input.publicBase}/portal/${encodeURIComponent(portal.handle)}`);
      for (const k of ["order", "email"] as const) {
        const v = input.q[k];
        if (typeof v === "string" && v) url.searchParams.set(k, v);
      }
      return { status: 302, headers: { Location: url.toString() } };
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/admin",
    operationId: "Merchant admin redirect",
    summary: "Redirect to the merchant dashboard",
    description: "302 to the merchant dashboard, where staff log in.",
    operation: storePortal,
    responses: redirect("The merchant dashboard"),
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (_data, input) => ({ status: 302, headers: { Location: `${input.publicBase}/dashboard/` } }),
  },
]);
