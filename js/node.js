// The package in Node: the WebAssembly module read from beside this file, and files and Node
// streams hashed as they are read.
import { createReadStream, readFileSync } from "node:fs";
import { initSync } from "./pkg/iohash_js.js";
import { Hasher } from "./index.js";

initSync({ module: readFileSync(new URL("./pkg/iohash_js_bg.wasm", import.meta.url)) });

export * from "./index.js";

/** The hasher of `name` given everything a Node Readable stream of Buffers yields. */
export async function hashNodeStream(name, stream, options) {
  const hasher = new Hasher(name, options);
  for await (const chunk of stream) hasher.update(chunk);
  return hasher;
}

/** The hasher of `name` given the file at `path`, read 1 MiB at a time. */
export function hashFile(name, path, options) {
  return hashNodeStream(name, createReadStream(path, { highWaterMark: 1 << 20 }), options);
}
