// The npm package beside its peers in Node: `npm install` here, `../../js/build.sh`, then
// `node benches/js/node.mjs [ALGORITHM...]`. Prints a Markdown table: each way's time per call,
// throughput, and iohash's time over the peer's.
import * as iohash from "../../js/node.js";
import * as hashWasm from "hash-wasm";
import xxhashWasm from "xxhash-wasm";
import * as nodeRs from "@node-rs/xxhash";
import * as awsCrc64 from "@aws-sdk/crc64-nvme";
import adler32 from "adler-32";
import { ways, run } from "./cases.mjs";
import { printer } from "./table.mjs";

const only = process.argv.slice(2);
const list = await ways(iohash, { hashWasm, xxhashWasm, nodeRs, awsCrc64, adler32 });
const print = printer();
console.log(`Node ${process.version}`);
for await (const result of run(list, { only: only.length ? only : undefined })) print(result);
