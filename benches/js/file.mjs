// One large file hashed in Node by iohash and by each peer's streaming hasher, every side reading
// the file the same way (a read stream of 1 MiB chunks), and by iohash's `hashFile`, in turns:
// `node benches/js/file.mjs [PATH]` (without PATH, a 1 GiB file of random bytes under the system's
// temporary directory, made once). Prints a Markdown table of the best of three runs.
import { createReadStream, existsSync, openSync, writeSync, closeSync, statSync } from "node:fs";
import { randomFillSync } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as iohash from "../../js/node.js";
import { createXXHash3, createXXHash64, createCRC32, createCRC64 } from "hash-wasm";
import xxhashWasm from "xxhash-wasm";
import { Xxh64, xxh3 } from "@node-rs/xxhash";
import { Crc64Nvme } from "@aws-sdk/crc64-nvme";

const path = process.argv[2] || join(tmpdir(), "iohash-bench-1gib");
if (!existsSync(path)) {
  const fd = openSync(path, "w");
  const chunk = new Uint8Array(1 << 20);
  for (let i = 0; i < 1024; i++) writeSync(fd, randomFillSync(chunk));
  closeSync(fd);
}

const { create64 } = await xxhashWasm();
const asBig = (bytes) => BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
const hashWasm = (make) => async () => {
  const h = await make();
  h.init();
  return { update: (c) => h.update(c), value: () => asBig(h.digest("binary")) };
};
const ours = (name) => async () => {
  const h = new iohash.Hasher(name);
  return { update: (c) => h.update(c), value: () => h.bigint() };
};
/** iohash's own way to hash a file (`hashFile`: two buffers reused, not a read stream). */
const ownFile = (name) => async () => ({ file: async () => (await iohash.hashFile(name, path)).bigint() });
const sides = {
  "XXH3-64": {
    iohash: ours("xxh3"),
    "iohash hashFile": ownFile("xxh3"),
    "hash-wasm": hashWasm(createXXHash3),
    "@node-rs/xxhash": async () => {
      const h = xxh3.Xxh3.withSeed();
      return { update: (c) => h.update(c), value: () => h.digest() };
    },
  },
  XXH64: {
    iohash: ours("xxh64"),
    "iohash hashFile": ownFile("xxh64"),
    "hash-wasm": hashWasm(createXXHash64),
    "xxhash-wasm": async () => {
      const h = create64();
      return { update: (c) => h.update(c), value: () => h.digest() };
    },
    "@node-rs/xxhash": async () => {
      const h = new Xxh64();
      return { update: (c) => h.update(c), value: () => h.digest() };
    },
  },
  "CRC-32C": {
    iohash: ours("crc32c"),
    "iohash hashFile": ownFile("crc32c"),
    "hash-wasm": hashWasm(() => createCRC32(0x82f63b78)),
  },
  "CRC-64/NVME": {
    iohash: ours("crc64nvme"),
    "iohash hashFile": ownFile("crc64nvme"),
    "hash-wasm": hashWasm(() => createCRC64("9a6c9329ac4bc9b5")),
    "@aws-sdk/crc64-nvme": async () => {
      const h = new Crc64Nvme();
      return { update: (c) => h.update(c), value: async () => asBig(await h.digest()) };
    },
  },
};

/** Seconds to hash the file with the hasher `make` gives, and the hash. */
async function timeFile(make) {
  const start = performance.now();
  const hasher = await make();
  let value;
  if (hasher.file) {
    value = await hasher.file();
  } else {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hasher.update(chunk);
    value = await hasher.value();
  }
  return [(performance.now() - start) / 1000, value];
}

const only = process.argv.slice(3);
console.log(`Node ${process.version}, ${path}\n\n| hash | side | seconds | GB/s | iohash's time over this | iohash hashFile's time over this |\n|---|---|---|---|---|---|`);
for (const [algorithm, ways] of Object.entries(sides)) {
  if (only.length && !only.includes(algorithm)) continue;
  const best = {};
  let want;
  for (let round = 0; round < 3; round++) {
    for (const [side, make] of Object.entries(ways)) {
      const [seconds, value] = await timeFile(make);
      want ??= value;
      if (value !== want) throw new Error(`${side} gives ${algorithm} ${value.toString(16)}, iohash ${want.toString(16)}`);
      best[side] = Math.min(best[side] ?? Infinity, seconds);
    }
  }
  const size = statSync(path).size;
  for (const [side, seconds] of Object.entries(best)) {
    const over = (ours) => (side.startsWith("iohash") ? "" : (best[ours] / seconds).toFixed(2));
    console.log(`| ${algorithm} | ${side} | ${seconds.toFixed(3)} | ${(size / seconds / 1e9).toFixed(2)} | ${over("iohash")} | ${over("iohash hashFile")} |`);
  }
}
