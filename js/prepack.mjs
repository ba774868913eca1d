// `npm pack` and `npm publish` run this first. Without js/build.sh's WebAssembly module the
// package would install and fail at import, so packing stops here instead. The licence texts
// live at the repository's top, outside the package's folder, and npm packs no link to them:
// they are copied in (git ignores the copies).
import { copyFileSync, existsSync, statSync } from "node:fs";

const here = (file) => new URL(file, import.meta.url);
const needed = ["pkg/iohash_js.js", "pkg/iohash_js_bg.wasm"];
const missing = needed.filter((file) => !existsSync(here(file)) || statSync(here(file)).size === 0);
if (missing.length > 0) {
  console.error(`npm pack: ${missing.join(" and ")} missing: run js/build.sh first`);
  process.exit(1);
}
for (const licence of ["LICENSE-MIT", "LICENSE-APACHE"]) copyFileSync(here(`../${licence}`), here(licence));
