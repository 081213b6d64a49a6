import { render } from "preact";
import "./styles.css";
import { initLang } from "./i18n";
import { App } from "./ui/App";
import { store } from "./state/store";

initLang();
render(<App />, document.getElementById("app")!);
store.start();
