// The staff session: the token from `login`, kept in localStorage so a reload stays logged in.
// It ends on logout, at its expiry time, or when the core answers UNAUTHENTICATED.
export interface Session {
  token: string;
  expiresAt: string;
  email: string;
}

const KEY = "retour.session";
const STORE_KEY = "retour.store";
type Listener = () => void;
const listeners = new Set<Listener>();
let notice: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function read(): Session | null {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? "null") as Session | null;
    return s && typeof s.token === "string" ? s : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

function schedule(s: Session | null) {
  clearTimeout(timer);
  if (!s) return;
  const ms = new Date(s.expiresAt).getTime() - Date.now();
  // setTimeout overflows past ~24.8 days; sessions are hours long.
  if (ms <= 0) return void end("Your session has expired. Log in again.");
  timer = setTimeout(() => end("Your session has expired. Log in again."), Math.min(ms, 2 ** 31 - 1));
}

export function currentSession(): Session | null {
  const s = read();
  if (s && new Date(s.expiresAt).getTime() <= Date.now()) {
    localStorage.removeItem(KEY);
    notice = "Your session has expired. Log in again.";
    return null;
  }
  return s;
}

export function startSession(s: Session) {
  localStorage.setItem(KEY, JSON.stringify(s));
  notice = null;
  schedule(s);
  emit();
}

/** Ends the session locally, with a message for the login page (e.g. why it ended). */
export function end(message: string | null = null) {
  clearTimeout(timer);
  const had = read() !== null;
  localStorage.removeItem(KEY);
  notice = message;
  if (had || message) emit();
}

/** The message to show on the login page once (why the previous session ended). */
export function takeNotice(): string | null {
  const n = notice;
  notice = null;
  return n;
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function chosenStore(): string | null {
  return localStorage.getItem(STORE_KEY);
}

export function chooseStore(id: string) {
  localStorage.setItem(STORE_KEY, id);
}

// Another tab logged in or out.
window.addEventListener("storage", (e) => {
  if (e.key === KEY) {
    schedule(read());
    emit();
  }
});
schedule(read());
