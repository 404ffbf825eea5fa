// Issue 22, findings 9 and 10, closed by class: every link input (bound "link") is an absolute http(s)
// URL, and every name shown to people (bound "name") is NFC without invisible or direction-control
// characters. Generators: every such input of the schema × hostile schemes and Unicode look-alikes,
// through the input-bounds layer; then the attack's shapes through the real doors.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../../src/core/errors.js";
import { boundOf, checkInputBounds } from "../../../src/core/input-bounds.js";
import { buildSchema } from "../../../src/core/schema.js";
import { DOMAINS } from "../../../src/domains.js";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const schema = buildSchema(DOMAINS);

/** Links no page may render: other schemes, their spellings the URL parser folds, and relative ones. */
const HOSTILE_URLS = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://files.example.com/label.pdf",
  "//evil.example/label.pdf",
  "/relative/label.pdf",
  "not a url",
];

/** Names that look like "VIP" (or like another name) but are not the same text. */
const LOOK_ALIKE_NAMES = [
  "VIP\u200B", // zero-width space
  "V\u200DIP", // zero-width joiner
  "\uFEFFVIP", // byte-order mark
  "\u202EPIV", // right-to-left override: shows "VIP"
  "VIP\u2066x\u2069", // isolate
  "VIP\u00AD", // soft hyphen
  "VIP\u0007", // control
  "VIP\u2028", // line separator
  "\u061CVIP", // Arabic letter mark
];

function sample(type: GraphQLInputType): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [sample(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sample(f.type);
    return out;
  }
  const name = getNamedType(inner).name;
  return name === "Int" ? 1 : name === "Float" ? 1.5 : name === "Boolean" ? false : name === "DateTime" ? "2026-01-01T00:00:00Z" : "sample";
}

/** A value of `type` with `bad` at `path` and plausible values for every other required field. */
function placed(type: GraphQLInputType, path: (string | number)[], bad: string): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [placed(inner.ofType, path.slice(1), bad)];
  if (!path.length) return bad;
  if (!isInputObjectType(inner)) return bad;
  const obj = sample(inner) as Record<string, unknown>;
  obj[path[0]] = placed(inner.getFields()[path[0]].type, path.slice(1), bad);
  return obj;
}

interface TextInput {
  label: string;
  /** The document, its variables with `bad` placed at the input, and the field a refusal names. */
  build(bad: string): { text: string; variables: Record<string, unknown>; field: string };
}

