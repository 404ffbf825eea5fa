// The store's return policy over REST v2.2, in the merchant API's style (camelCase, `{policy}` /
// `{version}` / `{eligibility}` envelopes): read it, replace the draft, publish, set the time zone, and an
// order's eligibility. Each route is one GraphQL operation; the core decides and checks everything.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { restRoute, type RestRoute } from "../route.js";
import { component, List, Obj, T, Text } from "../../declare.js";
import { Money } from "../shapes.js";
import { type ParamPair, wordsOf } from "../../../src/core/decisions/codes.js";
import { merchantWords } from "../../../src/core/decisions/merchant.js";
import { API_FORMAT, shopperWords } from "../../../src/core/decisions/render.js";
import type * as gen from "../../codegen/operations.js";

const Opt = T.Optional;
const S = T.String();
const Strs = T.Array(T.String());
const Outcome = T.String({ enum: ["refund", "store_credit", "exchange", "keep_item"] });
const Decimal = (description: string) => T.String({ pattern: "^\\d+(\\.\\d+)?$", description });

const RULES = `currency window { days from transitDays } windowRules { name tags skus productTypes days }
  extensions { name orderedFrom orderedTo days } exclusions { tags skus productTypes vendors discountAbovePercent }
  outcomes { refund storeCredit exchange keepItemBelow settleOn } returnFee { amount percent waivedFor }
  restockingFees { name tags percent } bonus { amount percent on }
  reasons { code label question photoRequired outcomes }
  reviewRules { name action valueAbove returnsInDays returnsAbove reasonCodes orderTags shopperMessage }`;
const VERSION = `number timeZone publishedAt publishedBy { type name } rules { ${RULES} }`;
const POLICY = `timeZone draftUpdatedAt draftUpdatedBy { type name } draft { ${RULES} } versions { ${VERSION} }`;
// A decision comes as its code and params; the merchant API's two sentences are rendered from them here.
const DECISION = "effect rule name code params { name value }";
const CHARGE = "kind rule amount { amount currency }";
const OFFER = `outcome value { amount currency } total { amount currency } fees { ${CHARGE} } bonus { ${CHARGE} }`;

const getPolicy = operation<gen.RestGetReturnPolicyQuery>(
  `query RestGetReturnPolicy($storeId: ID!) { returnPolicy(storeId: $storeId) { ${POLICY} } }`,
);
const putDraft =
  operation<gen.RestPutReturnPolicyDraftMutation>(`mutation RestPutReturnPolicyDraft($storeId: ID!, $input: PolicyRulesInput!) {
  updateReturnPolicyDraft(storeId: $storeId, input: $input) { ${POLICY} }
}`);
const publish = operation<gen.RestPublishReturnPolicyMutation>(
  `mutation RestPublishReturnPolicy($storeId: ID!) { publishReturnPolicy(storeId: $storeId) { ${VERSION} } }`,
);
const putZone = operation<gen.RestPutStoreTimeZoneMutation>(`mutation RestPutStoreTimeZone($storeId: ID!, $timeZone: String!) {
  setStoreTimeZone(storeId: $storeId, timeZone: $timeZone) { ${POLICY} }
}`);
const eligibility = operation<gen.RestReturnEligibilityQuery>(`query RestReturnEligibility($storeId: ID!, $orderId: ID!, $at: DateTime) {
  returnEligibility(storeId: $storeId, orderId: $orderId, at: $at) {
    policyVersion currency review decisions { ${DECISION} } summary { ${OFFER} }
    lines { lineItemId asked remaining returnable windowEndsAt decisions { ${DECISION} } outcomes { ${OFFER} } exchange { productId unitPrice { amount currency } } }
  }
}`);

