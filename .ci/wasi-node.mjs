// Runs a WebAssembly (WASI preview 1) program under Node: cargo's runner for the
// wasm32-wasip1 target (CARGO_TARGET_WASM32_WASIP1_RUNNER), so `cargo test` runs the
// library's tests on WebAssembly with Node's own engine. The file system is the host's.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env: process.env,
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
