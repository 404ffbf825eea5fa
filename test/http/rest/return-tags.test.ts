// Return tags through the real doors: the catalogue over REST v2.2 (list, upsert with rename, delete),
// tagging a return over GraphQL, tags on every read of a return and in its webhook payload, the
// returns list filtered by tag, the cascades of a rename and a delete (each return's event emitted),
// refusals naming the field, and another store's tags out of reach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { renderReturnPayload } from "../../../src/returns/payload.js";

const TAG = `mutation($id: ID!, $names: [String!]!) { tagReturn(id: $id, names: $names) { id tags { name source } } }`;
const UNTAG = `mutation($id: ID!, $names: [String!]!) { untagReturn(id: $id, names: $names) { id tags { name source } } }`;

describe.each(providers)("return tags (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  const tagsPath = (name?: string) => `/v2.2/stores/${storeId}/return-tags${name == null ? "" : `/${encodeURIComponent(name)}`}`;
  const put = (name: string, body: unknown, token = secret) => svc.http.put(tagsPath(name), body, { token });
  const del = (name: string, token = secret) => svc.http.delete(tagsPath(name), { token });
  const list = (token = secret) => svc.http.get(tagsPath(), { token });

  async function newReturn(): Promise<string> {
    const order = await pushOrder(svc.http, storeId, secret);
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expect(res.status).toBe(201);
    return res.body.return.id;
  }
  const tag = async (id: string, names: string[], query = TAG) => {
    const res = await svc.http.graphql(query, { id, names }, secret);
    expect(res.errors).toBeUndefined();
    return res.data;
  };
  const readTags = async (id: string) => {
    const res = await svc.http.get(`/v2.2/returns/${id}`, { token: secret });
    expect(res.status).toBe(200);
    return res.body.return.tags;
  };
  const events = (id: string) =>
    svc.services.db.prisma.domainEvent.findMany({ where: { topic: "return", subjectId: id }, orderBy: { sequence: "asc" } });

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Tags store")).id;
    secret = (await svc.createApiClient(storeId, ["returns_read", "returns_write", "orders_read", "orders_write"])).secret;
  });
  afterAll(() => svc?.close());

  it("creates (200), recolours (200) and lists tags with every field the reference requires", async () => {
    const created = await put("VIP customer", { pillTheme: "SUCCESS" });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      tag: { name: "VIP customer", kind: "return", pillTheme: "SUCCESS", source: "merchant", numericId: null },
    });
    const recoloured = await put("VIP customer", { pillTheme: "SOLID_NAVY", newName: "VIP customer" });
    expect(recoloured.status).toBe(200);
    expect(recoloured.body.tag.pillTheme).toBe("SOLID_NAVY");
    expect((await put("vip customer", { pillTheme: "DANGER" })).status).toBe(200); // case-sensitive: another tag
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.tags.map((t: any) => [t.name, t.pillTheme])).toEqual([
      ["VIP customer", "SOLID_NAVY"],
      ["vip customer", "DANGER"],
    ]);
    expect(Object.keys(all.body.tags[0]).sort()).toEqual(["kind", "name", "numericId", "pillTheme", "source"]);
  });

  it("tags and untags a return: every read and the webhook payload carry its tags, each change emits `updated`", async () => {
    await put("Damaged", { pillTheme: "DANGER" });
    const id = await newReturn();
    expect(await readTags(id)).toEqual([]);
    const before = (await events(id)).length;
    const tagged = await tag(id, ["Damaged", "VIP customer"]);
    expect(tagged.tagReturn.tags).toEqual([
      { name: "Damaged", source: "merchant" },
      { name: "VIP customer", source: "merchant" },
    ]);
    expect(await readTags(id)).toEqual(tagged.tagReturn.tags);
    const listed = await svc.http.get(`/v2.2/stores/${storeId}/returns?tag=Damaged`, { token: secret });
    expect(listed.body.returns.find((r: any) => r.id === id).tags).toEqual(tagged.tagReturn.tags);
    const payload = (await renderReturnPayload(svc.services, storeId, id)) as { return: { tags: unknown } };
    expect(payload.return.tags).toEqual(tagged.tagReturn.tags);
    expect((await events(id)).slice(before).map((e) => e.type)).toEqual(["updated"]);

    await tag(id, ["Damaged"]); // already carried: no change, no event
    expect((await events(id)).length).toBe(before + 1);
    const untagged = await tag(id, ["Damaged"], UNTAG);
    expect(untagged.untagReturn.tags).toEqual([{ name: "VIP customer", source: "merchant" }]);
    expect((await events(id)).length).toBe(before + 2);
  });

  it("filters the returns list by tag (REST and GraphQL)", async () => {
    await put("Filter me", { pillTheme: "BRAND" });
    const [a, b] = [await newReturn(), await newReturn()];
    await tag(a, ["Filter me"]);
    const rest = await svc.http.get(`/v2.2/stores/${storeId}/returns?tag=${encodeURIComponent("Filter me")}`, { token: secret });
    expect(rest.status).toBe(200);
    expect(rest.body.returns.map((r: any) => r.id)).toEqual([a]);
    const gql = await svc.http.graphql(
      `query($s: ID!) { returns(storeId: $s, filter: { tag: "Filter me" }) { nodes { id } } }`,
      { s: storeId },
      secret,
    );
    expect(gql.data.returns.nodes.map((r: any) => r.id)).toEqual([a]);
    const none = await svc.http.get(`/v2.2/stores/${storeId}/returns?tag=nope`, { token: secret });
    expect(none.body.returns).toEqual([]);
    expect(b).not.toBe(a);
  });

  it("renames: the new name reaches every return carrying the tag, each one's event emitted in the same change", async () => {
    await put("Old name", { pillTheme: "NORMAL" });
    const [a, b, untouched] = [await newReturn(), await newReturn(), await newReturn()];
    await tag(a, ["Old name"]);
    await tag(b, ["Old name"]);
    const counts = await Promise.all([a, b, untouched].map(async (id) => (await events(id)).length));
    const renamed = await put("Old name", { pillTheme: "PURPLE_ALTERNATE", newName: "New name" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.tag).toMatchObject({ name: "New name", pillTheme: "PURPLE_ALTERNATE" });
    expect(await readTags(a)).toEqual([{ name: "New name", source: "merchant" }]);
    expect(await readTags(b)).toEqual([{ name: "New name", source: "merchant" }]);
    const after = await Promise.all([a, b, untouched].map(async (id) => (await events(id)).length));
    expect(after).toEqual([counts[0] + 1, counts[1] + 1, counts[2]]);
    const names = (await list()).body.tags.map((t: any) => t.name);
    expect(names).toContain("New name");
    expect(names).not.toContain("Old name");
  });

  it("refuses a rename of a missing tag or onto a taken name (400 rename-precondition-failed), changing nothing", async () => {
    await put("Taken", { pillTheme: "NORMAL" });
    await put("Mine", { pillTheme: "NORMAL" });
    const missing = await put("Ghost", { pillTheme: "NORMAL", newName: "Anything" });
    expect(missing.status).toBe(400);
    expect(missing.body.type).toBe("com.retour.api:return-tag/rename-precondition-failed");
    expect(missing.body.field).toBe("name");
    const taken = await put("Mine", { pillTheme: "DANGER", newName: "Taken" });
    expect(taken.status).toBe(400);
    expect(taken.body.type).toBe("com.retour.api:return-tag/rename-precondition-failed");
    expect(taken.body.field).toBe("newName");
    const tags = (await list()).body.tags;
    expect(tags.find((t: any) => t.name === "Mine").pillTheme).toBe("NORMAL");
    expect(tags.some((t: any) => t.name === "Ghost" || t.name === "Anything")).toBe(false);
  });

  it("deletes: the tag leaves every return (events emitted); deleting it again is a 400 naming `name`", async () => {
    await put("Doomed", { pillTheme: "SOLID_RED" });
    const id = await newReturn();
    await tag(id, ["Doomed", "Damaged"]);
    const count = (await events(id)).length;
    const res = await del("Doomed");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await readTags(id)).toEqual([{ name: "Damaged", source: "merchant" }]);
    expect((await events(id)).length).toBe(count + 1);
    expect((await list()).body.tags.some((t: any) => t.name === "Doomed")).toBe(false);
    const again = await del("Doomed");
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "com.retour.api:return-tag/not-found", field: "name" });
  });

  it("answers 400 naming the field for a bad theme, name or new name, and for tagging with an unknown tag", async () => {
    const cases: [string, unknown, string][] = [
      ["Fine", {}, "pillTheme"],
      ["Fine", { pillTheme: "RAINBOW" }, "pillTheme"],
      ["Fine", { pillTheme: "NORMAL", newName: "" }, "newName"],
      ["Fine", { pillTheme: "NORMAL", newName: "x".repeat(256) }, "newName"],
      [" ", { pillTheme: "NORMAL" }, "name"],
      ["bad\tname", { pillTheme: "NORMAL" }, "name"],
    ];
    for (const [name, body, field] of cases) {
      const res = await put(name, body);
      expect(res.status, JSON.stringify([name, body])).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body.field, JSON.stringify([name, body])).toBe(field);
    }
    expect((await list()).body.tags.some((t: any) => t.name === "Fine" || t.name === " ")).toBe(false);
    const id = await newReturn();
    const unknown = await svc.http.graphql(TAG, { id, names: ["Damaged", "Nope"] }, secret);
    expect(unknown.errors?.[0].extensions.field).toBe("names[1]");
    expect(await readTags(id)).toEqual([]); // nothing half-applied
  });

  it("keeps another store's tags out of reach (404) and its returns untaggable", async () => {
    const other = (await svc.createStore("Other tags store")).id;
    const otherSecret = (await svc.createApiClient(other, ["returns_read", "returns_write"])).secret;
    expect((await svc.http.get(`/v2.2/stores/${storeId}/return-tags`, { token: otherSecret })).status).toBe(404);
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-tags/X`, { pillTheme: "NORMAL" }, { token: otherSecret })).status).toBe(404);
    expect((await svc.http.delete(`/v2.2/stores/${storeId}/return-tags/Damaged`, { token: otherSecret })).status).toBe(404);
    expect((await svc.http.get(`/v2.2/stores/${other}/return-tags`, { token: otherSecret })).body).toEqual({ tags: [] });
    const id = await newReturn();
    const res = await svc.http.graphql(TAG, { id, names: ["Damaged"] }, otherSecret);
    expect(res.errors?.[0]?.extensions?.status).toBe(404);
    expect(await readTags(id)).toEqual([]);
  });

  it("serialises two concurrent renames of one tag: one wins, the other is refused, the returns carry the winner", async () => {
    await put("Race", { pillTheme: "NORMAL" });
    const id = await newReturn();
    await tag(id, ["Race"]);
    const [x, y] = await Promise.all([
      put("Race", { pillTheme: "NORMAL", newName: "Race X" }),
      put("Race", { pillTheme: "NORMAL", newName: "Race Y" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
    const winner = (x.status === 200 ? x : y).body.tag.name;
    expect(await readTags(id)).toEqual([{ name: winner, source: "merchant" }]);
    const names = (await list()).body.tags.map((t: any) => t.name);
    expect(names.filter((n: string) => n.startsWith("Race"))).toEqual([winner]);
  });
});
