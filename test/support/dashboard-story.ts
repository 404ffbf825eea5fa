// The merchant dashboard's e2e story (test/e2e/dashboard.test.ts and its chapters in test/e2e/dashboard/):
// one service on SQLite with the demo store, one subscriber, one browser, shared by every chapter in order,
// since each chapter reads what the earlier ones left (the returns acted on, the webhook subscribed).
import { afterAll, beforeAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "./server.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { startSubscriber, type Subscriber } from "./subscriber.js";
import { E2E_OUT as OUT, logIn, openBrowser } from "./e2e.js";

export interface DashboardStory {
  svc: TestService;
  browser: Browser;
  page: Page;
  storeId: string;
  legacy: { id: string; secret: string };
  email: string;
  password: string;
  external: string[];
  pageErrors: string[];
  subscriber: Subscriber;
  /** What the subscriber answers (500 until a chapter brings it back). */
  hookStatus: number;
  url(path: string): string;
  shot(name: string): Promise<Buffer>;
  login(): ReturnType<typeof logIn>;
  /** GraphQL with an all-scopes client of the store (the legacy client is narrowed by a chapter); throws on errors. */
  staffGql(query: string, variables: Record<string, unknown>): Promise<any>;
  newReturn(order: string, line: string, reason: string): Promise<{ id: string; number: string }>;
}

/** Registers the story's setup and teardown in the calling describe, and returns its state (filled by beforeAll). */
export function dashboardStory(): DashboardStory {
  let allScopes: string | null = null;
  const s = {
    email: "merchant@e2e.test",
    password: "e2e-password-123",
    external: [] as string[],
    pageErrors: [] as string[],
    hookStatus: 500,
    url: (path: string) => `${s.svc.url}${path}`,
    shot: (name: string) => s.page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true }),
    login: () => logIn(s.page, s.svc, s.email, s.password),
    staffGql: async (query: string, variables: Record<string, unknown>) => {
      allScopes ??= (await s.svc.createApiClient(s.storeId, "all")).secret; // the legacy client was narrowed above
      const res = await s.svc.http.graphql(query, variables, allScopes);
      if (res.errors?.length) throw new Error(JSON.stringify(res.errors));
      return res.data;
    },
    newReturn: async (order: string, line: string, reason: string) =>
      (
        await s.staffGql(`mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id number } } }`, {
          s: s.storeId,
          i: { provider: "custom", externalOrderId: order, items: [{ lineItemId: `${order}-${line}`, quantity: 1, reason }] },
        })
      ).createReturn.return as { id: string; number: string },
  } as DashboardStory;

  beforeAll(async () => {
    // No retries: a failed delivery is discarded at its first failure, so the page can show it at once.
    s.svc = await startTestService("sqlite", { WEBHOOK_RETRY_SCHEDULE: "" });
    s.subscriber = await startSubscriber(() => ({ status: s.hookStatus, body: s.hookStatus === 200 ? "ok" : "subscriber is down" }));
    s.storeId = (await s.svc.createStore("E2E Outfitters")).id;
    await createStaffUser(s.svc.services, s.storeId, s.email, s.password, "E2E Merchant");
    await seedStore(s.svc.services, s.storeId);
    s.legacy = await s.svc.createApiClient(s.storeId, "legacy");
    ({ browser: s.browser, page: s.page, external: s.external, pageErrors: s.pageErrors } = await openBrowser(s.svc));
  }, 60_000);

  afterAll(async () => {
    await s.browser?.close();
    await s.svc?.close();
    await s.subscriber?.close();
  });

  return s;
}
