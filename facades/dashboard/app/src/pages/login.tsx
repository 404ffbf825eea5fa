import { useState } from "preact/hooks";
import { gql } from "../graphql";
import { LOGIN } from "../operations";
import { startSession, takeNotice } from "../session";
import { asError, ErrorMessage } from "../ui";
import { Field } from "../ui-forms";
import type { GraphQLRequestError } from "../graphql";
import type { DashboardLoginMutation } from "../codegen/operations";

export function Login() {
  const [notice] = useState(takeNotice);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphQLRequestError | null>(null);
  document.title = "Log in · Retour dashboard";

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const data = await gql<DashboardLoginMutation>(LOGIN, { email, password });
      startSession({ token: data.login.token, expiresAt: data.login.expiresAt, email: data.login.user.email });
    } catch (err) {
      setError(asError(err));
      setBusy(false);
    }
  }

  return (
    <main class="login" id="main">
      <form class="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Log in to Retour</h1>
        {notice && (
          <p class="notice" role="status">
            {notice}
          </p>
        )}
        <Field label="Email">
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          />
        </Field>
        <Field label="Password">
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
        </Field>
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </form>
    </main>
  );
}
