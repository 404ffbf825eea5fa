// Return tags in the dashboard: the pills, the tag filter of the returns list, tagging and untagging on
// a return's page, and a small manager of the store's catalogue (create, recolour, rename, delete).
// Every change is a GraphQL mutation of the core; renames and deletes reach the returns there.
import { useState } from "preact/hooks";
import { DELETE_RETURN_TAG, RETURN_TAGS, TAG_RETURN, UNTAG_RETURN, UPSERT_RETURN_TAG } from "./return-tags.ops";
import { Badge, ErrorMessage, Section, useMutation, useQuery } from "../ui";
import { Field } from "../ui-forms";
import { PILL_THEMES } from "../../../../../src/returns/tag-shapes";

export interface ReturnTagInfo {
  name: string;
  pillTheme: string;
  returnCount: number;
}

/** The dashboard's badge tone closest to a pill theme. */
export function pillTone(theme: string | undefined): "neutral" | "good" | "warn" | "bad" | "info" {
  if (!theme) return "neutral";
  if (/SUCCESS|GREEN/.test(theme)) return "good";
  if (/DANGER|RED|ERROR|PINK/.test(theme)) return "bad";
  if (/YELLOW|ORANGE|WARNING/.test(theme)) return "warn";
  if (/BLUE|NAVY|PRIMARY|BRAND|INDIGO|PURPLE/.test(theme)) return "info";
  return "neutral";
}

const themeLabel = (t: string) => t.charAt(0) + t.slice(1).toLowerCase().replace(/_/g, " ");

export function TagPill({ name, theme }: { name: string; theme?: string }) {
  return <Badge tone={pillTone(theme)}>{name}</Badge>;
}

export function TagPills({ tags, themes }: { tags: { name: string }[]; themes: Map<string, string> }) {
  if (!tags.length) return null;
  return (
    <span class="tag-pills">
      {tags.map((t) => (
        <>
          <TagPill name={t.name} theme={themes.get(t.name)} />{" "}
        </>
      ))}
    </span>
  );
}

export function useReturnTags(storeId: string) {
  const q = useQuery<{ returnTags: ReturnTagInfo[] }>(RETURN_TAGS, { storeId });
  const tags = q.data?.returnTags ?? [];
  return { tags, themes: new Map(tags.map((t) => [t.name, t.pillTheme])), reload: q.reload, error: q.error };
}

function ThemeSelect({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
      {PILL_THEMES.map((t) => (
        <option value={t}>{themeLabel(t)}</option>
      ))}
    </select>
  );
}

type TaggedReturn = { id: string; storeId: string; updatedAt: string; tags: { name: string; source: string }[] };

