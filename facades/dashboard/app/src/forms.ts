// The core's errors shown next to the form field they concern, by the field's label. The core names
// the field by its API path (`extensions.field`, e.g. `input.price` or `scopes`); a form maps the paths
// it sends to its labels. Pure (no DOM): unit-tested in test/unit/dashboard-forms.test.ts.

export interface FieldErrorSource {
  message: string;
  field: string | null;
  /** Every bad field when the core lists them (`extensions.problems`): each shows next to its own field. */
  problems?: { field: string; detail: string }[];
}

/** The form's key of an API path: the path itself or the longest key it starts with (`input.images[0].url` → `input.images`). */
export function keyOf(path: string, labels: Record<string, string>): string | null {
  let best: string | null = null;
  for (const key of Object.keys(labels)) {
    if ((path === key || path.startsWith(key + ".") || path.startsWith(key + "[")) && (!best || key.length > best.length)) best = key;
  }
  return best;
}

/** The message with every `api.path` of the form replaced by its label in quotes. */
export function withLabels(message: string, labels: Record<string, string>): string {
  return message.replace(/`([^`]+)`/g, (whole, path: string) => {
    const key = keyOf(path, labels);
    return key ? `“${labels[key]}”` : whole;
  });
}

/**
 * Splits an error into the message for one field of the form (keyed like `labels`) and the rest, which
 * the form shows as a whole. `local` holds the form's own checks, which come first.
 */
export function fieldErrors<E extends FieldErrorSource>(
  error: E | null,
  labels: Record<string, string>,
  local: Record<string, string | null> = {},
): { fields: Record<string, string>; other: E | null } {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(local)) if (v) fields[k] = v;
  if (!error) return { fields, other: null };
  const problems = error.problems ?? [];
  if (problems.length) {
    // Each problem next to its field; if one concerns no field of the form, the whole error shows above it too.
    let unplaced = false;
    for (const p of problems) {
      const key = keyOf(p.field, labels);
      if (key) fields[key] ??= withLabels(p.detail, labels);
      else unplaced = true;
    }
    return { fields, other: unplaced ? error : null };
  }
  const key = error.field ? keyOf(error.field, labels) : null;
  if (!key) return { fields, other: error };
  fields[key] ??= withLabels(error.message, labels);
  return { fields, other: null };
}
