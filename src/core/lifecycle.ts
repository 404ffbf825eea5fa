// The lifecycle kit: one transition table per entity (action → the states it may start from → the state it
// leads to), reusable guards (conditions on the subject beyond its state, each with its own refusal), and
// ONE function that says which actions a state allows. The entity's service checks every action through
// `refusal`/`transition`, GraphQL's `allowedActions` answers `allowedActions`, and the doors and the
// dashboard read that list instead of deciding; a unit test holds the three equal for every pair.
// Like Medusa's workflows (named steps, each running its guards before it changes anything) and Vendure's
// order state machine (one table of transitions), kept to what the core needs.

/** Where a check happens: the subject's state and the action asked. */
export interface At<S extends string, A extends string> {
  state: S;
  action: A;
}

/** A condition on the subject beyond its state, reused by any transition that needs it. */
export interface Guard<S extends string, A extends string, C> {
  readonly name: string;
  holds(subject: C, at: At<S, A>): boolean;
  /** Its refusal; without one the lifecycle's `refuse.guard` words it. */
  refuse?(subject: C, at: At<S, A>): Error;
}

/** One row of the table: from which states the action may run, where it leads, and what else must hold. */
export interface Transition<S extends string, A extends string, T, C> {
  from: readonly S[];
  to: T;
  guards?: readonly Guard<S, A, C>[];
}

/** What a refusal is told: where it happened, the states the action runs from, the actions allowed there. */
export interface Refused<S extends string, A extends string> extends At<S, A> {
  /** The named step that asked (its words in the message), when a step asked. */
  step?: string;
  from: readonly S[];
  allowed: A[];
}

export interface LifecycleSpec<S extends string, A extends string, T, C> {
  states: readonly S[];
  /** The order `allowedActions` lists them in. */
  actions: readonly A[];
  /** States no action leaves (refused with `refuse.terminal` when given). */
  terminal?: readonly S[];
  transitions: Record<A, Transition<S, A, T, C>>;
  refuse: {
    terminal?: (at: Refused<S, A>) => Error;
    /** The action does not run from this state. */
    state: (at: Refused<S, A>) => Error;
    /** A guard without its own refusal does not hold. */
    guard?: (at: Refused<S, A>, guard: Guard<S, A, C>) => Error;
  };
}

/** A named step: the words a refusal uses for it, and the action of the table it runs. */
export interface Step<A extends string> {
  action: A;
  label: string;
}

export interface Lifecycle<S extends string, A extends string, T, C> {
  readonly spec: LifecycleSpec<S, A, T, C>;
  isTerminal(state: string): boolean;
  /** States that still take an action (the others are terminal). */
  readonly openStates: readonly S[];
  /** Where the table leads `action` from `state`, guards aside; undefined when it does not run there. */
  targetOf(state: S, action: A): T | undefined;
  /** The one answer to "what may be done now": the table's actions from `state`; with a subject, those its guards allow. */
  allowedActions(state: S, subject?: C): A[];
  /** Why `action` may not run from `state` (terminal, or not a state it runs from), or null; `subject` only words the allowed list. */
  stateRefusal(state: S, action: A, subject?: C, step?: string): Error | null;
  /** The refusal of the first of `action`'s guards that does not hold for `subject`, or null. */
  guardRefusal(state: S, action: A, subject: C): Error | null;
  /** Why `action` may not run from `state` for `subject` (the state first, then the guards), or null when it may. */
  refusal(state: S, action: A, subject: C, step?: string): Error | null;
  /** The target of `action`, or throws its refusal. */
  transition(state: S, action: A, subject: C, step?: string): T;
}

export function defineLifecycle<S extends string, A extends string, T, C>(spec: LifecycleSpec<S, A, T, C>): Lifecycle<S, A, T, C> {
  const terminal: readonly string[] = spec.terminal ?? [];
  const runsFrom = (state: S, action: A) => spec.transitions[action].from.includes(state);
  const failing = (state: S, action: A, subject: C) =>
    (spec.transitions[action].guards ?? []).find((g) => !g.holds(subject, { state, action }));
  const allowedActions = (state: S, subject?: C): A[] =>
    spec.actions.filter((a) => runsFrom(state, a) && (subject === undefined || !failing(state, a, subject)));
  const at = (state: S, action: A, subject: C | undefined, step?: string): Refused<S, A> => ({
    state,
    action,
    step,
    from: spec.states.filter((s) => runsFrom(s, action)),
    allowed: allowedActions(state, subject),
  });
  const stateRefusal = (state: S, action: A, subject?: C, step?: string): Error | null => {
    if (terminal.includes(state) && spec.refuse.terminal) return spec.refuse.terminal(at(state, action, subject, step));
    return runsFrom(state, action) ? null : spec.refuse.state(at(state, action, subject, step));
  };
  const guardRefusal = (state: S, action: A, subject: C): Error | null => {
    const guard = failing(state, action, subject);
    if (!guard) return null;
    if (guard.refuse) return guard.refuse(subject, { state, action });
    if (spec.refuse.guard) return spec.refuse.guard(at(state, action, subject), guard);
    throw new Error(`lifecycle: guard ${guard.name} has no refusal and the lifecycle words none`);
  };
  const refusal = (state: S, action: A, subject: C, step?: string): Error | null =>
    stateRefusal(state, action, subject, step) ?? guardRefusal(state, action, subject);
  return {
    spec,
    isTerminal: (state) => terminal.includes(state),
    openStates: spec.states.filter((s) => !terminal.includes(s)),
    targetOf: (state, action) => (runsFrom(state, action) ? spec.transitions[action].to : undefined),
    allowedActions,
    stateRefusal,
    guardRefusal,
    refusal,
    transition(state, action, subject, step) {
      const refused = refusal(state, action, subject, step);
      if (refused) throw refused;
      return spec.transitions[action].to;
    },
  };
}
