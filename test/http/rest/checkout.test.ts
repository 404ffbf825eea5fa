import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { CONCLUDE_AB_TEST, CREATE_AB_TEST, CREATE_EXPERIENCE, DELETE_AB_TEST, SET_TREE, expectNoErrors } from "../../support/gql.js";

describe.each(providers)("checkout over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Checkout store")).id;
    secret = (await svc.createApiClient(storeId, ["checkout_read", "checkout_write"])).secret;
    staff = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  async function experience(name: string, methods = 2): Promise<string> {
    const data = expectNoErrors(
      await svc.http.graphql(
        CREATE_EXPERIENCE,
        {
          s: storeId,
          i: { name, shippingMethods: Array.from({ length: methods }, (_, i) => ({ name: `m${i}`, price: "4.95", currency: "USD" })) },
        },
        secret,
      ),
    );
    return data.createCheckoutExperience.id;
  }

  async function setTree(experienceIds: string[]) {
    return svc.http.graphql(
      SET_TREE,
      { s: storeId, rules: experienceIds.map((id, i) => ({ name: `rule ${i}`, experienceId: id })) },
      staff,
    );
  }

  it("deletes an experience that is not live, with its shipping methods", async () => {
    const id = await experience("Not live");
    const got = await svc.http.get(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(got.status).toBe(200);
    expect(got.body.checkoutExperience).toMatchObject({ id, live: false });
    expect(got.body.checkoutExperience.shippingMethods).toHaveLength(2);

    const res = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checkoutExperienceId: id });

    const again = await svc.http.get(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(again.status).toBe(404);
    const methods = await svc.services.db.prisma.shippingMethod.count({ where: { experienceId: id } });
    expect(methods).toBe(0);
  });

  it("answers 404 checkout/not-found for an unknown experience", async () => {
    const res = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/chx_nope`, { token: secret });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: "com.retour.api:checkout/not-found",
      status: 404,
      instance: `/v2.2/stores/${storeId}/checkout-experiences/chx_nope`,
    });
  });

  it("answers 404 for another store's experience", async () => {
    const other = await svc.createStore("Other");
    const otherStaff = await svc.createStaff(other.id);
    const data = expectNoErrors(await svc.http.graphql(CREATE_EXPERIENCE, { s: other.id, i: { name: "Theirs" } }, otherStaff.token));
    const res = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${data.createCheckoutExperience.id}`, {
      token: secret,
    });
    expect(res.status).toBe(404);
  });

  it("refuses to delete a live experience with 409 checkout/live-experience", async () => {
    const id = await experience("Live one");
    expectNoErrors(await setTree([id]));
    const res = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe("com.retour.api:checkout/live-experience");
    expect(res.body.title).toBe("Checkout experience is live");
    expect(res.body.detail).toContain("Live one");
    expect(res.body.detail).toMatch(/active in the store's checkout tree/);
    // Still there, shipping methods too.
    const got = await svc.http.get(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(got.body.checkoutExperience).toMatchObject({ live: true });
    expect(got.body.checkoutExperience.shippingMethods).toHaveLength(2);

    // Repoint routing (dashboard), then the delete succeeds.
    const replacement = await experience("Replacement");
    expectNoErrors(await setTree([replacement]));
    const del = await svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${id}`, { token: secret });
    expect(del.status).toBe(200);
  });

  it("never leaves the tree pointing at a deleted experience when a delete races a tree edit", async () => {
    for (let round = 0; round < 8; round++) {
      const keep = await experience(`keep ${round}`, 1);
      const target = await experience(`target ${round}`, 3);
      expectNoErrors(await setTree([keep]));
      const [del, tree] = await Promise.all([
        svc.http.delete(`/v2.2/stores/${storeId}/checkout-experiences/${target}`, { token: secret }),
        setTree([target, keep]),
      ]);
      const treeOk = !tree.errors;
      // Exactly one outcome wins: either the delete (and the edit is refused), or the edit (and the delete is a 409).
      if (del.status === 200) {
        expect(treeOk).toBe(false);
        expect(tree.errors![0].extensions.code).toMatch(/CONFLICT|BAD_USER_INPUT/);
      } else {
        expect(del.status).toBe(409);
        expect(treeOk).toBe(true);
      }
      const current = expectNoErrors(
        await svc.http.graphql(`query($s: ID!) { checkoutTree(storeId: $s) { experience { id } } }`, { s: storeId }, secret),
      );
      for (const rule of current.checkoutTree) expect(rule.experience).not.toBeNull();
    }
  });

  it("refuses to change the checkout tree with an API secret (dashboard only)", async () => {
    const id = await experience("x");
    const res = await svc.http.graphql(SET_TREE, { s: storeId, rules: [{ name: "r", experienceId: id }] }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });

  describe("A/B tests", () => {
    let ids: Record<string, string>;
    let abStore: string;
    let abSecret: string;

    beforeAll(async () => {
      abStore = (await svc.createStore("AB store")).id;
      abSecret = (await svc.createApiClient(abStore, ["checkout_read"])).secret;
      const abStaff = (await svc.createStaff(abStore)).token;
      const create = async (name: string) =>
        expectNoErrors(
          await svc.http.graphql(
            CREATE_AB_TEST,
            {
              s: abStore,
              i: {
                name,
                treatments: [
                  { name: "control", weight: 50, isControl: true },
                  { name: "b", weight: 30 },
                  { name: "c", weight: 20 },
                ],
              },
            },
            abStaff,
          ),
        ).createCheckoutAbTest.id as string;
      ids = {};
      for (const n of ["running", "toControl", "toWinner", "deleted"]) ids[n] = await create(n);
      const c1 = expectNoErrors(await svc.http.graphql(CONCLUDE_AB_TEST, { s: abStore, id: ids.toControl, w: null }, abStaff));
      expect(c1.concludeCheckoutAbTest.treatments.every((t: any) => !t.isWinner)).toBe(true);
      const c2 = expectNoErrors(await svc.http.graphql(CONCLUDE_AB_TEST, { s: abStore, id: ids.toWinner, w: "c" }, abStaff));
      expect(c2.concludeCheckoutAbTest.treatments.filter((t: any) => t.isWinner).map((t: any) => t.name)).toEqual(["c"]);
      // Concluding twice is refused; naming an unknown treatment is refused.
      const again = await svc.http.graphql(CONCLUDE_AB_TEST, { s: abStore, id: ids.toWinner, w: "b" }, abStaff);
      expect(again.errors?.[0].extensions.status).toBe(409);
      const unknown = await svc.http.graphql(CONCLUDE_AB_TEST, { s: abStore, id: ids.running, w: "zzz" }, abStaff);
      expect(unknown.errors?.[0].extensions.status).toBe(400);
      expectNoErrors(await svc.http.graphql(DELETE_AB_TEST, { s: abStore, id: ids.deleted }, abStaff));
    });

    it("lists undeleted tests newest first with totalCount", async () => {
      const res = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests`, { token: abSecret });
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(3);
      expect(res.body.abTests.map((t: any) => t.id)).toEqual([ids.toWinner, ids.toControl, ids.running]);
      const explicitFalse = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests?includeDeleted=false`, { token: abSecret });
      expect(explicitFalse.body.totalCount).toBe(3);
    });

    it("includes deleted tests with includeDeleted=true", async () => {
      const res = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests?includeDeleted=true`, { token: abSecret });
      expect(res.body.totalCount).toBe(4);
      expect(res.body.abTests[0].id).toBe(ids.deleted);
      // The spellings HTTP clients send: any letter case, and 1/0.
      for (const [sent, count] of [
        ["TRUE", 4],
        ["1", 4],
        ["False", 3],
        ["0", 3],
      ] as const) {
        const spelled = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests?includeDeleted=${sent}`, { token: abSecret });
        expect(spelled.body.totalCount, sent).toBe(count);
      }
    });

    it("refuses a non-boolean includeDeleted with 400", async () => {
      const res = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests?includeDeleted=yes`, { token: abSecret });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("includeDeleted");
    });

    it("keeps the winner rule and endDate only on concluded tests", async () => {
      const res = await svc.http.get(`/v2.2/stores/${abStore}/checkout-ab-tests`, { token: abSecret });
      const byId = Object.fromEntries(res.body.abTests.map((t: any) => [t.id, t]));
      expect(byId[ids.running]).not.toHaveProperty("endDate");
      expect(byId[ids.running]).toMatchObject({ active: true, isConcluded: false, concludedToControl: false });
      expect(byId[ids.toControl]).toMatchObject({ active: false, isConcluded: true, concludedToControl: true });
      expect(byId[ids.toControl].endDate).toEqual(expect.any(String));
      expect(byId[ids.toControl].treatments.some((t: any) => t.isWinner)).toBe(false);
      expect(byId[ids.toWinner]).toMatchObject({ isConcluded: true, concludedToControl: false });
      expect(byId[ids.toWinner].treatments.filter((t: any) => t.isWinner)).toEqual([
        { name: "c", weight: 20, isControl: false, isWinner: true },
      ]);
    });
  });
});
