// The JavaScript benchmarks in Chromium: cases.mjs's ways and run(), as node.mjs runs them, with
// the peers a browser can load. It runs the algorithms the query string names (`?only=XXH64`;
// all without it), tells chromium.mjs of each peer left out through `window.note(line)` and of
// each result through `window.report(result)`; `window.finished` is a promise of the end.
import * as iohash from "../../js/browser.js";
import * as hashWasm from "hash-wasm";
import xxhashWasm from "xxhash-wasm";
// @aws-sdk/crc64-nvme's browser build exports this class as its Crc64Nvme. The class's file is
// loaded alone: the rest of the package imports files without their extensions, which only
// Node and bundlers resolve.
import { Crc64NvmeJs } from "./node_modules/@aws-sdk/checksums/dist-es/submodules/crc/crc64-nvme/Crc64NvmeJs.js";
import { ways, run } from "./cases.mjs";

async function main() {
  window.note("@node-rs/xxhash: left out, a native Node addon that browsers cannot load");
  window.note("@aws-sdk/crc64-nvme: its browser build's Crc64Nvme, the JavaScript path (Crc64NvmeJs)");
  const only = new URLSearchParams(location.search).get("only");
  const list = await ways(iohash, { hashWasm, xxhashWasm, awsCrc64: { Crc64Nvme: Crc64NvmeJs } });
  for await (const result of run(list, { only: only ? only.split(",") : undefined })) await window.report(result);
}

window.finished = main();
