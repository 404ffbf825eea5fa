// Shared setup of the dashboard's end-to-end tests: headless Chromium (Debian's `chromium`, driven by
// playwright-core) against the real service on SQLite, with a demo-seeded store and a staff user.
// Screenshots go to test/output/e2e/.
import { existsSync, mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { providers } from "./env.js";
import { startTestService, type TestService } from "./server.js";
import { DASHBOARD_DIST } from "../../facades/dashboard/index.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const E2E_OUT = "test/output/e2e";
/**
 * A page's own wait (locators, navigation): a step that takes longer on a loaded machine is still a pass, a
 * step that never happens still fails. CI runs these suites at load 6 to 13 on two cores.
 */
export const E2E_STEP_TIMEOUT = 10_000;
/**
 * The budget of the two heaviest pages, Swagger UI (/docs: a 1.4 MB bundle compiled and the whole REST
 * document resolved) and GraphiQL (/graphql). Measured on /docs: about 1.5 s on a quiet box, 10.8 s with
 * Chromium's CPU throttled 6x (Emulation.setCPUThrottlingRate), which is what a full `npm test` at load 6.6
 * on two cores gives it; at load 13 a locator on the page (even the head's favicon link) waited over 10 s
 * while its main thread compiled. Every step on these pages takes this budget, not the page's default.
 */
export const HEAVY_PAGE = { timeout: 45_000 };

/**
 * The time of day of `at` in `zone` as a page writes it beside a date (src/core/zoned-time.ts's options), as a
 * regular expression's source: `0?0:44` in French, `12:44\sAM` in US English, never a longer hour's end. The hour's leading zero is
 * optional: Chromium's ICU writes "00:44" in French where Node's writes "0:44" (a check built with Node's
 * formatting failed from midnight to ten in Paris), and the space before AM/PM is any space.
 */
export function timeBesideDate(at: Date, zone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).formatToParts(at);
  const from = parts.findIndex((p) => p.type === "hour");
  let to = from;
  parts.forEach((p, i) => {
    if (i > from && (p.type === "minute" || p.type === "dayPeriod")) to = i;
  });
  return parts
    .slice(from, to + 1)
    .map((p) =>
      p.type === "hour" ? `(?<!\\d)0?${String(Number(p.value))}` : p.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s"),
    )
    .join("");
}

/** Why the e2e suites cannot run here, or null. */
export const e2eMissing: string | null = !existsSync(CHROMIUM)
  ? `${CHROMIUM} is absent (install Debian's chromium: apt-get install -y chromium)`
  : !existsSync(`${DASHBOARD_DIST}/index.html`)
    ? "the dashboard is not built (npm run build)"
    : !providers.includes("sqlite")
      ? "the e2e suite runs on SQLite only and this run excludes it"
      : null;
if (e2eMissing) console.warn(`\n*** e2e dashboard tests SKIPPED: ${e2eMissing}. ***\n`);

export interface E2EBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Requests to any other host than the service's (there must be none). */
  external: string[];
  pageErrors: string[];
}

/** A browser page on the service, with the clipboard allowed and every request checked for its host. */
export async function openBrowser(svc: TestService): Promise<E2EBrowser> {
  mkdirSync(E2E_OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: svc.url });
  const page = await context.newPage();
  page.setDefaultTimeout(E2E_STEP_TIMEOUT);
  const external: string[] = [];
  const pageErrors: string[] = [];
  // Everything must come from this service: no CDN, no third-party call.
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["http:", "https:"].includes(u.protocol)) return;
    if (u.host !== new URL(svc.url).host) external.push(r.url());
  });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  return { browser, context, page, external, pageErrors };
}

/** Logs in through the login page; Returns is the landing page. */
export async function logIn(page: Page, svc: TestService, email: string, password: string) {
  await page.goto(`${svc.url}/dashboard/`);
  await page.waitForURL(/\/dashboard\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/dashboard\/returns$/);
}

export interface DemoDashboard extends E2EBrowser {
  svc: TestService;
  storeId: string;
  /** A full-page screenshot into test/output/e2e/<name>.png. */
  shot(name: string): Promise<Buffer>;
  /** The dashboard's main navigation. */
  nav(): Locator;
  close(): Promise<void>;
}

/**
 * The usual start of a dashboard suite: the service on SQLite (with `env`), a store seeded with the demo
 * data, its staff user, a browser, logged in on the Returns page.
 */
export async function openDemoDashboard(opts: {
  store: string;
  staff: { email: string; password: string; name: string };
  env?: Record<string, string>;
}): Promise<DemoDashboard> {
  const svc = await startTestService("sqlite", opts.env ?? {});
  const storeId = (await svc.createStore(opts.store)).id;
  await createStaffUser(svc.services, storeId, opts.staff.email, opts.staff.password, opts.staff.name);
  await seedStore(svc.services, storeId);
  const b = await openBrowser(svc);
  await logIn(b.page, svc, opts.staff.email, opts.staff.password);
  return {
    ...b,
    svc,
    storeId,
    shot: (name) => b.page.screenshot({ path: `${E2E_OUT}/${name}.png`, fullPage: true }),
    nav: () => b.page.getByRole("navigation", { name: "Main" }),
    close: async () => {
      await b.browser.close();
      await svc.close();
    },
  };
}
