// The guides (facades/dashboard/guides/*.md) as HTML pages under /docs/guides/<name>, rendered once at
// start-up with marked. Raw HTML in the markdown is shown as text, never passed through (comments,
// such as a guide's `<!-- examples: … -->` marker, are dropped); links between guides lose their `.md`.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Marked, type Tokens } from "marked";

export const GUIDES_DIR = join(dirname(fileURLToPath(import.meta.url)), "guides");

export interface Guide {
  name: string;
  title: string;
  /** The whole page. */
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GitHub's heading anchors, so `guide.md#a-heading` links work both on GitHub and here. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>|&#?\w+;/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");

function markdown() {
  return new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === "link") {
        const link = token as Tokens.Link;
        // Another guide (`webhooks.md#x`) → its page (`webhooks#x`); absolute URLs stay as they are.
        if (!/^[a-z]+:|^\/|^#/i.test(link.href)) link.href = link.href.replace(/\.md(?=#|$)/, "");
      }
    },
    renderer: {
      html({ text }) {
        return /^\s*<!--[\s\S]*-->\s*$/.test(text) ? "" : escapeHtml(text);
      },
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${slug(inner)}">${inner}</h${depth}>\n`;
      },
    },
  });
}

function page(title: string, nav: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · Retour guides</title>
  <link rel="stylesheet" href="/docs/docs.css">
  <link rel="stylesheet" href="/docs/guides.css">
</head>
<body>
  <header class="docs-header">
    <strong>Retour guides</strong>
    <nav aria-label="Documentation">
      <a href="/docs/">API reference</a>
      <a href="/dashboard/">Dashboard</a>
    </nav>
  </header>
  <div class="guides">
    <nav class="guides-nav" aria-label="Guides">${nav}</nav>
    <main class="guide">${body}</main>
  </div>
</body>
</html>
`;
}

/** Every guide of dir, by name (file name without `.md`); `index` first in the navigation. */
export function renderGuides(dir = GUIDES_DIR): Map<string, Guide> {
  const marked = markdown();
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => ({ name: f.slice(0, -3), text: readFileSync(join(dir, f), "utf8") }))
    .map((g) => ({ ...g, title: /^#\s+(.+)$/m.exec(g.text)?.[1].replace(/[`*_]/g, "") ?? g.name }))
    .sort((a, b) => (a.name === "index" ? -1 : b.name === "index" ? 1 : a.title.localeCompare(b.title)));
  const guides = new Map<string, Guide>();
  for (const g of sources) {
    const nav = `<ul>${sources
      .map(
        (o) =>
          `<li><a href="/docs/guides/${o.name}"${o.name === g.name ? ' aria-current="page"' : ""}>${escapeHtml(o.name === "index" ? "All guides" : o.title)}</a></li>`,
      )
      .join("")}</ul>`;
    guides.set(g.name, { name: g.name, title: g.title, html: page(g.title, nav, marked.parse(g.text) as string) });
  }
  return guides;
}
