// Dialogs and form parts shared by the pages: the native <dialog> (focus trapped, Escape closes, focus
// back to the opener), confirmations, copy buttons, a secret shown once, labelled fields with their
// errors, and the CSV download button.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { GraphQLRequestError } from "./graphql";
import { collectCsv, type CsvPage } from "./logic";
import { asError, ErrorMessage } from "./ui";

// ─── Dialogs and actions ──────────────────────────────────────────────────────

/** A modal dialog (native <dialog>): traps focus, Escape closes, focus returns to the opener. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  role,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  footer?: ComponentChildren;
  role?: "dialog" | "alertdialog";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);
  const titleId = `dialog-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} role={role} onCancel={(e) => (e.preventDefault(), onClose())}>
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div class="dialog-body">{children}</div>
          {footer && <div class="dialog-footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
}

/** Asks before a destructive action; shows the core's error if the action fails. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
}: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  error: GraphQLRequestError | null;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" class="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? "Working…" : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <ErrorMessage error={error} />
    </Dialog>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or no clipboard permission: copy through a selected text area.
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand("copy");
    ta.remove();
    return ok;
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary small"
        aria-label={label}
        onClick={async () => {
          setState((await copyText(text)) ? "copied" : "failed");
          setTimeout(() => setState("idle"), 2500);
        }}
      >
        {state === "copied" ? "Copied" : "Copy"}
      </button>
      <span role="status" aria-live="polite" class="visually-hidden">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Copy failed; select the text and copy it by hand" : ""}
      </span>
    </span>
  );
}

/**
 * A secret shown once (an API secret, a signing secret): a warning, the value in a read-only box that
 * selects itself, a copy button, and "I have copied it". The value lives only in the caller's state.
 */
export function SecretOnceDialog({
  secret,
  title,
  label,
  copyLabel,
  testId,
  hint,
  onClose,
  children,
}: {
  /** null: closed. */
  secret: string | null;
  title: string;
  label: string;
  copyLabel: string;
  testId: string;
  hint?: string;
  onClose: () => void;
  /** The warning: why it is shown only now, and what to do with it. */
  children: ComponentChildren;
}) {
  return (
    <Dialog
      open={secret !== null}
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <button type="button" onClick={onClose}>
          I have copied it
        </button>
      }
    >
      {secret !== null && (
        <>
          <p class="warning" role="note">
            {children}
          </p>
          <Field label={label} hint={hint}>
            <input class="secret" readOnly value={secret} onFocus={(e) => (e.target as HTMLInputElement).select()} data-testid={testId} />
          </Field>
          <CopyButton text={secret} label={copyLabel} />
        </>
      )}
    </Dialog>
  );
}

/** A labelled form field; the label wraps the control so clicking it focuses the control. `error` shows under it. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the caller's child, which this label wraps
    <label class={error ? "field invalid" : "field"}>
      <span class="field-label">{label}</span>
      {children}
      {hint && <span class="hint">{hint}</span>}
      <FieldError message={error} />
    </label>
  );
}

/** The foot of a form in a dialog: the error no field holds, Close, and the submit button (busy while it runs). */
export function FormFooter({
  error,
  busy,
  submitLabel,
  busyLabel,
  onClose,
}: {
  error: GraphQLRequestError | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      <ErrorMessage error={error} />
      <div class="dialog-footer">
        <button type="button" class="secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

/** One field's error, announced when it appears. */
/** The location filter of a list page: "All locations" or one; the choice lives in the URL's `location`. */
export function LocationFilter({
  locations,
  value,
  onChange,
}: {
  locations: { id: string; name: string }[];
  value: string;
  onChange: (locationId: string | null) => void;
}) {
  return (
    <Field label="Location">
      <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value || null)}>
        <option value="">All locations</option>
        {locations.map((l) => (
          <option value={l.id}>{l.name}</option>
        ))}
      </select>
    </Field>
  );
}

export function FieldError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <span class="field-error" role="alert">
      {message}
    </span>
  );
}

/**
 * For dialogs a page mounts only while they are open: remember the button that opened one, and give it
 * focus back when the dialog goes (if that button is still on the page).
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = (e: Event) => {
    opener.current = e.currentTarget as HTMLElement;
  };
  const restore = () => {
    const o = opener.current;
    opener.current = null;
    setTimeout(() => {
      if (o?.isConnected) o.focus();
    }, 0);
  };
  return { remember, restore };
}

/** A button that fetches every page of a CSV and saves the joined file as `filename`; a failure shows beside it. */
export function CsvDownloadButton({
  label,
  filename,
  fetchPage,
  secondary,
}: {
  label: string;
  filename: string;
  fetchPage: (after: string | null) => Promise<CsvPage>;
  secondary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphQLRequestError | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const csv = await collectCsv(fetchPage);
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(asError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button type="button" class={secondary ? "secondary" : undefined} onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? "Preparing CSV…" : label}
      </button>
      <ErrorMessage error={error} />
    </div>
  );
}
