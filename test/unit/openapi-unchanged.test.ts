// The served OpenAPI documents, pinned: a change to a door's machinery (facades/door.ts) must leave
// both documents key for key as they were. A change to a route or a shape on purpose updates the
// digests here in the same commit (print them with the test's failure message).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../facades/rest/openapi.js";
import { compatOpenApiDocument } from "../../facades/compat/openapi.js";

/** The document as GET /openapi.json serves it (JSON.stringify, keys in order), hashed. */
const digest = (doc: unknown) => createHash("sha256").update(JSON.stringify(doc)).digest("hex");

describe("served OpenAPI documents", () => {
  it("REST v2.2 is unchanged", () => {
    expect(digest(openApiDocument("retour"))).toBe("3b293c9179cd339a6985086032f7475eccf7a52f4af26b6cfaa59e1e0be31173");
  });
  it("the compat door's is unchanged", () => {
    expect(digest(compatOpenApiDocument())).toBe("1b9a4588feac7ba23c3b97f6f78515997729873d9ce05475cefeffa86895ba9a");
  });
});