const Rules = component(
  "ReturnPolicyRules",
  Obj({
    currency: T.String({ description: "The currency of the flat amounts; they apply to orders in it only." }),
    window: Obj({ days: T.Integer(), from: T.String({ enum: ["order", "fulfillment", "delivery"] }), transitDays: T.Integer() }),
    windowRules: T.Array(Obj({ name: S, tags: Strs, skus: Strs, productTypes: Strs, days: T.Integer({ description: "0: final sale." }) })),
    extensions: T.Array(Obj({ name: S, orderedFrom: S, orderedTo: S, days: T.Integer() })),
    exclusions: Obj({ tags: Strs, skus: Strs, productTypes: Strs, vendors: Strs, discountAbovePercent: Opt(Decimal("A percentage.")) }),
    outcomes: Obj({
      refund: T.Boolean(),
      storeCredit: T.Boolean(),
      exchange: T.Boolean(),
      keepItemBelow: Opt(Decimal("An amount.")),
      settleOn: T.Union([T.Literal("created"), T.Literal("delivered"), T.Literal("processed")], {
        description: "When store credit is issued as gift cards.",
      }),
    }),
    returnFee: Opt(
      Obj({ amount: Opt(Decimal("Flat, per return.")), percent: Opt(Decimal("Of the return's value.")), waivedFor: T.Array(Outcome) }),
    ),
    restockingFees: T.Array(Obj({ name: S, tags: Strs, percent: Decimal("Of the line's value.") })),
    bonus: Opt(Obj({ amount: Opt(Decimal("Flat, per return.")), percent: Opt(Decimal("Of the value.")), on: T.Array(Outcome) })),
    reasons: T.Array(Obj({ code: S, label: S, question: Opt(S), photoRequired: T.Boolean(), outcomes: T.Array(Outcome) })),
    reviewRules: T.Array(
      Obj({
        name: S,
        action: T.String({ enum: ["review", "refuse"] }),
        valueAbove: Opt(Decimal("An amount.")),
        returnsInDays: Opt(T.Integer()),
        returnsAbove: Opt(T.Integer()),
        reasonCodes: Strs,
        orderTags: Strs,
        shopperMessage: S,
      }),
    ),
  }),
);
const Actor = Obj({ type: S, name: Opt(S) });
const Version = component(
  "ReturnPolicyVersion",
  Obj({ number: T.Integer(), timeZone: S, publishedAt: T.String({ format: "date-time" }), publishedBy: Actor, rules: Rules }),
);
const Policy = component(
  "ReturnPolicy",
  Obj({
    timeZone: T.String({ description: "IANA, e.g. Europe/Paris: a window's last day ends at midnight there." }),
    draft: Rules,
    draftUpdatedAt: Opt(T.String({ format: "date-time" })),
    draftUpdatedBy: Opt(Actor),
    versions: T.Array(Version, { description: "Published versions, newest first (the first is in force)." }),
  }),
);
const Decision = Obj({ effect: S, rule: S, name: S, shopperMessage: S, merchantExplanation: S });
type DecisionIn = { effect: string; rule: string; name: string; code: string; params: ParamPair[] };
/** A decision in the merchant API's words: the sentences it always returned, rendered from the code. */
function decisionOf(d: DecisionIn) {
  const words = wordsOf(d);
  return {
    effect: d.effect,
    rule: d.rule,
    name: d.name,
    shopperMessage: shopperWords(words, API_FORMAT),
    merchantExplanation: merchantWords(words),
  };
}
type EligibilityIn = { decisions: DecisionIn[]; lines: { decisions: DecisionIn[] }[] };
const eligibilityOf = <E extends EligibilityIn>(e: E) => ({
  ...e,
  decisions: e.decisions.map(decisionOf),
  lines: e.lines.map((l) => ({ ...l, decisions: l.decisions.map(decisionOf) })),
});
const Charge = Obj({ kind: S, rule: S, amount: Money });
const Offer = Obj({ outcome: Outcome, value: Money, total: Money, fees: T.Array(Charge), bonus: Opt(Charge) });
const Eligibility = component(
  "ReturnEligibility",
  Obj({
    policyVersion: Opt(T.Integer({ description: "Absent when no policy is published (every remaining unit returnable for a refund)." })),
    currency: S,
    review: T.Boolean(),
    decisions: T.Array(Decision),
    summary: T.Array(Offer),
    lines: T.Array(
      Obj({
        lineItemId: S,
        asked: T.Integer(),
        remaining: T.Integer(),
        returnable: T.Integer(),
        windowEndsAt: Opt(T.String({ format: "date-time" })),
        decisions: T.Array(Decision),
        outcomes: T.Array(Offer),
        exchange: Opt(Obj({ productId: S, unitPrice: Money })),
      }),
    ),
  }),
);

