// A small history router under /dashboard: paths like /dashboard/settings/developer.
import { useEffect, useState } from "preact/hooks";

export const BASE = "/dashboard";

function current(): string {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return p.replace(/\/+$/, "") || "/";
}

const listeners = new Set<() => void>();

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  const url = BASE + (to === "/" ? "/" : to);
  if (url === location.pathname + location.search) return;
  if (opts.replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  for (const l of listeners) l();
}

/**
 * A page's filters kept in the URL's query string (so a filtered list can be reloaded, shared and
 * navigated back to). Setting a value replaces the history entry; empty values are dropped.
 */
export function useSearchParams(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    const update = () => setSearch(location.search);
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    history.replaceState(null, "", location.pathname + (qs ? `?${qs}` : ""));
    for (const l of listeners) l();
  };
  return [new URLSearchParams(search), set];
}

export function usePath(): string {
  const [path, setPath] = useState(current);
  useEffect(() => {
    const update = () => setPath(current());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return path;
}

/** Matches "/returns/:id" against a path; returns the params or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp("^" + pattern.replace(/:([A-Za-z]+)/g, (_, n) => (names.push(n), "([^/]+)")) + "$");
  const m = re.exec(path);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
}

/** Client-side navigation for same-app links (modifier-clicks keep the browser's behaviour). */
export function onLinkClick(e: MouseEvent) {
  const a = e.currentTarget as HTMLAnchorElement;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const href = a.getAttribute("href");
  if (!href?.startsWith(BASE)) return;
  e.preventDefault();
  navigate(href.slice(BASE.length) || "/");
}

/** What every page gets: the chosen store and the parameters of its path. */
export interface PageProps {
  storeId: string;
  params: Record<string, string>;
}
