// Issue 35, decisions as data: a shopper whose portal speaks French reads every policy line of the draft and
// the confirmation email in French. Through the real doors: the session opened by the portal's handle with
// the portal's language, the draft's lines read as the portal reads them (a code with its params, worded by
// the portal's own module from the shared catalogue), the draft submitted, the confirmation read from the
// outbox as it is rendered for sending. No English sentence of the catalogue may appear.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "../../../src/core/words/index.js";
import { decisionWords, type DecisionIn } from "../../../facades/portal/app/src/decisions.js";
import { draftOrder, draftStore, PORTAL_ADDRESS, type DraftStore } from "../../support/drafts.js";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { startTestService, type TestService } from "../../support/server.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token } }`;
const LINES = `lines { lineItemId returnableQuantity refusalCode decision { code rule name params { name value } } }`;
const GET = `query { draftReturn { ${LINES} } }`;
const ADD = `mutation($i: DraftItemInput!) { addDraftReturnItem(input: $i) { items { id } } }`;
const STEPS = [
  `mutation { finalizeDraftReturnItems { state } }`,
  `mutation { setDraftReturnCreditType(creditType: refund) { state } }`,
  `mutation { setDraftReturnMethod(method: ship_yourself) { state } }`,
  `mutation { submitDraftReturn { state returnId } }`,
];
type Line = { refusalCode: string | null; decision: DecisionIn | null };
const OUTBOX = `query($s: ID!) { emailOutbox(storeId: $s) { kind recipient subject text } }`;

/** The fixed words of every English sentence of a group ("decision.", "email."): what must not show in French. */
function englishStems(prefix: string): string[] {
  return Object.entries(CATALOGUES.en)
    .filter(([k]) => k.startsWith(prefix))
    .flatMap(([, v]) => v.split(/\{\w+\}/))
    .map((s) => s.trim())
    .filter((s) => s.split(" ").length >= 3);
}

