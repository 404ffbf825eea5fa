// End-to-end: the merchant dashboard in headless Chromium (Debian's `chromium`, driven by
// playwright-core) against the real service on SQLite. Screenshots of each main page go to
// test/output/e2e/ — look at them when changing a page. Shared setup: test/support/e2e.ts.
// One story in chapters (test/e2e/dashboard/), run in this order on one service and one browser: each reads
// what the earlier ones left, so they are one describe, not separate files. Its state: test/support/dashboard-story.ts.
import { describe } from "vitest";
import { e2eMissing as missing } from "../support/e2e.js";
import { dashboardStory } from "../support/dashboard-story.js";
import { settings } from "./dashboard/settings.js";
import { returnsWebhooks } from "./dashboard/returns-webhooks.js";
import { lists } from "./dashboard/lists.js";
import { returnPage } from "./dashboard/return-page.js";
import { shell } from "./dashboard/shell.js";

describe.skipIf(!!missing)("merchant dashboard in Chromium (sqlite)", () => {
  const s = dashboardStory();
  settings(s);
  returnsWebhooks(s);
  lists(s);
  returnPage(s);
  shell(s);
});
