// Validates HTTP responses against the facades' OpenAPI documents, so the documents cannot drift.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "../../facades/rest/openapi.js";
import { compatOpenApiDocument } from "../../facades/compat/openapi.js";

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, unknown>; webhooks?: Record<string, any> };

export class OpenApiValidator {
  private readonly ajv = new (Ajv2020 as any)({ strict: false, allErrors: true });
  private readonly templates: { regex: RegExp; path: string }[];
  private readonly cache = new Map<string, any>();

  constructor(
    private readonly doc: Doc,
    private readonly prefix: string,
  ) {
    (addFormats as any)(this.ajv);
    this.ajv.addSchema({ $id: "api", components: doc.components });
    // An optional trailing slash, as the doors' RouteTable matches (a path id `%2e` reaches the list as `…/items/`).
    this.templates = Object.keys(doc.paths).map((path) => ({
      path,
      regex: new RegExp("^" + path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+") + "/?$"),
    }));
  }

  /** Throws with a readable message when the response is not what the document promises. */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
    const pathname = new URL(url, "http://x").pathname;
    if (!pathname.startsWith(this.prefix) || pathname.endsWith("/openapi.json")) return;
    const rel = pathname.slice(this.prefix.length) || "/";
    const template = this.templates.find((t) => t.regex.test(rel));
    if (!template) {
      if (status === 404 || status === 405) return; // unknown routes answer generic problems
      throw new Error(`OpenAPI: no path matches ${method} ${rel}`);
    }
    const op = this.doc.paths[template.path][method.toLowerCase()];
    if (!op) {
      if (status === 405) return;
      throw new Error(`OpenAPI: ${template.path} has no ${method}`);
    }
    const response = op.responses[String(status)] ?? op.responses.default;
    if (!response) throw new Error(`OpenAPI: ${method} ${template.path} does not document status ${status}`);
    if (!response.content) {
      if (body !== undefined && body !== "" && body !== null)
        throw new Error(`OpenAPI: ${method} ${template.path} ${status} documents no body`);
      return;
    }
    const mediaType = (contentType ?? "").split(";")[0].trim();
    const media = response.content[mediaType];
    if (!media)
      throw new Error(
        `OpenAPI: ${method} ${template.path} ${status} does not document content type ${mediaType} (has ${Object.keys(response.content).join(", ")})`,
      );
    if (!media.schema) return;
    const key = `${method} ${template.path} ${status} ${mediaType}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const schema = JSON.parse(JSON.stringify(media.schema).replace(/"#\/components\//g, '"api#/components/'));
      validate = this.ajv.compile(schema);
      this.cache.set(key, validate);
    }
    if (!validate(body)) {
      throw new Error(
        `OpenAPI: ${key} body does not match: ${this.ajv.errorsText(validate.errors, { separator: "\n  " })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
  }

  /** Throws when a webhook delivery's body is not the document's event (`webhooks.<event>`). */
  checkEvent(event: string, body: unknown): void {
    const key = `webhook ${event}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const media = this.doc.webhooks?.[event]?.post?.requestBody?.content?.["application/json"];
      if (!media) throw new Error(`OpenAPI: no webhook event ${event}`);
      validate = this.ajv.compile(JSON.parse(JSON.stringify(media.schema).replace(/"#\/components\//g, '"api#/components/')));
      this.cache.set(key, validate);
    }
    if (!validate(body))
      throw new Error(
        `OpenAPI: ${key} payload does not match: ${this.ajv.errorsText(validate.errors, { separator: "\n  " })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
      );
  }
}

export const restValidator = new OpenApiValidator(openApiDocument("retour") as unknown as Doc, "/v2.2");

const compatDoc = compatOpenApiDocument() as unknown as Doc;
export const compatValidator = new OpenApiValidator(compatDoc, "/api/v1/warehouse");

/** The platform's webhooks API, documented in the compat door's document (its paths name the /api/v1 server). */
export const compatWebhooksValidator = new OpenApiValidator(
  {
    ...compatDoc,
    paths: Object.fromEntries(
      Object.entries(compatDoc.paths)
        .filter(([path]) => path.startsWith("/webhooks"))
        .map(([path, item]) => [path.slice("/webhooks".length) || "/", item]),
    ),
  },
  "/api/v1/webhooks",
);

/** The platform's Draft Returns API, documented in the compat door's document under every version path. */
export const compatDraftsValidators = ["v1", "2026-07", "2026-10", "unstable", "latest"].map(
  (v) =>
    new OpenApiValidator(
      { ...compatDoc, paths: Object.fromEntries(Object.entries(compatDoc.paths).filter(([path]) => path.startsWith("/draft-returns"))) },
      `/api/${v}`,
    ),
);