/** The tags of one return, each removable, and a choice of the store's other tags to add. */
export function ReturnTagsSection({
  ret,
  onChanged,
}: {
  ret: TaggedReturn;
  onChanged: (r: Pick<TaggedReturn, "tags" | "updatedAt">) => void;
}) {
  const { tags, themes } = useReturnTags(ret.storeId);
  const add = useMutation<{ tagReturn: TaggedReturn }>(TAG_RETURN);
  const remove = useMutation<{ untagReturn: TaggedReturn }>(UNTAG_RETURN);
  const [choice, setChoice] = useState("");
  const carried = new Set(ret.tags.map((t) => t.name));
  const others = tags.filter((t) => !carried.has(t.name));
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!choice) return;
    const res = await add.run({ id: ret.id, names: [choice] });
    if (res) {
      setChoice("");
      onChanged(res.tagReturn);
    }
  };
  const untag = async (name: string) => {
    const res = await remove.run({ id: ret.id, names: [name] });
    if (res) onChanged(res.untagReturn);
  };
  return (
    <Section title="Tags">
      {ret.tags.length ? (
        <ul class="tag-list" aria-label="Tags of this return">
          {ret.tags.map((t) => (
            <li>
              <TagPill name={t.name} theme={themes.get(t.name)} />{" "}
              <button
                type="button"
                class="secondary small"
                disabled={remove.busy}
                onClick={() => untag(t.name)}
                aria-label={`Remove tag ${t.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No tags.</p>
      )}
      <ErrorMessage error={add.error ?? remove.error} />
      {others.length ? (
        <form class="inline-form" onSubmit={submit} aria-label="Tag this return">
          <Field label="Add a tag">
            <select name="tag" aria-label="Add a tag" value={choice} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
              <option value="">Choose a tag…</option>
              {others.map((t) => (
                <option value={t.name}>{t.name}</option>
              ))}
            </select>
          </Field>
          <button type="submit" disabled={add.busy || !choice} aria-busy={add.busy}>
            {add.busy ? "Adding…" : "Add tag"}
          </button>
        </form>
      ) : (
        <p class="muted small">
          {tags.length ? "This return carries every tag of the store." : "Create tags on the Returns page (Return tags)."}
        </p>
      )}
    </Section>
  );
}

/** One tag of the catalogue: recolour, rename, delete (deleting asks once more). */
function TagRow({ storeId, tag, onChanged }: { storeId: string; tag: ReturnTagInfo; onChanged: () => void }) {
  const save = useMutation(UPSERT_RETURN_TAG);
  const del = useMutation(DELETE_RETURN_TAG);
  const [name, setName] = useState(tag.name);
  const [theme, setTheme] = useState(tag.pillTheme);
  const [confirming, setConfirming] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await save.run({ storeId, name: tag.name, pillTheme: theme, newName: name !== tag.name ? name : null });
    if (res) onChanged();
  };
  const remove = async () => {
    if (!confirming) return setConfirming(true);
    if (await del.run({ storeId, name: tag.name })) onChanged();
  };
  return (
    <li>
      <form class="inline-form" onSubmit={submit} aria-label={`Tag ${tag.name}`}>
        <TagPill name={tag.name} theme={tag.pillTheme} />
        <span class="muted small">
          {tag.returnCount} return{tag.returnCount === 1 ? "" : "s"}
        </span>
        <input
          name="name"
          aria-label={`Name of tag ${tag.name}`}
          maxLength={255}
          required
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <ThemeSelect label={`Colour of tag ${tag.name}`} value={theme} onChange={setTheme} />
        <button type="submit" class="small" disabled={save.busy || !name.trim() || (name === tag.name && theme === tag.pillTheme)}>
          Save
        </button>
        <button type="button" class="secondary small" disabled={del.busy} onClick={remove}>
          {confirming ? `Delete from ${tag.returnCount} return${tag.returnCount === 1 ? "" : "s"}?` : "Delete"}
        </button>
      </form>
      <ErrorMessage error={save.error ?? del.error} />
    </li>
  );
}

/** The store's tag catalogue: create a tag, recolour, rename (reaches every return) or delete one. */
export function TagManager({ storeId, tags, onChanged }: { storeId: string; tags: ReturnTagInfo[]; onChanged: () => void }) {
  const create = useMutation(UPSERT_RETURN_TAG);
  const [name, setName] = useState("");
  const [theme, setTheme] = useState("NORMAL");
  const submit = async (e: Event) => {
    e.preventDefault();
    if (tags.some((t) => t.name === name)) return;
    if (await create.run({ storeId, name, pillTheme: theme })) {
      setName("");
      onChanged();
    }
  };
  return (
    <Section title="Return tags">
      <details>
        <summary>Manage tags ({tags.length})</summary>
        <p class="muted small">A rename reaches every return carrying the tag; deleting a tag removes it from every return.</p>
        {tags.length ? (
          <ul class="tag-list" aria-label="The store's tags">
            {tags.map((t) => (
              <TagRow key={`${t.name}:${t.pillTheme}`} storeId={storeId} tag={t} onChanged={onChanged} />
            ))}
          </ul>
        ) : (
          <p class="muted">No tags yet.</p>
        )}
        <form class="inline-form" onSubmit={submit} aria-label="Create a tag">
          <Field label="New tag" error={tags.some((t) => t.name === name) ? "A tag of this name exists." : undefined}>
            <input name="newTag" maxLength={255} required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </Field>
          <Field label="Colour">
            <ThemeSelect label="Colour of the new tag" value={theme} onChange={setTheme} />
          </Field>
          <button type="submit" disabled={create.busy || !name.trim()} aria-busy={create.busy}>
            {create.busy ? "Creating…" : "Create tag"}
          </button>
        </form>
        <ErrorMessage error={create.error} />
      </details>
    </Section>
  );
}
