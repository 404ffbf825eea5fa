// `dropAbsent` runs a function compiled once per schema (src/core/json-shape.ts); it must answer exactly
// what the walk over the schema answers — same keys, same order, same values — for any value of the
// published Return and Order shapes with fields missing, null or present at random, and for unions,
// extra keys and values of the wrong type.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropAbsent, dropAbsentByWalk } from "../../src/core/json-shape.js";
import { Order, Return } from "../../src/returns/shapes.js";

type Schema = Record<string, any>;

/** Values shaped like a schema, each field missing, null, of another type, or of its own. */
function shapedValue(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  const odd = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 3 }), fc.integer(), fc.boolean());
  if (!s || typeof s !== "object" || depth > 6) return odd;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return fc.oneof(odd, ...union.map((b: Schema) => shapedValue(b, depth + 1)));
  if (s.items) return fc.oneof(odd, fc.array(shapedValue(s.items, depth + 1), { maxLength: 2 }));
  if (s.properties) {
    const props = Object.entries<Schema>(s.properties);
    return fc.oneof(
      { weight: 1, arbitrary: odd },
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.tuple(...props.map(([, p]) => shapedValue(p, depth + 1))), fc.option(fc.string({ maxLength: 3 }), { nil: undefined }))
          .map(([values, extra]) => {
            const o: Record<string, unknown> = {};
            props.forEach(([k], i) => {
              if (values[i] !== undefined) o[k] = values[i];
            });
            if (extra !== undefined) o[`x_${extra}`] = extra;
            return o;
          }),
      },
    );
  }
  return odd;
}

describe("dropAbsent compiled per schema", () => {
  for (const [name, shape] of [
    ["Return", Return],
    ["Order", Order],
  ] as const) {
    it(`answers what the walk answers for ${name}`, () => {
      fc.assert(
        fc.property(shapedValue(shape as Schema), (value) => {
          const compiled = dropAbsent(shape, value);
          const walked = dropAbsentByWalk(shape, value);
          expect(compiled).toStrictEqual(walked);
          expect(JSON.stringify(compiled)).toBe(JSON.stringify(walked));
        }),
        { numRuns: 300, seed: 26 },
      );
    });
  }

  it("keeps extra keys where the schema allows them and gives each call its own empty forms", () => {
    const s = {
      type: "object",
      properties: { a: { type: "array" }, b: { type: "string" } },
      required: ["a", "b"],
      additionalProperties: true,
    };
    const first = dropAbsent(s, { c: 1 }) as { a: unknown[] };
    first.a.push(1);
    expect(dropAbsent(s, { c: 2 })).toStrictEqual({ a: [], b: "", c: 2 });
    expect(dropAbsent(s, { a: null, b: null })).toStrictEqual(dropAbsentByWalk(s, { a: null, b: null }));
  });
});
