// The portal's page weight: what a phone downloads on a first visit (the page, its scripts and its styles), raw and
// gzip-compressed. The budget below is checked by test/http/shopper/portal-pages.test.ts and printed by the benchmark.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PORTAL_DIST } from "./index.js";

/** Scripts + styles, gzip, in bytes: measured 17.6 KB when set (Preact, six steps, the status page, en + fr). */
export const PORTAL_BUDGET_GZIP = 24 * 1024;

export interface Weight {
  raw: number;
  gzip: number;
}

export function portalWeight(): { html: Weight; js: Weight; css: Weight } {
  const measure = (files: string[]): Weight => {
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const bytes = readFileSync(f);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const assets = readdirSync(join(PORTAL_DIST, "assets")).map((f) => join(PORTAL_DIST, "assets", f));
  return {
    html: measure([join(PORTAL_DIST, "index.html")]),
    js: measure(assets.filter((f) => f.endsWith(".js"))),
    css: measure(assets.filter((f) => f.endsWith(".css"))),
  };
}
