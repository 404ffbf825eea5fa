// The shopper portal's door over HTTP: a store's page with its strict CSP and its words in the chosen language
// (`?lang=`, else Accept-Language, among the portal's languages), the status page's route, an unknown handle
// answered with a 404 page in people's words, assets cached as immutable; and the page's weight budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { PORTAL_DIST } from "../../../facades/portal/index.js";
import { PORTAL_BUDGET_GZIP, portalWeight } from "../../../facades/portal/weight.js";
import { expectNoErrors } from "../../support/gql.js";
import { PORTAL_ADDRESS } from "../../support/drafts.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const built = existsSync(`${PORTAL_DIST}/index.html`);

describe.skipIf(!built)("the portal's page weight", () => {
  it(`keeps scripts + styles under ${PORTAL_BUDGET_GZIP} bytes gzip`, () => {
    const w = portalWeight();
    expect(w.js.gzip).toBeGreaterThan(1000);
    expect(w.css.gzip).toBeGreaterThan(100);
    expect(w.js.gzip + w.css.gzip, `JS ${w.js.gzip} + CSS ${w.css.gzip} bytes gzip`).toBeLessThanOrEqual(PORTAL_BUDGET_GZIP);
  });
});

describe.skipIf(!built).each(providers)("the portal door (%s)", (provider) => {
  let svc: TestService;
  const handle = `pages-${provider}`;
  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${svc.url}${path}`, { headers });

  beforeAll(async () => {
    svc = await startTestService(provider);
    const storeId = (await svc.createStore("Pages store")).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { handle } }`,
        {
          s: storeId,
          i: {
            handle,
            displayName: "Pages & Co",
            languages: ["en", "fr"],
            logoUrl: "https://cdn.example.test/logo.png",
            returnAddress: PORTAL_ADDRESS,
          },
        },
        secret,
      ),
    );
  });
  afterAll(() => svc?.close());

  it("serves the store's page with a strict CSP, its name in the title and its public face as data", async () => {
    const res = await page(`/portal/${handle}`, { "accept-language": "en-US,en;q=0.9" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    // The logo's origin, and no other, may serve images besides this one.
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.test;");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Pages &#38; Co · Returns</title>");
    expect(html).toContain("Loading the returns page…");
    const data = /<script id="portal-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? "null")).toMatchObject({
      lang: "en",
      portal: { handle, displayName: "Pages & Co", languages: ["en", "fr"] },
    });
    // No inline script runs: the only executable script is the built module from this origin.
    expect([...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)].every((m) => /src="\/portal\/assets\//.test(m[0]))).toBe(
      true,
    );
  });

  it("speaks French with ?lang=fr, and with a French browser", async () => {
    for (const res of [
      await page(`/portal/${handle}?lang=fr`),
      await page(`/portal/${handle}`, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" }),
    ]) {
      const html = await res.text();
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain("<title>Pages &#38; Co · Retours</title>");
      expect(html).toContain("Chargement de la page des retours…");
    }
    // A language the portal does not speak falls back to its first.
    const de = await (await page(`/portal/${handle}?lang=de`, { "accept-language": "de" })).text();
    expect(de).toContain('<html lang="en">');
  });

  it("serves the status page's route with the same page", async () => {
    const res = await page(`/portal/${handle}/returns/ret_x.abc`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="portal-data"');
  });

  it("answers an unknown handle with a 404 page in people's words, in the browser's language", async () => {
    for (const path of ["/portal/no-such-shop", "/portal/no-such-shop/returns/x.y", "/portal/", "/portal/BAD%20handle"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await res.text();
      expect(html).toMatch(/We can(&#39;|')t find this returns page/);
      expect(html).not.toMatch(/handle|graphql|null|undefined|route/i);
    }
    const fr = await (await page("/portal/no-such-shop", { "accept-language": "fr" })).text();
    expect(fr).toContain("Nous ne trouvons pas cette page de retours");
  });

  it("caches its assets as immutable for a year, and refuses unknown ones", async () => {
    const html = await (await page(`/portal/${handle}`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/portal\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const a of assets) {
      const res = await page(a);
      expect(res.status, a).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect((await page("/portal/assets/nothing-here.js")).status).toBe(404);
  });
});
