// Input bounds: schema.graphql marks every list input @maxItems, every text input @maxLength and every
// number input @range with the name of a bound in bounds.ts (an ID is bounded as an id). They are checked once per operation,
// over the coerced arguments of every field, before any resolver runs, so every door inherits them.
import {
  defaultFieldResolver,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isListType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type OperationDefinitionNode,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { LIST_BOUNDS, NUMBER_BOUNDS, TEXT_BOUNDS } from "./bounds.js";
import { invisibleCharacter, linkScheme, normalName } from "./display-text.js";
import { refuse } from "./input-refusals.js";

interface InputBound {
  maxItems?: number;
  maxLength?: number;
  /** What the text is, when its bound says more than a length: a name shown to people, or a link. */
  text?: "name" | "link";
  range?: (typeof NUMBER_BOUNDS)[keyof typeof NUMBER_BOUNDS];
}

const BOUND_TABLES: Record<string, [string, Record<string, unknown>]> = {
  maxItems: ["LIST_BOUNDS", LIST_BOUNDS],
  maxLength: ["TEXT_BOUNDS", TEXT_BOUNDS],
  range: ["NUMBER_BOUNDS", NUMBER_BOUNDS],
};

/** The scalars that carry numbers: each input of them needs a @range. */
const NUMBER_SCALARS = new Set(["Int", "Float"]);

const cache = new WeakMap<GraphQLArgument | GraphQLInputField, InputBound>();

/** The bounds of one argument or input field, read from its directives (throws on an unknown bound name). */
export function boundOf(def: GraphQLArgument | GraphQLInputField): InputBound {
  const cached = cache.get(def);
  if (cached) return cached;
  const bound: InputBound = {};
  for (const d of def.astNode?.directives ?? []) {
    const directive = d.name.value;
    if (!(directive in BOUND_TABLES)) continue;
    const arg = d.arguments?.find((a) => a.name.value === "bound")?.value;
    const key = arg?.kind === Kind.STRING ? arg.value : "";
    const [tableName, table] = BOUND_TABLES[directive];
    if (!(key in table))
      throw new Error(`@${directive}(bound: "${key}") on ${def.name} names no entry of ${tableName} (src/core/bounds.ts)`);
    (bound as Record<string, unknown>)[directive] = table[key];
    if (directive === "maxLength" && (key === "name" || key === "link")) bound.text = key;
  }
  if (bound.maxLength === undefined && getNamedType(def.type).name === "ID") bound.maxLength = TEXT_BOUNDS.id;
  cache.set(def, bound);
  return bound;
}

/** Every String, number and list argument or input field of the schema without a bound (should be none). */
export function unboundedInputs(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (def: GraphQLArgument | GraphQLInputField, label: string) => {
    const b = boundOf(def);
    if (isListType(getNullableType(def.type)) && b.maxItems === undefined) missing.push(`${label} (list)`);
    if (getNamedType(def.type).name === "String" && b.maxLength === undefined) missing.push(`${label} (text)`);
    if (NUMBER_SCALARS.has(getNamedType(def.type).name) && b.range === undefined) missing.push(`${label} (number)`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) check(f, `${type.name}.${f.name}`);
    else if (isObjectType(type) || isInterfaceType(type))
      for (const f of Object.values(type.getFields())) for (const a of f.args) check(a, `${type.name}.${f.name}(${a.name})`);
  }
  return missing;
}

/** Characters as the bounds count them: code points (a paired surrogate is one). */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `inInput`: the value is in the `input` argument, whose refusals of what a text is name it `input.…` as the domains do. */
function checkValue(value: unknown, type: GraphQLInputType, bound: InputBound, path: string, inInput = false): void {
  if (value === null || value === undefined) return;
  const t = getNullableType(type);
  if (isListType(t)) {
    const items = value as unknown[];
    if (bound.maxItems !== undefined && items.length > bound.maxItems)
      throw refuse("LIST_PAST_BOUND", { field: path, count: items.length, max: bound.maxItems });
    items.forEach((item, i) => checkValue(item, t.ofType, bound, `${path}[${i}]`, inInput)); // maxLength bounds each entry
  } else if (isInputObjectType(t)) {
    const fields = t.getFields();
    for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[name];
      if (field) checkValue(v, field.type, boundOf(field), path ? `${path}.${name}` : name, inInput);
    }
  } else if (typeof value === "number" && bound.range) {
    const r = bound.range;
    // Page sizes are checked by the paging code, joined with the request's other problems.
    if ("checkedByPaging" in r) return;
    if (!(value >= r.min && value <= r.max) || (r.integer && !Number.isInteger(value)))
      throw refuse("NUMBER_OUT_OF_RANGE", { field: path, kind: r.integer ? "integer" : "number", min: r.min, max: r.max, value });
  } else if (typeof value === "string") {
    if (bound.maxLength !== undefined && value.length > bound.maxLength) {
      const length = characters(value);
      if (length > bound.maxLength) throw refuse("TEXT_PAST_BOUND", { field: path, length, max: bound.maxLength });
    }
    const field = inInput ? `input.${path}` : path;
    const invisible = bound.text === "name" ? invisibleCharacter(value) : null;
    if (invisible) throw refuse("NAME_INVISIBLE_CHARACTER", { field, ...invisible });
    const scheme = bound.text === "link" ? linkScheme(value) : null;
    if (scheme !== null) throw refuse("LINK_NOT_HTTP", { field, scheme });
  }
}

