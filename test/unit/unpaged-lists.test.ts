// Issue 22, finding 3 (class): no list reachable from /graphql loads more than a page at once. The
// warehouse list's `unpaged: true` (10 000 returns, 30 aliases: 300 000) and the ASN report (5 000 a
// call) were lists a client could widen by aliases; now both are pages the warehouse door walks. Every
// root field of the schema answering a list is either paged (at most 1 000 a page) or a small bounded list.
import { getNamedType, getNullableType, isListType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { listBoundOf } from "../../src/core/list-bounds.js";

const schema = buildSchema(DOMAINS);
/** Store-wide lists (API clients, locations, checkout rules …) hold at most this many rows at the root. */
const ROOT_LIST_MAX = 250;
const PAGE_MAX = 1_000;

describe("lists at the root of /graphql", () => {
  const roots = [schema.getQueryType()!, schema.getMutationType()!];
  const fields = roots.flatMap((type) => Object.values(type.getFields()).map((f) => [`${type.name}.${f.name}`, type.name, f] as const));

  it.each(fields.map(([label, parent, field]) => [label, parent, field] as const))("%s loads at most a page", (_label, parent, field) => {
    const bound = listBoundOf(parent, field.name);
    expect(field.args.map((a) => a.name)).not.toContain("unpaged");
    if (bound && typeof bound === "object") {
      expect(bound.paged.max).toBeLessThanOrEqual(PAGE_MAX);
      expect(bound.paged.default).toBeLessThanOrEqual(bound.paged.max);
    } else if (isListType(getNullableType(field.type)) && isObjectType(getNamedType(field.type))) {
      expect(typeof bound === "number" ? bound : Infinity).toBeLessThanOrEqual(ROOT_LIST_MAX);
    }
  });
});
