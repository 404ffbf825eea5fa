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
    expect(digest(openApiDocument("retour"))).toBe("370543bb4171c17a8e2cb410b7e27d4834d467b38ee872f708e55482a072ce18");
  });
  it("the compat door's is unchanged", () => {
    expect(digest(compatOpenApiDocument())).toBe("52f889d6c7f679760fd8b357e11558d5738e9e5ffd633a0ccaef9f68633ae863");
  });
});
