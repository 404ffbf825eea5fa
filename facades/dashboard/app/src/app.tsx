// The shell: login gate, the logged-in layout (store, navigation, log out) and the route table.
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { gql } from "./graphql";
import { LOGOUT, VIEWER } from "./operations";
import { chooseStore, chosenStore, currentSession, end, onSessionChange } from "./session";
import { BASE, match, navigate, type PageProps, usePath } from "./router";
import { ErrorMessage, Link, Loading, PageHeader, StoreZone, useQuery } from "./ui";
import { Login } from "./pages/login";
import { Developer } from "./pages/developer";
import { CheckoutRouting } from "./pages/checkout";
import { AbTest, AbTests } from "./pages/ab-tests";
import { Returns } from "./pages/returns";
import { ReturnPage } from "./pages/return-page";
import { Inventory, InventoryItem } from "./pages/inventory";
import { Overview } from "./pages/overview";
import { Webhook, Webhooks } from "./pages/webhooks";
import { InboundShipment, InboundShipments } from "./pages/inbound";
import { Product, Products } from "./pages/products";
import { Invoice, Invoices } from "./pages/invoices";
import { Customer, Customers } from "./pages/customers";
import { Attention } from "./pages/attention";
import { ReturnPolicyPage } from "./pages/policy";
import { PortalSettingsPage } from "./pages/portal";
import { EmailOutbox } from "./pages/outbox";
import { ShopConnectionPage } from "./pages/shop";

interface Route {
  path: string;
  /** Label in the navigation; routes without one (details) are reached by links. */
  nav?: string;
  component: ComponentType<PageProps>;
}

/** The pages. A new page is one line here (and its module under pages/). */
export const ROUTES: Route[] = [
  { path: "/overview", nav: "Overview", component: Overview },
  { path: "/returns", nav: "Returns", component: Returns },
  { path: "/returns/:id", component: ReturnPage },
  { path: "/attention", nav: "Needs attention", component: Attention },
  { path: "/customers", nav: "Customers", component: Customers },
  { path: "/customers/:id", component: Customer },
  { path: "/webhooks", nav: "Webhooks", component: Webhooks },
  { path: "/webhooks/:id", component: Webhook },
  { path: "/inbound", nav: "Inbound", component: InboundShipments },
  { path: "/inbound/:id", component: InboundShipment },
  { path: "/products", nav: "Products", component: Products },
  { path: "/products/:id", component: Product },
  { path: "/inventory", nav: "Inventory", component: Inventory },
  { path: "/inventory/:id", component: InventoryItem },
  { path: "/invoices", nav: "Invoices", component: Invoices },
  { path: "/invoices/:id", component: Invoice },
  { path: "/return-policy", nav: "Return policy", component: ReturnPolicyPage },
  { path: "/checkout", nav: "Checkout routing", component: CheckoutRouting },
  { path: "/ab-tests", nav: "A/B tests", component: AbTests },
  { path: "/ab-tests/:id", component: AbTest },
  { path: "/emails", nav: "Shopper emails", component: EmailOutbox },
  { path: "/settings/portal", nav: "Settings · Returns portal", component: PortalSettingsPage },
  { path: "/settings/shop", nav: "Settings · Shop", component: ShopConnectionPage },
  { path: "/settings/developer", nav: "Settings · Developer", component: Developer },
];
const HOME = "/returns";

let afterLogin: string | null = null;

export function App() {
  const [session, setSession] = useState(currentSession);
  useEffect(() => onSessionChange(() => setSession(currentSession())), []);
  const path = usePath();

  useEffect(() => {
    if (!session && path !== "/login") {
      afterLogin = path;
      navigate("/login", { replace: true });
    } else if (session && path === "/login") {
      navigate(afterLogin && afterLogin !== "/login" ? afterLogin : HOME, { replace: true });
      afterLogin = null;
    } else if (session && path === "/") {
      navigate(HOME, { replace: true });
    }
  }, [session, path]);

  if (!session) return <Login />;
  return <Shell path={path} />;
}

interface ViewerData {
  viewer: { __typename: string; user?: { email: string; name: string }; stores?: { id: string; name: string; timeZone: string }[] };
}

function Shell({ path }: { path: string }) {
  const viewer = useQuery<ViewerData>(VIEWER, {});
  const [storeId, setStoreId] = useState(chosenStore);
  const [menuOpen, setMenuOpen] = useState(false);
  const v = viewer.data?.viewer;

  useEffect(() => {
    // A token the core no longer accepts reads as anonymous: the session is over.
    if (v && v.__typename !== "StaffViewer") end("Your session has expired. Log in again.");
  }, [v]);
  useEffect(() => setMenuOpen(false), [path]);

  if (!v) {
    return (
      <main class="main narrow">
        {viewer.error ? <ErrorMessage error={viewer.error} onRetry={viewer.reload} /> : <Loading label="Loading your stores…" />}
      </main>
    );
  }
  const stores = v.stores ?? [];
  const store = stores.find((s) => s.id === storeId) ?? stores[0];

  let page = null;
  for (const r of ROUTES) {
    const params = match(r.path, path);
    if (params) {
      const Page = r.component;
      // Every time a page shows is in the store's time zone, the zone named (ui.tsx Time).
      page = store ? (
        <StoreZone.Provider value={store.timeZone}>
          <Page key={`${store.id}${path}`} storeId={store.id} params={params} />
        </StoreZone.Provider>
      ) : null;
      break;
    }
  }

  async function logout() {
    try {
      await gql(LOGOUT);
    } catch {
      // Already expired or unreachable: the local session ends either way.
    }
    end("You have logged out.");
  }

  return (
    <div class="layout">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href={`${BASE}/`}>
          Retour
        </a>
        <button
          type="button"
          class="menu-toggle secondary small"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="main-nav" class={menuOpen ? "nav open" : "nav"} aria-label="Main">
          <ul>
            {ROUTES.filter((r) => r.nav).map((r) => (
              <li>
                <Link href={r.path} aria-current={path === r.path || path.startsWith(r.path + "/") ? "page" : undefined}>
                  {r.nav}
                </Link>
              </li>
            ))}
            <li>
              <a href="/docs/">API reference</a>
            </li>
          </ul>
        </nav>
        <div class="account">
          {stores.length > 1 ? (
            <label class="store-picker">
              <span class="visually-hidden">Store</span>
              <select
                value={store?.id}
                onChange={(e) => {
                  const id = (e.target as HTMLSelectElement).value;
                  chooseStore(id);
                  setStoreId(id);
                }}
              >
                {stores.map((s) => (
                  <option value={s.id}>{s.name}</option>
                ))}
              </select>
            </label>
          ) : (
            <span class="store-name">{store?.name}</span>
          )}
          <span class="muted small user-email">{v.user?.email}</span>
          <button type="button" class="secondary small" onClick={logout}>
            Log out
          </button>
        </div>
      </header>
      <main id="main" class="main" tabIndex={-1}>
        {!store ? (
          <PageHeader
            title="No store"
            description="Your user is not a member of any store yet. Ask a store owner to add you, or create one with the CLI."
          />
        ) : (
          (page ?? (
            <>
              <PageHeader title="Page not found" description="There is no dashboard page at this address." />
              <p>
                <Link href={HOME}>Go to the dashboard home</Link>
              </p>
            </>
          ))
        )}
      </main>
    </div>
  );
}