describe.each(providers)("a French shopper (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  let handle: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc, "Boutique");
    handle = `boutique-${provider}`;
    const settings = `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { languages } }`;
    const input = {
      handle,
      displayName: "Boutique",
      returnAddress: PORTAL_ADDRESS,
      languages: ["en", "fr"],
      lookupMethod: "either",
      returnMethods: ["ship_yourself"],
    };
    const set = await call<{ updatePortalSettings: { languages: string[] } }>(settings, { s: s.storeId, i: input }, s.secret);
    expect(set.updatePortalSettings).toEqual({ languages: ["en", "fr"] });
    // The store in Paris, copied into the version published after.
    const zone = `mutation($s: ID!) { setStoreTimeZone(storeId: $s, timeZone: "Europe/Paris") { timeZone } }`;
    expectNoErrors(await svc.http.graphql(zone, { s: s.storeId }, s.secret));
    expect((await svc.http.post(`/v2.2/stores/${s.storeId}/return-policy/publish`, {}, { token: s.secret })).status).toBe(201);
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** A GraphQL call through the door, its data as the query selects it. */
  const call = async <T>(q: string, v: Record<string, unknown>, token?: string): Promise<T> =>
    expectNoErrors((await svc.http.graphql(q, v, token)) as { data: T });
  const ok = (q: string, v: Record<string, unknown>, token: string) => call<unknown>(q, v, token);

  const shopper = async (orderName: string, email = "jane@example.test") => {
    const i = { orderName, secondaryInput: email, language: "fr" };
    return (await call<{ openShopperSession: { token: string } }>(OPEN, { st: handle, i })).openShopperSession.token;
  };

  /** Each line's decision as the French portal words it, beside the same decision in English. */
  const read = async (token: string) =>
    (await call<{ draftReturn: { lines: Line[] } }>(GET, {}, token)).draftReturn.lines.map((l) => ({
      code: l.decision?.code ?? null,
      params: l.decision?.params ?? [],
      refusal: l.refusalCode,
      fr: l.decision ? decisionWords(l.decision, "fr") : null,
      en: l.decision ? decisionWords(l.decision, "en") : null,
    }));

  const expectFrench = (text: string, stems: string[]) => {
    expect(text).not.toMatch(/\{\w+\}/);
    for (const stem of stems) expect(text, `English "${stem}" in: ${text}`).not.toContain(stem);
  };

  it("reads every policy line in French: the window with its date, final sale, not shipped, already returned", async () => {
    const stems = englishStems("decision.");
    const order = await draftOrder(svc, s);
    const token = await shopper(order.name);
    const lines = await read(token);
    expect(lines.map((l) => [l.code, l.refusal])).toEqual([
      ["WINDOW_OPEN", null],
      ["WINDOW_OPEN", null],
      ["FINAL_SALE", "FINAL_SALE"],
    ]);
    // The window's last day (the day before it ends at midnight) in the store's time zone, as French writes it.
    const params = Object.fromEntries(lines[0]!.params.map((p) => [p.name, p.value]));
    expect(params).toMatchObject({ zone: "Europe/Paris", days: "3650", from: "order" });
    const endsAt = new Date(params.endsAt!).getTime();
    const paris = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "Europe/Paris" });
    expect(paris.format(endsAt)).toBe("00:00"); // midnight after the last day, in the store's zone
    const lastDay = new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "Europe/Paris" }).format(endsAt - 1);
    expect(lines[0]!.fr).toBe(`Retournable jusqu'à la fin du ${lastDay}.`);
    expect(lines[0]!.en).toMatch(/^Returnable until the end of \w+ \d+, \d{4}\.$/);
    expect(lines[2]!.fr).toBe(CATALOGUES.fr["decision.FINAL_SALE"]);

    const unfulfilled = await read(await shopper((await draftOrder(svc, s, { fulfilled: false })).name));
    expect(unfulfilled.map((l) => [l.code, l.fr])).toEqual(Array(3).fill(["NOT_FULFILLED", CATALOGUES.fr["decision.NOT_FULFILLED"]]));

    // Line 2 returned through this draft: a new draft of the order finds it already returned.
    await ok(ADD, { i: { lineItemId: order.lineItems[1]!.id, quantity: 1, reasonCode: "changed_mind" } }, token);
    for (const step of STEPS) await ok(step, {}, token);
    const after = await read(await shopper(order.name));
    expect(after[1]).toMatchObject({
      code: "ALREADY_RETURNED",
      refusal: "ALREADY_RETURNED",
      fr: CATALOGUES.fr["decision.ALREADY_RETURNED"],
    });

    for (const l of [...lines, ...unfulfilled, ...after]) {
      expect(l.fr).toBeTruthy();
      expect(l.fr).not.toBe(l.en);
      expectFrench(l.fr!, stems);
    }
  });

  it("reads the confirmation email in French", async () => {
    const email = `marie-${provider}@example.test`;
    const order = await draftOrder(svc, s, { email });
    const token = await shopper(order.name, email);
    await ok(ADD, { i: { lineItemId: order.lineItems[0]!.id, quantity: 1, reasonCode: "changed_mind" } }, token);
    for (const step of STEPS) await ok(step, {}, token);
    type Mail = { kind: string; recipient: string; subject: string | null; text: string | null };
    // The mail is written with the return and worded when the sender takes it (subject and text are null
    // until then): wait for that, not for a time.
    const written = async () =>
      (await call<{ emailOutbox: Mail[] }>(OUTBOX, { s: s.storeId }, s.secret)).emailOutbox.find(
        (m) => m.kind === "confirmation" && m.recipient === email && m.subject !== null,
      );
    await expect.poll(written, { timeout: 15_000, interval: 50 }).toBeDefined();
    const mail = (await written())!;
    expect(mail.subject).toMatch(new RegExp(`^Retour R\\d+ pour la commande ${order.name} : confirmé$`));
    expect(mail.text).toContain("Bonjour Jane,");
    expect(mail.text).toMatch(
      new RegExp(`Nous avons bien reçu votre retour R\\d+ pour la commande ${order.name}, fait le \\d+ \\S+ \\d{4} :`),
    );
    expect(mail.text).toContain(": remboursement");
    expect(mail.text).toContain(CATALOGUES.fr["email.shipYourself"]);
    expect(mail.text).toContain(`${CATALOGUES.fr["email.statusLink"]}: `);
    expect(mail.text).toMatch(/\/returns\/\S+\?lang=fr/);
    expectFrench(`${mail.subject}\n${mail.text}`, englishStems("email."));
  });
});
