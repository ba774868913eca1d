// The npm package beside its peers in Node: `npm install` here, `../../js/build.sh`, then
// `node benches/js/node.mjs [ALGORITHM...]`. Prints a Markdown table: each way's time per call,
// throughput, and iohash's time over the peer's.
import * as iohash from "../../js/node.js";
import * as hashWasm from "hash-wasm";
import xxhashWasm from "xxhash-wasm";
import * as nodeRs from "@node-rs/xxhash";
import * as awsCrc64 from "@aws-sdk/crc64-nvme";
import adler32 from "adler-32";
import * as nodeRsCrc32 from "@node-rs/crc32";
import * as awsCrt from "@aws-sdk/crc64-nvme-crt";
import zlib from "node:zlib";
import { readFileSync } from "node:fs";
import { initSync } from "../../js/pkg/iohash_js.js";
import { webassembly } from "../../js/webassembly.js";
import { ways, run } from "./cases.mjs";
import { printer } from "./table.mjs";

const only = process.argv.slice(2);
// The WebAssembly backend beside the addon: its module started here, as node.js would, and
// hashed through as index.js's hash() does.
let wasm;
if (iohash.backend === "native") {
  initSync({ module: readFileSync(new URL("../../js/pkg/iohash_js_bg.wasm", import.meta.url)) });
  wasm = (name) => {
    const raw = webassembly.hasher(name, 0n);
    const length = raw.digestLength;
    return (data) => {
      raw.reset();
      webassembly.update(raw, data);
      return length > 4 ? raw.value64() : BigInt(raw.value32());
    };
  };
}
const peers = { hashWasm, xxhashWasm, nodeRs, nodeRsCrc32, awsCrc64, awsCrt, zlib, adler32, wasm };
const list = await ways(iohash, peers);
const print = printer();
console.log(`Node ${process.version}, iohash backend: ${iohash.backend}`);
for await (const result of run(list, { only: only.length ? only : undefined })) print(result);
