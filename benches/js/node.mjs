// The npm package beside its peers in Node: `npm install` here, `../../js/build.sh`, then
// `node benches/js/node.mjs [ALGORITHM...]`. Prints a Markdown table: each way's time per call,
// throughput, and iohash's time over the peer's.
import * as iohash from "../../js/node.js";
import * as hashWasm from "hash-wasm";
import xxhashWasm from "xxhash-wasm";
import * as nodeRs from "@node-rs/xxhash";
import * as awsCrc64 from "@aws-sdk/crc64-nvme";
import { ways, run } from "./cases.mjs";

const only = process.argv.slice(2);
const list = await ways(iohash, { hashWasm, xxhashWasm, nodeRs, awsCrc64 });
const ours = new Map();
const size = (bytes) => (bytes >= 1 << 20 ? `${bytes >> 20} MiB` : bytes >= 1024 ? `${bytes >> 10} KiB` : `${bytes} B`);
console.log(`Node ${process.version}\n\n| hash | size | side | ns a call | GB/s | iohash's time over this |\n|---|---|---|---|---|---|`);
for await (const { algorithm, size: bytes, side, seconds } of run(list, { only: only.length ? only : undefined })) {
  const key = `${algorithm} ${bytes}`;
  if (side === "iohash") ours.set(key, seconds);
  const ratio = side === "iohash" ? "" : (ours.get(key) / seconds).toFixed(2);
  console.log(`| ${algorithm} | ${size(bytes)} | ${side} | ${(seconds * 1e9).toFixed(1)} | ${(bytes / seconds / 1e9).toFixed(2)} | ${ratio} |`);
}
