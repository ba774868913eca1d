// The package in Node: the WebAssembly module read from beside this file, and files and Node
// streams hashed as they are read.
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
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

/**
 * The most `hashFile` reads at a time. It keeps two buffers of this size and hashes one while
 * the other fills, reused to the end: a read stream's fresh buffer per chunk costs more than
 * the hash (BENCHMARKS.md, "npm package").
 */
const FILE_READ_LEN = 4 << 20;

/** The hasher of `name` given the file at `path` (a FIFO or a device too), read to its end. */
export async function hashFile(name, path, options) {
  const hasher = new Hasher(name, options);
  const file = await open(path);
  try {
    // A small file gets small buffers; a size of 0 may be a pseudo-file or a FIFO with more.
    const { size } = await file.stat();
    const len = Math.min(FILE_READ_LEN, Math.max(64 << 10, size + 1));
    const buffers = [Buffer.allocUnsafeSlow(len), Buffer.allocUnsafeSlow(len)];
    let which = 0;
    // From the current position, one read at a time, as a FIFO needs.
    let reading = file.read(buffers[which], 0, len, null);
    for (;;) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) break;
      const filled = buffers[which];
      which ^= 1;
      reading = file.read(buffers[which], 0, len, null);
      try {
        hasher.update(filled.subarray(0, bytesRead));
      } catch (error) {
        await reading.catch(() => {});
        throw error;
      }
    }
  } finally {
    await file.close();
  }
  return hasher;
}
