// Shared building blocks for every page: data hooks, loading/error/empty states, tables that become
// cards at phone width, details and badges. Dialogs and form parts are in ui-forms.tsx.
import { type ComponentChildren, createContext, type JSX } from "preact";
import { useCallback, useContext, useEffect, useState } from "preact/hooks";
import { zonedDateTime } from "../../../../src/core/zoned-time.js";
import { gql, GraphQLRequestError } from "./graphql";
import { BASE, onLinkClick } from "./router";

// ─── Data ─────────────────────────────────────────────────────────────────────

export interface QueryState<T> {
  data: T | null;
  error: GraphQLRequestError | null;
  loading: boolean;
  reload(): void;
}

/** Runs a query when its variables change; keeps the previous data while reloading. */
export function useQuery<T>(query: string, variables: Record<string, unknown>): QueryState<T> {
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ data: T | null; error: GraphQLRequestError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    gql<T>(query, variables).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => live && setState((s) => ({ data: s.data, error: asError(error), loading: false })),
    );
    return () => {
      live = false;
    };
  }, [query, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function asError(e: unknown): GraphQLRequestError {
  return e instanceof GraphQLRequestError ? e : new GraphQLRequestError(String((e as Error)?.message ?? e), "ERROR", 0);
}

/** A mutation runner with busy and error state. `run` resolves to null when it failed. */
export function useMutation<T>(query: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphQLRequestError | null>(null);
  const run = useCallback(
    async (variables: Record<string, unknown>): Promise<T | null> => {
      setBusy(true);
      setError(null);
      try {
        return await gql<T>(query, variables);
      } catch (e) {
        setError(asError(e));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [query],
  );
  return { run, busy, error, clearError: () => setError(null) };
}

// ─── States ───────────────────────────────────────────────────────────────────

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** The core's error as it said it: message, and the problem type for support. */
export function ErrorMessage({ error, onRetry }: { error: GraphQLRequestError | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div class="error" role="alert">
      <strong>{error.title ?? (error.code === "NETWORK" ? "Connection problem" : "Something went wrong")}</strong>
      <p>{error.message}</p>
      {error.type && (
        <p class="muted small">
          Error type: <code>{error.type}</code>
        </p>
      )}
      {onRetry && (
        <button type="button" class="secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <strong>{title}</strong>
      {children && <p>{children}</p>}
    </div>
  );
}

/** Loading → error → content, for a query's state. */
export function QueryView<T>({
  state,
  children,
  label,
}: {
  state: QueryState<T>;
  label?: string;
  children: (data: T) => ComponentChildren;
}) {
  if (state.data === null) {
    if (state.error) return <ErrorMessage error={state.error} onRetry={state.reload} />;
    return <Loading label={label} />;
  }
  return (
    <>
      {state.error && <ErrorMessage error={state.error} onRetry={state.reload} />}
      {children(state.data)}
    </>
  );
}

// ─── Layout ───────────────────────────────────────────────────────────────────

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ComponentChildren;
  actions?: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${title} · Retour dashboard`;
  }, [title]);
  return (
    <header class="page-header">
      <div>
        <h1>{title}</h1>
        {description && <p class="muted">{description}</p>}
      </div>
      {actions && <div class="actions">{actions}</div>}
    </header>
  );
}

export function Section({
  title,
  children,
  actions,
  id,
}: {
  title: string;
  children: ComponentChildren;
  actions?: ComponentChildren;
  id?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section class="card" aria-labelledby={headingId}>
      <div class="section-header">
        <h2 id={headingId}>{title}</h2>
        {actions && <div class="actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function Link({ href, children, ...rest }: { href: string; children: ComponentChildren } & JSX.HTMLAttributes<HTMLAnchorElement>) {
  return (
    <a href={BASE + href} onClick={onLinkClick} {...rest}>
      {children}
    </a>
  );
}

// ─── Lists and details ────────────────────────────────────────────────────────

export interface Column<R> {
  label: string;
  render: (row: R) => ComponentChildren;
  class?: string;
}

/** A table on wide screens, labelled cards on narrow ones; an empty state when there are no rows. */
export function Table<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClass,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  empty: ComponentChildren;
  rowClass?: (row: R) => string | undefined;
}) {
  if (!rows.length) return <>{empty}</>;
  return (
    <div class="table-wrap">
      <table class="table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" class={c.class}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} class={rowClass?.(r)}>
              {columns.map((c) => (
                <td data-label={c.label} class={c.class}>
                  <div class="cell">{c.render(r)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Load more" for Relay connections. */
export function LoadMore({ hasNextPage, loading, onClick }: { hasNextPage: boolean; loading: boolean; onClick: () => void }) {
  if (!hasNextPage) return null;
  return (
    <p class="load-more">
      <button type="button" class="secondary" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? "Loading…" : "Load more"}
      </button>
    </p>
  );
}

/** The foot of a paged list: the error of the last "load more", if any, and the button for the next page. */
export function ListFooter({
  list,
}: {
  list: { pageInfo: { hasNextPage: boolean }; moreLoading: boolean; moreError: GraphQLRequestError | null; loadMore: () => void };
}) {
  return (
    <>
      <ErrorMessage error={list.moreError} onRetry={list.loadMore} />
      <LoadMore hasNextPage={list.pageInfo.hasNextPage} loading={list.moreLoading} onClick={list.loadMore} />
    </>
  );
}

/** Label/value pairs for a detail view. */
export function Details({ items }: { items: [string, ComponentChildren][] }) {
  return (
    <dl class="details">
      {items.map(([k, v]) => (
        <div>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "good" | "warn" | "bad" | "info";
  children: ComponentChildren;
}) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

/** The store's time zone: every page's times are shown in it (app.tsx; the return page reads it afresh); null: the browser's. */
export const StoreZone = createContext<string | null>(null);

/** A time: in the store's zone with the zone named inside a StoreZone (src/core/zoned-time.ts), else in the browser's. */
export function Time({ value, empty = "—" }: { value: string | null | undefined; empty?: string }) {
  const zone = useContext(StoreZone);
  if (!value) return <span class="muted">{empty}</span>;
  const d = new Date(value);
  return (
    <time dateTime={value} title={d.toISOString()}>
      {zone ? zonedDateTime(value, zone) : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}

// ─── Paged lists ──────────────────────────────────────────────────────────────

export interface PageInfoLike {
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * A Relay connection with "load more": the first page through useQuery (so filters re-run it), later
 * pages appended. `pick` finds the connection in the query's data.
 */
export function useConnection<T, D>(
  query: string,
  variables: Record<string, unknown>,
  pick: (data: D) => { nodes: T[]; pageInfo: PageInfoLike } | null,
) {
  const first = useQuery<D>(query, variables);
  const [more, setMore] = useState<{ nodes: T[]; pageInfo: PageInfoLike } | null>(null);
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreError, setMoreError] = useState<GraphQLRequestError | null>(null);
  useEffect(() => {
    setMore(null);
    setMoreError(null);
  }, [first.data]);
  const base = first.data ? pick(first.data) : null;
  const nodes = base ? [...base.nodes, ...(more?.nodes ?? [])] : [];
  const pageInfo = more?.pageInfo ?? base?.pageInfo ?? { hasNextPage: false, endCursor: null };
  const loadMore = async () => {
    setMoreLoading(true);
    setMoreError(null);
    try {
      const next = pick(await gql<D>(query, { ...variables, after: pageInfo.endCursor }));
      if (next) setMore({ nodes: [...(more?.nodes ?? []), ...next.nodes], pageInfo: next.pageInfo });
    } catch (e) {
      setMoreError(asError(e));
    } finally {
      setMoreLoading(false);
    }
  };
  return { state: first, nodes, pageInfo, loadMore, moreLoading, moreError };
}

/** A one-line success message that screen readers announce. */
export function Notice({ children }: { children: ComponentChildren }) {
  if (!children) return null;
  return (
    <p class="notice" role="status">
      {children}
    </p>
  );
}

export function MoneyText({ value }: { value: { amount: string; currency: string } | null | undefined }) {
  if (!value) return <span class="muted">—</span>;
  return (
    <span class="money">
      {value.amount} {value.currency}
    </span>
  );
}
