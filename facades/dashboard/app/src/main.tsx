import { render } from "preact";
import { App } from "./app";
// The stylesheet by what it styles, in cascade order (a later file may refine an earlier one's rules).
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";
import "./styles/editors.css";
import "./styles/small-screens.css";
import "./styles/pages.css";
import "./styles/overview.css";
import "./styles/operations.css";

const root = document.getElementById("app")!;
root.textContent = ""; // drop the static "Loading…" placeholder
render(<App />, root);
