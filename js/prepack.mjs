// `npm pack` and `npm publish` run this first: without js/build.sh's WebAssembly module the
// package would install and fail at import, so packing stops here instead.
import { existsSync, statSync } from "node:fs";

const needed = ["pkg/iohash_js.js", "pkg/iohash_js_bg.wasm"];
const missing = needed.filter((file) => !existsSync(new URL(file, import.meta.url)) || statSync(new URL(file, import.meta.url)).size === 0);
if (missing.length > 0) {
  console.error(`npm pack: ${missing.join(" and ")} missing: run js/build.sh first`);
  process.exit(1);
}
