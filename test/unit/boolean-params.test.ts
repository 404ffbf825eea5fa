// Every boolean query parameter of both doors takes the spellings common HTTP clients send: true/false
// in any letter case, and 1/0. Found from the declarations, so a new one is covered without a new test.
import { describe, expect, it } from "vitest";
import { paramReader, type ParamDecl } from "../../facades/declare.js";
import { restRoutes } from "../../facades/rest/index.js";
import { compatRoutes } from "../../facades/compat/index.js";

const booleans = (routes: { method: string; path: string; query?: Record<string, ParamDecl>; headers?: Record<string, ParamDecl> }[]) =>
  routes.flatMap((r) =>
    Object.entries({ ...r.query, ...r.headers })
      .filter(([, p]) => ([] as unknown[]).concat((p.schema as { type?: unknown }).type).includes("boolean"))
      .map(([name, p]) => [`${r.method} ${r.path} ${name}`, name, p] as const),
  );

const params = [...booleans(restRoutes), ...booleans(compatRoutes)];

describe("boolean query parameters", () => {
  it("exist in both doors (REST includeDeleted, compat paginate)", () => {
    expect(params.map(([label]) => label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ includeDeleted$/), expect.stringMatching(/^GET \/return\/list paginate$/)]),
    );
  });
  it.each(params)("%s takes true/false in any case and 1/0, and refuses anything else", (_label, name, decl) => {
    const read = paramReader({ [name]: decl });
    for (const [sent, value] of [
      ["true", true],
      ["TRUE", true],
      ["True", true],
      ["1", true],
      ["false", false],
      ["FALSE", false],
      ["fAlSe", false],
      ["0", false],
    ] as const) {
      const out = read((n) => (n === name ? sent : undefined));
      expect(out, sent).toEqual({ values: { [name]: value }, problems: [] });
    }
    for (const sent of ["yes", "2", "t", ""]) expect(read((n) => (n === name ? sent : undefined)).problems, sent).toHaveLength(1);
  });
});
