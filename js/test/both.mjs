// `npm test`: the whole suite once on each backend, the native addon first (where js/build.sh
// built one for this platform) and then WebAssembly (IOHASH_BACKEND=webassembly). Without an
// addon the native run is skipped with one line; IOHASH_REQUIRE_ADDON=1 (CI) fails instead.
import { spawnSync } from "node:child_process";

const run = (backend) =>
  spawnSync(process.execPath, ["--test", ...process.argv.slice(2), "test/"], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, IOHASH_BACKEND: backend },
    stdio: "inherit",
  }).status;

const probe = spawnSync(process.execPath, ["-e", 'import("iohash").then((m) => process.stdout.write(m.backend))'], {
  cwd: new URL("..", import.meta.url),
  env: { ...process.env, IOHASH_BACKEND: "" },
  encoding: "utf8",
});
let failed = false;
if (probe.stdout === "native") {
  console.log("--- the native addon");
  if (run("native") !== 0) failed = true;
} else if (process.env.IOHASH_REQUIRE_ADDON === "1") {
  console.log(`the native addon does not load (IOHASH_REQUIRE_ADDON=1): ${probe.stderr || probe.stdout}`);
  failed = true;
} else {
  console.log("no native addon for this platform (js/build.sh builds one): its run is skipped");
}
console.log("--- WebAssembly");
if (run("webassembly") !== 0) failed = true;
process.exit(failed ? 1 : 0);
