// Finds the throw sites in src/ that write a refusal's sentence themselves: a string literal, a template
// or a concatenation as the detail of a `fail.*(…)` call, or as the `detail` of a `new DomainError({…})` or
// of a problem passed to `fail.badInputs([…])`. A converted domain names a code and its parameters instead
// (src/core/refusals.ts). Read by test/unit/refusals-closed.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** Which argument of each `fail.*` holds the detail. */
const DETAIL_ARG: Record<string, number> = {
  badInput: 0,
  forbidden: 0,
  unauthenticated: 0,
  rateLimited: 0,
  notFound: 1,
  conflict: 2,
  unprocessable: 2,
};

/** A sentence written in place: a literal, a template, or one built of them. */
function isSentence(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return true;
  if (ts.isParenthesizedExpression(node)) return isSentence(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return isSentence(node.left) || isSentence(node.right);
  if (ts.isConditionalExpression(node)) return isSentence(node.whenTrue) || isSentence(node.whenFalse);
  return false;
}

/** Object literals' `detail` written in place, anywhere under `node`. */
function detailProperties(node: ts.Node): number {
  let n = 0;
  const visit = (x: ts.Node) => {
    if (ts.isPropertyAssignment(x) && x.name.getText() === "detail" && isSentence(x.initializer)) n++;
    ts.forEachChild(x, visit);
  };
  visit(node);
  return n;
}

/** How many sentences a file's throw sites write in place. */
export function sentenceSites(source: string, fileName = "file.ts"): number {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText() === "fail") {
      const method = node.expression.name.text;
      if (method === "badInputs") n += node.arguments.reduce((sum, a) => sum + detailProperties(a), 0);
      else if (method in DETAIL_ARG && isSentence(node.arguments[DETAIL_ARG[method]])) n++;
    }
    if (ts.isNewExpression(node) && node.expression.getText() === "DomainError")
      n += (node.arguments ?? []).reduce((s, a) => s + detailProperties(a), 0);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return n;
}

/** Every .ts file under `dir` (the generated code aside). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sourceFiles(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

/** The files of `root`/src with sentences written at their throw sites, and how many. */
export function sentenceSitesOfSrc(root: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const path of sourceFiles(join(root, "src"))) {
    const n = sentenceSites(readFileSync(path, "utf8"), path);
    if (n) found[relative(root, path)] = n;
  }
  return found;
}
