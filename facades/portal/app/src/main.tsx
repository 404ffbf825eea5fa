// The shopper portal: reads the store's public face the door wrote into the page, picks the language
// (`?lang=`, else the browser's languages, among the portal's), brands the page and opens the return flow
// or, at /portal/{handle}/returns/{token}, the return's status page.
import { render } from "preact";
import type { Portal } from "./api";
import { chooseLanguage, isLang } from "./catalogue";
import { Flow } from "./flow";
import { StatusPage } from "./status";
import { currentLang, setLang, t } from "./ui";
import "./styles.css";

const data = JSON.parse(document.getElementById("portal-data")?.textContent ?? "{}") as { portal: Portal };
const portal = data.portal;
const params = new URLSearchParams(location.search);
const asked = params.get("lang");
setLang(chooseLanguage([...(asked ? [asked] : []), ...navigator.languages], portal.languages));
document.documentElement.style.setProperty("--accent", portal.accentColor);

function Header() {
  const others = portal.languages.filter((l) => l !== currentLang() && isLang(l));
  const link = (l: string) => {
    const u = new URL(location.href);
    u.searchParams.set("lang", l);
    return u.pathname + u.search;
  };
  return (
    <header class="brand">
      {portal.logoUrl ? <img src={portal.logoUrl} alt={portal.displayName} class="logo" /> : <span class="name">{portal.displayName}</span>}
      <span class="sub">{t("portalTitle")}</span>
      {others.length > 0 && (
        <nav aria-label={t("language")}>
          {others.map((l) => (
            <a key={l} href={link(l)} lang={l} hrefLang={l}>
              {l === "fr" ? "Français" : "English"}
            </a>
          ))}
        </nav>
      )}
    </header>
  );
}

const status = /^\/portal\/[^/]+\/returns\/([^/]+)\/?$/.exec(location.pathname);

const root = document.getElementById("app")!;
root.textContent = ""; // drop the page's "Loading…" line
render(
  <>
    <Header />
    <main>{status ? <StatusPage portal={portal} token={decodeURIComponent(status[1])} /> : <Flow portal={portal} params={params} />}</main>
  </>,
  root,
);
