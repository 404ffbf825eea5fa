// What an operation's document needs to run, read from the schema's access directives alone (so the
// core's checks and a door's derived scopes come from one rule):
// - a field's own `@scope` / `@staff`;
// - the `@scope` of the object type it leads to: access belongs to the type, so every field that
//   returns a Return needs `returns_read` wherever it is reached (`orders { nodes { returns } }` too).
//   A mutation whose own scope is the type's `written` scope may show the object it wrote.
import {
  type DirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";

/** One step of an operation's access check: a scope / staff rule, or a `storeId` argument. */
export type AccessStep = { scope: string | undefined; staffOnly: boolean } | { storeId: ValueNode };

/** A type's access rule: `requires` on every path, but a mutation needing `written` may show what it wrote. */
export interface TypeScope {
  requires: string;
  written: string | null;
}

function enumArg(directive: DirectiveNode | undefined, name: string): string | null {
  const value = directive?.arguments?.find((a) => a.name.value === name)?.value;
  return value?.kind === Kind.ENUM ? value.value : null;
}

const directive = (node: { directives?: readonly DirectiveNode[] } | null | undefined, name: string) =>
  node?.directives?.find((d) => d.name.value === name);

/** The field's own rule (`@scope(requires:)`, `@staff`). */
export function fieldRule(field: { astNode?: FieldDefinitionNode | null }): { scope: string | null; staffOnly: boolean } {
  return { scope: enumArg(directive(field.astNode, "scope"), "requires"), staffOnly: !!directive(field.astNode, "staff") };
}

/** The rule of the object type a field leads to (null: the type has none). */
export function typeScope(type: GraphQLNamedType): TypeScope | null {
  const d = [type.astNode, ...(type.extensionASTNodes ?? [])].map((n) => directive(n, "scope")).find(Boolean);
  const requires = enumArg(d, "requires");
  return requires ? { requires, written: enumArg(d, "written") } : null;
}

/** Whether `rule` is waived because the operation is a mutation whose root field needs `written`. */
export function waivedByWrite(rule: TypeScope, rootMutationScope: string | null): boolean {
  return rule.written !== null && rule.written === rootMutationScope;
}

/**
 * The access checks of an operation, in the order they run: every root field's rule and `storeId`
 * first, then what the nested fields and the types they lead to need. Depends on the document only.
 */
export function accessPlan(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): AccessStep[] {
  const rootSteps: AccessStep[] = [];
  const nestedSteps: AccessStep[] = [];
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!op) return [];
  const isMutation = op.operation === "mutation";
  const root = op.operation === "query" ? schema.getQueryType() : isMutation ? schema.getMutationType() : null;
  if (!root) return [];
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const seenSteps = new Set<string>();
  const push = (to: AccessStep[], scope: string | null, staffOnly: boolean) => {
    if (!scope && !staffOnly) return;
    const key = `${scope}:${staffOnly}`;
    if (seenSteps.has(key)) return;
    seenSteps.add(key);
    to.push({ scope: scope ?? undefined, staffOnly });
  };
  // Each fragment is walked once per root scope: its steps are the same every time (and a document
  // that spreads one fragment many times costs no more than its size).
  const walked = new Set<string>();
  const walk = (set: SelectionSetNode, parent: GraphQLNamedType, rootScope: string | null) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!field) continue;
        const atRoot = parent === root;
        const own = fieldRule(field);
        const to = atRoot ? rootSteps : nestedSteps;
        push(to, own.scope, own.staffOnly);
        if (atRoot) {
          const storeArg = sel.arguments?.find((a) => a.name.value === "storeId");
          if (storeArg) rootSteps.push({ storeId: storeArg.value });
        }
        const fieldRootScope = atRoot ? (isMutation ? own.scope : null) : rootScope;
        const target = getNamedType(field.type);
        const rule = typeScope(target);
        if (rule && !waivedByWrite(rule, fieldRootScope)) push(to, rule.requires, false);
        if (sel.selectionSet) walk(sel.selectionSet, target, fieldRootScope);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = (sel.typeCondition && schema.getType(sel.typeCondition.name.value)) || parent;
        const rule = on !== parent ? typeScope(on) : null;
        if (rule && !waivedByWrite(rule, rootScope)) push(nestedSteps, rule.requires, false);
        walk(sel.selectionSet, on, rootScope);
      } else {
        const frag = fragments.get(sel.name.value);
        const key = `${sel.name.value}\u0000${rootScope}`;
        if (!frag || walked.has(key)) continue;
        walked.add(key);
        walk(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, rootScope);
      }
    }
  };
  walk(op.selectionSet, root, null);
  return [...rootSteps, ...nestedSteps];
}

/** Every scope an operation's document needs, root fields first (what a door's route declares). */
export function scopesOfDocument(schema: GraphQLSchema, document: DocumentNode): string[] {
  const found = new Set<string>();
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const step of accessPlan(schema, { kind: Kind.DOCUMENT, definitions: [def, ...fragments] }, def.name?.value))
      if ("scope" in step && step.scope) found.add(step.scope);
  }
  return [...found];
}

/** The rule a resolved field's result needs, for the per-field check at execution. */
export function fieldTypeScope(field: GraphQLField<unknown, unknown>): TypeScope | null {
  return typeScope(getNamedType(field.type));
}
