// The WebAssembly backend: the module built from js/src/lib.rs, which every engine runs. Bytes
// reach it through an input buffer in its memory, a chunk at a time.
import * as wasm from "./pkg/iohash_js.js";

/**
 * The module's input buffer as bytes, made on first use (the module is not ready while this file
 * loads) and again whenever the module's memory grows, which detaches the view before.
 */
let input = new Uint8Array();

/** Hashes `bytes` into `raw` (a hasher or an S3 checksum) through the input buffer. */
function feed(raw, bytes) {
  if (input.byteLength === 0) {
    const at = wasm.inputAt(); // (first: making the buffer can grow the memory)
    input = new Uint8Array(wasm.moduleMemory().buffer, at, wasm.inputLength());
  }
  if (bytes.length <= input.length) {
    // One copy: `set` reads all of a view of the same memory before it writes.
    input.set(bytes);
    raw.updateInput(bytes.length);
    return;
  }
  // A view of the module's own memory may span the input buffer, which each chunk's copy
  // overwrites: such bytes are copied out first, so what is hashed is what was passed.
  if (bytes.buffer === input.buffer) bytes = bytes.slice();
  for (let at = 0; at < bytes.length; at += input.length) {
    const chunk = bytes.subarray(at, at + input.length);
    input.set(chunk);
    raw.updateInput(chunk.length);
  }
}

/**
 * What index.js asks of a backend: `name`; hashers made (`hasher`, `restore`) and fed
 * (`update`); S3 composite checksums (`s3`); `base64`. A backend may add `once` (a one-shot
 * of up to 128 bits in one call), `updateAsync` (off the calling thread) and `hashFile`.
 * Hashers answer value32/value64/value/valueBytes, reset, copy, save, combine, algorithm,
 * digestLength, seed, and may have `free`.
 */
export const webassembly = {
  name: "webassembly",
  hasher: (name, seed) => new wasm.Hasher(name, seed),
  restore: (bytes) => wasm.Hasher.restore(bytes),
  update: feed,
  s3: (name, partSize) => new wasm.S3CompositeChecksum(name, partSize),
  base64: (bytes) => wasm.base64(bytes),
};
