// Finds the places in src/ that write a refusal's sentence themselves: a string literal, a template or a
// concatenation as the detail of a `fail.*(…)` call; as the `detail` of any object (a `new DomainError({…})`,
// a problem pushed on a list before the throw, one passed to `fail.badInputs([…])`); or as the argument of a
// helper whose parameter is named `detail` (`bad(field, detail)`, `draftError(…, detail)`), declared in the file
// or imported from the file that declares it. A converted domain names a code and its parameters instead (src/core/refusals.ts).
// Read by test/unit/refusals-closed.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** A file's syntax tree, parsed once however many times it is read. */
const parsed = new Map<string, ts.SourceFile>();
function parse(source: string, fileName: string): ts.SourceFile {
  const key = `${fileName}\0${source}`;
  let file = parsed.get(key);
  if (!file) parsed.set(key, (file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)));
  return file;
}

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

/** The helpers a file declares that take a detail: their names and the index of the parameter named `detail`. */
export function detailHelpers(source: string, fileName = "file.ts"): Map<string, number> {
  const file = parse(source, fileName);
  const found = new Map<string, number>();
  const note = (name: string, params: ts.NodeArray<ts.ParameterDeclaration>) => {
    const at = params.findIndex((p) => p.name.getText() === "detail");
    if (at >= 0) found.set(name, at);
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) note(node.name.text, node.parameters);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      note(node.name.text, node.initializer.parameters);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * How many sentences a file writes in place as a refusal's detail: at a `fail.*` call, as any object's `detail`,
 * or as the `detail` argument of a helper (those of `helpers`, by name: src/'s, else the file's own).
 */
export function sentenceSites(source: string, fileName = "file.ts", helpers = detailHelpers(source, fileName)): number {
  const file = parse(source, fileName);
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText() === "fail") {
      const method = node.expression.name.text;
      if (method in DETAIL_ARG && isSentence(node.arguments[DETAIL_ARG[method]])) n++;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && helpers.has(node.expression.text))
      if (isSentence(node.arguments[helpers.get(node.expression.text)!])) n++;
    if (ts.isPropertyAssignment(node) && node.name.getText() === "detail" && isSentence(node.initializer)) n++;
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

/** A file's own helpers and those it imports (by their local names) from the files of `declared`. */
export function helpersOf(source: string, path: string, declared: Map<string, Map<string, number>>): Map<string, number> {
  const helpers = new Map(declared.get(path) ?? detailHelpers(source, path));
  const file = parse(source, path);
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || !s.moduleSpecifier.text.startsWith(".")) continue;
    const from = declared.get(resolve(dirname(path), s.moduleSpecifier.text.replace(/\.js$/, ".ts")));
    const named = s.importClause?.namedBindings;
    if (!from || !named || !ts.isNamedImports(named)) continue;
    for (const e of named.elements) {
      const at = from.get((e.propertyName ?? e.name).text);
      if (at !== undefined) helpers.set(e.name.text, at);
    }
  }
  return helpers;
}

/** The files of `root`/src that write refusals' sentences in place, and how many. */
export function sentenceSitesOfSrc(root: string): Record<string, number> {
  const files = sourceFiles(resolve(root, "src")).map((path) => ({ path, source: readFileSync(path, "utf8") }));
  const declared = new Map(files.map(({ path, source }) => [path, detailHelpers(source, path)]));
  const found: Record<string, number> = {};
  for (const { path, source } of files) {
    const n = sentenceSites(source, path, helpersOf(source, path, declared));
    if (n) found[relative(root, path)] = n;
  }
  return found;
}
