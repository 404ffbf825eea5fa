// The merchant dashboard door: a single-page app served at /dashboard (built by `npm run build` into
// facades/dashboard/dist, not committed), the API reference at /docs (Swagger UI from the
// swagger-ui-dist package) and, outside production, a GraphiQL explorer on GET /graphql. Every asset
// is served by this process from node_modules or the build output: nothing is loaded from a CDN.
// The dashboard has no endpoint of its own: it talks to the core through /graphql only.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { renderGuides } from "./guides.js";

const require = createRequire(import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));
export const DASHBOARD_DIST = join(HERE, "dist");
const STATIC = join(HERE, "static");

/** The OpenAPI documents the reference page lists (a door that publishes one adds a line). */
export const API_DOCUMENTS = [
  { name: "REST v2.2 merchant API", url: "/v2.2/openapi.json" },
  { name: "Warehouse compat API", url: "/api/v1/warehouse/openapi.json" },
];

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

function securityHeaders(csp: string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.set("Content-Security-Policy", csp);
    res.set("Referrer-Policy", "no-referrer");
    res.set("X-Frame-Options", "DENY");
    next();
  };
}

// Only this origin: a page that tried to load a CDN asset would be refused by the browser too.
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** /dashboard: the built single-page app; every unknown path under it serves index.html (client routing). */
export function createDashboard(): Router {
  const router = express.Router();
  router.use(securityHeaders(CSP));
  router.use(
    "/assets",
    express.static(join(DASHBOARD_DIST, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  router.get(/.*/, (_req, res) => {
    const index = join(DASHBOARD_DIST, "index.html");
    if (!existsSync(index)) {
      res.status(503).type("text/plain").send("The dashboard has not been built: run `npm run build` (npm ci does it).");
      return;
    }
    res.set("Cache-Control", "no-cache").type("html").send(readFileSync(index, "utf8"));
  });
  return router;
}

/** /docs: the API reference (Swagger UI over the OpenAPI documents), a link to the GraphQL explorer and the guides. */
export function createDocs(opts: { explorer: boolean }): Router {
  const router = express.Router();
  router.use(securityHeaders(CSP));
  const guides = renderGuides();
  router.get("/guides", (_req, res) => res.redirect("/docs/guides/index"));
  router.get("/guides/:name", (req, res) => {
    const guide = guides.get(req.params.name.replace(/\.md$/, ""));
    if (!guide) return void res.status(404).type("text/plain").send(`No guide ${req.params.name}. All guides: /docs/guides/index`);
    res.set("Cache-Control", "no-cache").type("html").send(guide.html);
  });
  router.use("/swagger-ui", express.static(packageDir("swagger-ui-dist"), { index: false, maxAge: "1h" }));
  router.get("/config.json", (_req, res) => void res.json({ documents: API_DOCUMENTS, explorer: opts.explorer ? "/graphql" : null }));
  router.use(express.static(join(STATIC, "docs"), { index: "index.html", maxAge: 0 }));
  return router;
}

/** Assets of the GraphiQL explorer page (React 18 and GraphiQL 3 UMD builds, from node_modules). */
export function createExplorerAssets(): Router {
  const router = express.Router();
  const files: Record<string, string> = {
    "react.js": join(packageDir("react"), "umd/react.production.min.js"),
    "react-dom.js": join(packageDir("react-dom"), "umd/react-dom.production.min.js"),
    "graphiql.js": join(packageDir("graphiql"), "graphiql.min.js"),
    "graphiql.css": join(packageDir("graphiql"), "graphiql.min.css"),
    "explorer.js": join(STATIC, "explorer/explorer.js"),
  };
  router.use(securityHeaders(CSP));
  router.get("/:file", (req, res, next) => {
    const file = files[req.params.file];
    if (!file) return next();
    res.set("Cache-Control", "public, max-age=3600").sendFile(file);
  });
  return router;
}

/** The favicon (one SVG) at /favicon.svg and /favicon.ico, which browsers ask for without a link. */
export function favicon() {
  const svg = readFileSync(join(STATIC, "favicon.svg"));
  return (_req: Request, res: Response) => void res.set("Cache-Control", "public, max-age=86400").type("image/svg+xml").send(svg);
}

/** GET /graphql from a browser (outside production): the GraphiQL explorer page. */
export function explorerPage() {
  const html = readFileSync(join(STATIC, "explorer/index.html"), "utf8");
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      req.method !== "GET" ||
      req.query.query !== undefined ||
      !req.accepts(["application/json", "text/html"]) ||
      req.accepts(["application/json", "text/html"]) !== "text/html"
    )
      return next();
    res.set("Content-Security-Policy", CSP).set("Cache-Control", "no-cache").type("html").send(html);
  };
}
