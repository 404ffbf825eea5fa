import { render } from "preact";
import { App } from "./app";
import "./styles.css";

const root = document.getElementById("app")!;
root.textContent = ""; // drop the static "Loading…" placeholder
render(<App />, root);
