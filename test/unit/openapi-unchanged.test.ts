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
    expect(digest(openApiDocument("retour"))).toBe("47af878ebd32360278ed72b58e86ba069f1a47ad176c6155d3b29e61ebfd228b");
  });
  it("the compat door's is unchanged", () => {
    expect(digest(compatOpenApiDocument())).toBe("0fbd3db41a31c69ec21b30674b54fa4dbe9400fa024686fdd449c2c2ddb51611");
  });
});