/** Every argument or input field (reached from a root field's arguments) whose bound is `kind`. */
function inputsOf(kind: "name" | "link"): TextInput[] {
  const out: TextInput[] = [];
  for (const [opKind, root] of [
    ["query", schema.getQueryType()!],
    ["mutation", schema.getMutationType()!],
  ] as const)
    for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[])
      for (const arg of field.args) {
        const walk = (type: GraphQLInputType, path: (string | number)[], seen: Set<string>, isKind: boolean) => {
          const inner = getNullableType(type) as GraphQLInputType;
          if (isListType(inner)) return walk(inner.ofType, [...path, 0], seen, isKind);
          if (isInputObjectType(inner)) {
            if (seen.has(inner.name)) return;
            for (const f of Object.values(inner.getFields()))
              walk(f.type, [...path, f.name], new Set([...seen, inner.name]), boundOf(f).text === kind);
            return;
          }
          if (!isKind || getNamedType(inner).name !== "String") return;
          const shown = [arg.name, ...path].reduce<string>(
            (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${p}` : String(p)),
            "",
          );
          out.push({
            label: `${field.name}(${shown})`,
            build(bad) {
              const value = placed(arg.type, path, bad);
              const others = field.args.filter((a) => a !== arg && isNonNullType(a.type));
              const vars = [arg, ...others].map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
              const args = [arg, ...others].map((a) => `${a.name}: $${a.name}`).join(", ");
              return {
                text: `${opKind}(${vars}) { ${field.name}(${args}) { __typename } }`,
                variables: { [arg.name]: value, ...Object.fromEntries(others.map((a) => [a.name, sample(a.type)])) },
                field: shown,
              };
            },
          });
        };
        walk(arg.type, [], new Set(), boundOf(arg).text === kind);
      }
  return out;
}

/** The refusal the input-bounds layer gives, before any resolver runs. */
function refusal(input: TextInput, bad: string) {
  const { text, variables, field } = input.build(bad);
  try {
    checkInputBounds(schema, parse(text), null, variables);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { field, status: err.info.status, errorField: err.info.field, detail: err.message };
  }
  return { field, status: 200 };
}

describe("every link and name input of the schema (generated)", () => {
  const links = inputsOf("link");
  const names = inputsOf("name");

  it("finds the inputs of the findings", () => {
    expect(links.map((l) => l.label)).toEqual(
      expect.arrayContaining([
        "createReturn(input.label.trackingUrl)",
        "createReturn(input.label.postageLabelUrl)",
        "upsertOrder(input.lineItems[0].imageUrl)",
        "updateProduct(input.images[0].url)",
      ]),
    );
    expect(names.map((n) => n.label)).toEqual(
      expect.arrayContaining(["upsertReturnTag(name)", "upsertReturnTag(newName)", "tagReturn(names[0])", "createLocation(name)"]),
    );
  });

  it.each(links.map((l) => [l.label, l] as const))("link %s: only absolute http(s)", (_label, input) => {
    for (const bad of HOSTILE_URLS) expect(refusal(input, bad), bad).toMatchObject({ status: 400, errorField: input.build(bad).field });
    expect(refusal(input, "https://carrier.example.com/track?n=1Z999")).toMatchObject({ status: 200 });
  });

  it.each(names.map((n) => [n.label, n] as const))("name %s: no invisible or direction-control character", (_label, input) => {
    for (const bad of LOOK_ALIKE_NAMES)
      expect(refusal(input, bad), JSON.stringify(bad)).toMatchObject({ status: 400, errorField: input.build(bad).field });
    for (const ok of ["VIP", "Caf\u00e9", "Cafe\u0301", "Zürich 🇨🇭", "\u05e2\u05d1\u05e8\u05d9\u05ea"])
      expect(refusal(input, ok), ok).toMatchObject({ status: 200 });
  });
});

describe.each(providers)("links and look-alike names through the doors (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staffToken: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0", RATE_LIMIT_GRAPHQL_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, ["returns_read", "returns_write", "orders_read", "orders_write"])).secret;
    staffToken = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  it("refuses a return label's javascript: and data: links with a 400 naming the field, and writes nothing", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const count = () => svc.services.db.prisma.return.count({ where: { storeId } });
    const before = await count();
    for (const field of ["trackingUrl", "postageLabelUrl", "formLabelUrl"])
      for (const bad of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>"]) {
        const label = { trackingNumber: "1Z999", [field]: bad };
        const res = await svc.http.post(
          `/v2.2/stores/${storeId}/returns`,
          returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }], { label }),
          { token: secret },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.field).toBe(`data.label.${field}`);
        expect(res.body.detail).toMatch(/http\(s\)/);
      }
    expect(await count()).toBe(before);
    const ok = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }], {
        label: {
          trackingNumber: "1Z999",
          trackingUrl: "https://carrier.example.com/t/1Z999",
          postageLabelUrl: "http://labels.example.com/1.pdf",
        },
      }),
      { token: secret },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("makes composed and decomposed é one tag, and refuses zero-width and right-to-left look-alikes", async () => {
    const put = (name: string) =>
      svc.http.put(`/v2.2/stores/${storeId}/return-tags/${encodeURIComponent(name)}`, { pillTheme: "SUCCESS" }, { token: secret });
    expect((await put("Caf\u00e9")).status).toBe(200);
    const again = await put("Cafe\u0301");
    expect(again.status).toBe(200);
    expect(again.body.tag.name).toBe("Caf\u00e9");
    const list = await svc.http.get(`/v2.2/stores/${storeId}/return-tags`, { token: secret });
    expect(list.body.tags.filter((t: { name: string }) => t.name.normalize("NFC") === "Caf\u00e9")).toHaveLength(1);
    for (const bad of ["Caf\u00e9\u200B", "\u202Eéfac", "VIP\u2066"]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.field).toBe("name");
      expect(res.body.detail).toMatch(/U\+/);
    }
    // Tagging a return by the decomposed spelling finds the one tag.
    const order = await pushOrder(svc.http, storeId, secret);
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    const tagged = await svc.http.graphql(
      `mutation($id: ID!, $names: [String!]!) { tagReturn(id: $id, names: $names) { tags { name } } }`,
      { id: created.body.return.id, names: ["Cafe\u0301"] },
      secret,
    );
    expect(tagged.errors).toBeUndefined();
    expect((tagged.data as any).tagReturn.tags).toEqual([{ name: "Caf\u00e9" }]);
    const tags = await svc.services.db.prisma.returnTag.findMany({ where: { storeId } });
    expect(tags.map((t: { name: string }) => t.name).filter((n: string) => n.normalize("NFC") === "Caf\u00e9")).toEqual(["Caf\u00e9"]);
  });

  it("refuses a location name with an invisible character (GraphQL, staff)", async () => {
    const res = await svc.http.graphql(
      `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id name } }`,
      { s: storeId, n: "Warehouse\u200B" },
      staffToken,
    );
    expect(res.errors?.[0].extensions).toMatchObject({ status: 400, field: "name" });
    const ok = await svc.http.graphql(
      `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id name } }`,
      { s: storeId, n: "Entrepo\u0302t" },
      staffToken,
    );
    expect(ok.errors).toBeUndefined();
    expect((ok.data as any).createLocation.name).toBe("Entrep\u00f4t");
  });
});