/**
 * Refuses an operation whose arguments exceed a bound, naming the field as the caller sent it: the
 * argument's name, or for the `input` argument (the body of the REST and compat doors) the path in it.
 * Variables that do not coerce are left to execution, which reports them.
 */
export function checkInputBounds(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): void {
  checkArgumentBounds(schema, fieldsWithArguments(schema, document, operationName), variables);
}

/** The fields of an operation that take arguments, with their definitions; depends on the document only. */
export interface ArgumentFields {
  operation: OperationDefinitionNode | null;
  fields: { field: GraphQLField<unknown, unknown>; node: FieldNode }[];
}

/** Finds them once per document (a walk with type information over every field). */
export function fieldsWithArguments(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): ArgumentFields {
  const op = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName));
  if (!op || op.kind !== Kind.OPERATION_DEFINITION) return { operation: null, fields: [] };
  const fields: ArgumentFields["fields"] = [];
  // The operation and the fragments it may spread (each visited with its own type context).
  for (const def of document.definitions) {
    if (def !== op && def.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const typeInfo = new TypeInfo(schema);
    visit(
      def,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const field = typeInfo.getFieldDef();
          if (field?.args.length && node.arguments?.length) fields.push({ field, node });
        },
      }),
    );
  }
  return { operation: op, fields };
}

/** The per-request half: coerces the variables and checks every argument against its bound. */
export function checkArgumentBounds(
  schema: GraphQLSchema,
  found: ArgumentFields,
  variables: Record<string, unknown> | null | undefined,
): void {
  if (!found.operation || !found.fields.length) return;
  const coerced = getVariableValues(schema, found.operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 1 });
  if (coerced.errors) return;
  for (const { field, node } of found.fields) {
    let args: Record<string, unknown>;
    try {
      args = getArgumentValues(field, node, coerced.coerced);
    } catch {
      continue; // an invalid literal: validation and execution report it
    }
    for (const arg of field.args)
      checkValue(args[arg.name], arg.type, boundOf(arg), arg.name === "input" ? "" : arg.name, arg.name === "input");
  }
}

/**
 * Wraps every field that takes a name (bound "name", anywhere in its arguments) so its resolver sees
 * the name in NFC: "Café" typed composed or decomposed is one tag, one location.
 */
export function applyNameNormalisation(schema: GraphQLSchema): GraphQLSchema {
  const holdsNames = new Map<string, boolean>();
  const takesNames = (type: GraphQLInputType, bound: InputBound): boolean => {
    if (bound.text === "name") return true;
    const named = getNamedType(type);
    if (!isInputObjectType(named)) return false;
    if (!holdsNames.has(named.name)) {
      holdsNames.set(named.name, false); // a recursive input type: assume no until seen
      holdsNames.set(
        named.name,
        Object.values(named.getFields()).some((f) => takesNames(f.type, boundOf(f))),
      );
    }
    return holdsNames.get(named.name)!;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((a) => takesNames(a.type, boundOf(a)))) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, ctx, info) => {
        const normal: Record<string, unknown> = {};
        for (const a of field.args) if (a.name in args) normal[a.name] = normalNames(args[a.name], a.type, boundOf(a));
        return resolve(source, normal, ctx, info);
      };
    }
  }
  return schema;
}

function normalNames(value: unknown, type: GraphQLInputType, bound: InputBound): unknown {
  if (value === null || value === undefined) return value;
  const t = getNullableType(type);
  if (isListType(t)) return (value as unknown[]).map((v) => normalNames(v, t.ofType, bound));
  if (isInputObjectType(t)) {
    const fields = t.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        fields[k] ? normalNames(v, fields[k].type, boundOf(fields[k])) : v,
      ]),
    );
  }
  return typeof value === "string" && bound.text === "name" ? normalName(value) : value;
}
