// 10. The shopper portal's page weight: its HTML, scripts and styles as built (facades/portal/dist), raw and gzip.
// The budget (scripts + styles, gzip) is the one test/http/shopper/portal-pages.test.ts enforces. No server, no
// database: the same figures on every database, measured once per run (the first database).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PORTAL_DIST } from "../../facades/portal/index.js";
import { PORTAL_BUDGET_GZIP, portalWeight } from "../../facades/portal/weight.js";
import type { Measure } from "./lib.js";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let measured = false;

const measure: Measure = {
  id: 10,
  name: "Portal page weight",
  async run(ctx) {
    if (measured) return [];
    measured = true;
    const base = {
      measure: 10,
      name: "Portal page weight",
      db: ctx.provider,
      unit: "KB gzip (JS + CSS)",
      target: `≤ ${kb(PORTAL_BUDGET_GZIP)}`,
    };
    if (!existsSync(join(PORTAL_DIST, "index.html")))
      return [{ ...base, value: null, met: null, reason: "n/a: the portal is not built (npm run build)", details: {} }];
    const w = portalWeight();
    const total = w.js.gzip + w.css.gzip;
    return [
      {
        ...base,
        value: Number((total / 1024).toFixed(1)),
        met: total <= PORTAL_BUDGET_GZIP,
        details: {
          "HTML raw": w.html.raw,
          "HTML gzip": w.html.gzip,
          "JS raw": w.js.raw,
          "JS gzip": w.js.gzip,
          "CSS raw": w.css.raw,
          "CSS gzip": w.css.gzip,
        },
      },
    ];
  },
};

export default measure;