// The request form: every field optional (the core fills the defaults and names what is wrong), every text
// and list bounded as the core bounds it.
const Short = Text("short");
const Name = Text("name");
const Values = List(Text("short"), "policyValues");
const Outcomes = List(Outcome, "policyValues");
const RulesInput = Obj(
  {
    currency: Opt(Short),
    window: Opt(
      Obj({ days: Opt(T.Integer()), from: Opt(T.String({ enum: ["order", "fulfillment", "delivery"] })), transitDays: Opt(T.Integer()) }),
    ),
    windowRules: Opt(
      List(Obj({ name: Name, tags: Opt(Values), skus: Opt(Values), productTypes: Opt(Values), days: T.Integer() }), "policyRules"),
    ),
    extensions: Opt(List(Obj({ name: Name, orderedFrom: Short, orderedTo: Short, days: T.Integer() }), "policyRules")),
    exclusions: Opt(
      Obj({ tags: Opt(Values), skus: Opt(Values), productTypes: Opt(Values), vendors: Opt(Values), discountAbovePercent: Opt(Short) }),
    ),
    outcomes: Opt(
      Obj({
        refund: Opt(T.Boolean()),
        storeCredit: Opt(T.Boolean()),
        exchange: Opt(T.Boolean()),
        keepItemBelow: Opt(Short),
        settleOn: Opt(Short),
      }),
    ),
    returnFee: Opt(Obj({ amount: Opt(Short), percent: Opt(Short), waivedFor: Opt(Outcomes) })),
    restockingFees: Opt(List(Obj({ name: Name, tags: Values, percent: Short }), "policyRules")),
    bonus: Opt(Obj({ amount: Opt(Short), percent: Opt(Short), on: Outcomes })),
    reasons: Opt(
      List(
        Obj({ code: Short, label: Name, question: Opt(Text("note")), photoRequired: Opt(T.Boolean()), outcomes: Opt(Outcomes) }),
        "policyRules",
      ),
    ),
    reviewRules: Opt(
      List(
        Obj({
          name: Name,
          action: T.String({ enum: ["review", "refuse"] }),
          valueAbove: Opt(Short),
          returnsInDays: Opt(T.Integer()),
          returnsAbove: Opt(T.Integer()),
          reasonCodes: Opt(Values),
          orderTags: Opt(Values),
          shopperMessage: Opt(Text("note")),
        }),
        "policyRules",
      ),
    ),
  },
  {
    description: "The policy as the merchant writes it; fields left out take their defaults. Amounts and percentages are decimal strings.",
  },
);

const tags = ["Return policy"];

export const policyRoutes: RestRoute[] = [
  restRoute({
    method: "GET",
    path: "/stores/:storeId/return-policy",
    operationId: "Return policy get",
    summary: "The store's return policy: its draft, its time zone and every published version (newest first)",
    tags,
    operation: getPolicy,
    responses: { 200: { description: "The policy", schema: Obj({ policy: Policy }) } },
    errors: [],
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({ status: 200, body: { policy: data.returnPolicy } }),
  }),
  restRoute({
    method: "PUT",
    path: "/stores/:storeId/return-policy/draft",
    operationId: "Return policy draft update",
    summary: "Replace the draft (published versions never change)",
    description:
      "Fields left out take their defaults. A bad policy is a 400 naming every field with its fix (a negative window, a percentage above 100, a rule that can never match).",
    tags,
    operation: putDraft,
    body: Obj({ draft: RulesInput }),
    responses: { 200: { description: "The policy with its new draft", schema: Obj({ policy: Policy }) } },
    errors: [400],
    variables: ({ params, body }) => ({
      storeId: params.storeId,
      input: admitted<{ draft: gen.RestPutReturnPolicyDraftMutationVariables["input"] }>(body).draft,
    }),
    fieldPath: (f) => (f.startsWith("draft") ? f : `draft.${f.replace(/^input\.?/, "")}`.replace(/\.$/, "")),
    respond: (data) => ({ status: 200, body: { policy: data.updateReturnPolicyDraft } }),
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/return-policy/publish",
    operationId: "Return policy publish",
    summary: "Publish the draft as the next version (returns created from then on are decided by it)",
    tags,
    operation: publish,
    responses: { 201: { description: "The version published", schema: Obj({ version: Version }) } },
    errors: [409],
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({ status: 201, body: { version: data.publishReturnPolicy } }),
  }),
  restRoute({
    method: "PUT",
    path: "/stores/:storeId/return-policy/time-zone",
    operationId: "Return policy time zone update",
    summary: "Set the store's IANA time zone (copied into each version published after)",
    tags,
    operation: putZone,
    body: Obj({ timeZone: Text("short", { description: 'e.g. "Europe/Paris"' }) }),
    responses: { 200: { description: "The policy", schema: Obj({ policy: Policy }) } },
    errors: [400],
    variables: ({ params, body }) => ({ storeId: params.storeId, timeZone: admitted<{ timeZone: string }>(body).timeZone }),
    respond: (data) => ({ status: 200, body: { policy: data.setStoreTimeZone } }),
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/orders/:orderId/return-eligibility",
    operationId: "Order return eligibility",
    summary:
      "What the published policy lets the customer return from an order: per line the quantity, outcomes, fees and the deciding rules",
    description:
      "`orderId` is the order's id or the merchant's order id. Every remaining unit of every line is evaluated, at `at` (default now).",
    tags,
    operation: eligibility,
    query: { at: { schema: T.String({ format: "date-time" }), description: "Evaluate at this moment instead of now." } },
    responses: { 200: { description: "The eligibility", schema: Obj({ eligibility: Eligibility }) } },
    errors: [400, 404],
    variables: ({ params, q }) => ({ storeId: params.storeId, orderId: params.orderId, at: q.at ?? null }),
    respond: (data) => ({ status: 200, body: { eligibility: eligibilityOf(data.returnEligibility) } }),
  }),
];
