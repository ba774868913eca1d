// The package in browsers, workers and bundlers: the WebAssembly module fetched beside this
// file and compiled before the API is exported.
import init from "./pkg/iohash_js.js";
import { use } from "./backend.js";
import { webassembly } from "./webassembly.js";

await init({ module_or_path: new URL("./pkg/iohash_js_bg.wasm", import.meta.url) });
use(webassembly);

export * from "./index.js";
