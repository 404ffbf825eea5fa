// Return tags over REST v2.2: the store's catalogue (list, upsert with rename, delete). Each route is
// one GraphQL operation of src/returns/tags.ts; a rename or delete reaches every return in the core.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { restRoute, type RestRoute } from "../route.js";
import { component, Nullable, Obj, T, Text } from "../../declare.js";
import { PILL_THEMES } from "../../../src/returns/tag-shapes.js";
import { LIST_BOUNDS } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const TAG_FIELDS = "name kind pillTheme source numericId";

const listTags = operation<gen.RestListReturnTagsQuery>(
  `query RestListReturnTags($storeId: ID!) { returnTags(storeId: $storeId) { ${TAG_FIELDS} } }`,
);
const upsertTag =
  operation<gen.RestUpsertReturnTagMutation>(`mutation RestUpsertReturnTag($storeId: ID!, $name: String!, $pillTheme: PillTheme!, $newName: String) {
  upsertReturnTag(storeId: $storeId, name: $name, pillTheme: $pillTheme, newName: $newName) { ${TAG_FIELDS} }
}`);
const deleteTag = operation<gen.RestDeleteReturnTagMutation>(
  `mutation RestDeleteReturnTag($storeId: ID!, $name: String!) { deleteReturnTag(storeId: $storeId, name: $name) }`,
);

const tags = ["Returns"];
const PillTheme = component("PillTheme", T.Unsafe<string>({ type: "string", enum: [...PILL_THEMES] }));
const ReturnTag = component(
  "ReturnTag",
  Obj({
    name: T.String({ description: "Case-sensitive, unique in the store." }),
    kind: T.Literal("return"),
    pillTheme: PillTheme,
    source: T.String({ enum: ["merchant", "redo", "flow"] }),
    numericId: Nullable(T.Number({ description: "A stable numeric id when one has been assigned (null otherwise)." })),
  }),
);
const nameParam = "The tag's name, case-sensitive and URL-encoded (e.g. `VIP%20customer`).";

export const returnTagsRoutes: RestRoute[] = [
  restRoute({
    method: "GET",
    path: "/stores/:storeId/return-tags",
    operationId: "Return tags list",
    summary: "List Return Tags",
    description: "The store's whole tag catalogue, by name (not paged; a store holds at most 200 tags).",
    tags,
    operation: listTags,
    responses: { 200: { description: "The tags", schema: Obj({ tags: T.Array(ReturnTag, { maxItems: LIST_BOUNDS.storeReturnTags }) }) } },
    errors: [401, 403, 404],
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({ status: 200, body: { tags: data.returnTags } }),
  }),
  restRoute({
    method: "PUT",
    path: "/stores/:storeId/return-tags/:name",
    operationId: "Return tag upsert",
    summary: "Upsert Return Tag",
    description: `${nameParam} Creates the tag, or sets its \`pillTheme\`. With a \`newName\` different from \`name\` the tag is renamed (and recoloured): the new name reaches every return that carries the tag, and each such return's \`updated\` webhook event is sent. 200 for a create and an update alike. A rename whose tag does not exist or whose \`newName\` is taken is a 400 \`return-tag/rename-precondition-failed\`.`,
    tags,
    operation: upsertTag,
    body: Obj(
      {
        pillTheme: PillTheme,
        newName: T.Optional(Text("short", { minLength: 1, description: "Renames the tag when different from the path's `name`." })),
      },
      { additionalProperties: true },
    ),
    responses: { 200: { description: "The tag as it now is", schema: Obj({ tag: ReturnTag }) } },
    errors: [400, 401, 403, 404, 409],
    pathExamples: { name: "Damaged" },
    variables: ({ params, body }) => {
      const b = admitted<Pick<gen.RestUpsertReturnTagMutationVariables, "pillTheme" | "newName">>(body);
      return { storeId: params.storeId, name: params.name, pillTheme: b.pillTheme, newName: b.newName ?? null };
    },
    respond: (data) => ({ status: 200, body: { tag: data.upsertReturnTag } }),
  }),
  restRoute({
    method: "DELETE",
    path: "/stores/:storeId/return-tags/:name",
    operationId: "Return tag delete",
    summary: "Delete Return Tag",
    description: `${nameParam} Deletes the tag and strips it from every return that carries it (each such return's \`updated\` webhook event is sent). A tag that does not exist is a 400 \`return-tag/not-found\` (the reference declares no 404 here).`,
    tags,
    operation: deleteTag,
    responses: { 200: { description: "Deleted", schema: Obj({ success: T.Literal(true) }) } },
    errors: [400, 401, 403, 404],
    variables: ({ params }) => ({ storeId: params.storeId, name: params.name }),
    respond: () => ({ status: 200, body: { success: true } }),
  }),
];
