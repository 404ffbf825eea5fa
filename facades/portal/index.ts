// The shopper portal door: /portal/{handle} (the return flow) and /portal/{handle}/returns/{token} (a return's
// status page). A single-page app built by `npm run build` into facades/portal/dist (not committed); this door
// serves its page with the store's public face (publicPortal, through the executor) written into it, and
// its assets. Everything else the page does goes through /graphql: this door decides no business rule.
import { existsSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { operation, type Executor, type Operation } from "../executor.js";
import { CATALOGUE, chooseLanguage, type Lang } from "./app/src/catalogue.js";
import { PHOTO_OPERATION } from "./photos.js";
import type { PortalPageQuery } from "../codegen/operations.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const PORTAL_DIST = join(HERE, "dist");

const PUBLIC_PORTAL = operation<PortalPageQuery>(`query PortalPage($handle: String!) {
  publicPortal(handle: $handle) {
    handle displayName logoUrl accentColor languages lookupMethod returnMethods
    returnAddress { name line1 line2 city state postalCode country lines }
  }
}`);

export function portalOperations(): Operation[] {
  return [PUBLIC_PORTAL, PHOTO_OPERATION];
}

const HANDLE = /^[a-z0-9-]{1,60}$/;

/**
 * Only this origin, plus the store's logo host for images. No inline script (the page's data is a JSON block,
 * which browsers do not run) and no inline style: the accent colour is set through the CSSOM.
 */
export function portalCsp(logoUrl: string | null): string {
  let logo = "";
  try {
    if (logoUrl) {
      const u = new URL(logoUrl);
      if (u.protocol === "https:" || u.protocol === "http:") logo = ` ${u.origin}`;
    }
  } catch {
    logo = "";
  }
  return `default-src 'self'; img-src 'self' data: blob:${logo}; style-src 'self'; script-src 'self'; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script type="application/json">: no `<` can close the element early. */
const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

/** The language of the page: `?lang=` when the portal speaks it, else the browser's Accept-Language, else the first. */
function languageOf(req: Request, languages: string[]): Lang {
  const asked = typeof req.query.lang === "string" ? [req.query.lang] : [];
  const accepted = (req.get("accept-language") ?? "")
    .split(",")
    .map((part) => part.split(";")[0].trim())
    .filter(Boolean);
  return chooseLanguage([...asked, ...accepted], languages);
}

function notFoundPage(lang: Lang): string {
  const t = CATALOGUE[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.notFoundTitle)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><main><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundText)}</p></main></body></html>
`;
}

export function createPortal(opts: { executor: Executor }): Router {
  const router = express.Router();
  let template: string | null = null;
  const page = () => {
    if (template) return template;
    const index = join(PORTAL_DIST, "index.html");
    if (!existsSync(index)) return null;
    template = readFileSync(index, "utf8");
    return template;
  };

  router.use(
    "/assets",
    (_req: Request, res: Response, next: NextFunction) => {
      res.set("Content-Security-Policy", portalCsp(null));
      next();
    },
    express.static(join(PORTAL_DIST, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );

  const serve = async (req: Request, res: Response) => {
    const handle = String(req.params.handle ?? "");
    res.set("Referrer-Policy", "no-referrer").set("X-Frame-Options", "DENY").set("Cache-Control", "no-store");
    const fallbackLang = chooseLanguage(
      (req.get("accept-language") ?? "").split(",").map((p) => p.split(";")[0].trim()),
      ["en", "fr"],
    );
    if (!HANDLE.test(handle)) {
      res.set("Content-Security-Policy", portalCsp(null));
      return void res.status(404).type("html").send(notFoundPage(fallbackLang));
    }
    const outcome = await opts.executor.run(
      PUBLIC_PORTAL,
      { handle },
      { requestId: (req as Request & { id?: string }).id ?? randomUUID(), door: "graphql" },
    );
    const portal = outcome.data?.publicPortal ?? null;
    if (outcome.errors?.length && !portal) {
      res.set("Content-Security-Policy", portalCsp(null)).set("Retry-After", "5");
      return void res.status(503).type("text/plain").send(CATALOGUE[fallbackLang].unavailable);
    }
    if (!portal) {
      res.set("Content-Security-Policy", portalCsp(null));
      return void res.status(404).type("html").send(notFoundPage(fallbackLang));
    }
    const html = page();
    res.set("Content-Security-Policy", portalCsp(portal.logoUrl ?? null));
    if (!html) return void res.status(503).type("text/plain").send("The portal has not been built: run `npm run build` (npm ci does it).");
    const lang = languageOf(req, portal.languages);
    const t = CATALOGUE[lang];
    const title = `${portal.displayName} · ${t.portalTitle}`;
    res.type("html").send(
      html
        .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace("<!--loading-->", escapeHtml(t.loading))
        .replace("<!--noscript-->", escapeHtml(t.noScript))
        .replace("</head>", `<script id="portal-data" type="application/json">${jsonBlock({ portal, lang })}</script>\n</head>`),
    );
  };
  router.get("/:handle/returns/:token", (req, res, next) => void serve(req, res).catch(next));
  router.get("/:handle", (req, res, next) => void serve(req, res).catch(next));
  router.use((req: Request, res: Response) => {
    const lang = chooseLanguage(
      (req.get("accept-language") ?? "").split(",").map((p) => p.split(";")[0].trim()),
      ["en", "fr"],
    );
    res.set("Content-Security-Policy", portalCsp(null)).status(404).type("html").send(notFoundPage(lang));
  });
  return router;
}
