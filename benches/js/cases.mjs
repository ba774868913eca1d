// The cases the JavaScript benchmarks time, the same in Node (node.mjs) and Chromium
// (page.html): each algorithm by iohash and by each peer that computes it, on one buffer.
// Every way first shows that it gives iohash's hash, so a fast wrong answer cannot win.

export const sizes = [16, 64, 1024, 64 << 10, 1 << 20];

/** Reflected polynomials, as hash-wasm takes them. */
const CRC32C_POLY = 0x82f63b78;
const CRC64_NVME_POLY = "9a6c9329ac4bc9b5";

const bigHex = (hex) => BigInt(`0x${hex}`);
const bigBytes = (bytes) => bigHex(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));

/**
 * The ways to hash a buffer, as `{ algorithm, side, hash }`: `hash(data)` returns the hash as a
 * BigInt, or a promise of it where the library only has an asynchronous digest. `peers` holds
 * the modules this environment has: hashWasm, xxhashWasm, nodeRs, nodeRsCrc32, awsCrc64,
 * awsCrt (the CRT's CRC-64/NVME), zlib (Node's, for its crc32), adler32 (SheetJS's pure-JS
 * `adler-32`), and wasm: a hasher of iohash's WebAssembly backend, `(name) => hash(data)`, where
 * `iohash` itself runs another (the native addon in Node).
 */
export async function ways(iohash, peers) {
  const list = [];
  const add = (algorithm, side, hash) => list.push({ algorithm, side, hash });

  const ours = [
    ["XXH3-64", "xxh3"],
    ["XXH64", "xxh64"],
    ["CRC-32", "crc32"],
    ["CRC-32C", "crc32c"],
    ["CRC-64/NVME", "crc64nvme"],
    ["Adler-32", "adler32"],
  ];
  // The one-shot, as a program hashes a buffer; its backend in the side's name.
  const side = iohash.backend === "native" ? "iohash native" : "iohash";
  for (const [algorithm, name] of ours) add(algorithm, side, (data) => iohash.hash(name, data).bigint());
  if (peers.wasm) {
    for (const [algorithm, name] of ours) add(algorithm, "iohash WebAssembly", peers.wasm(name));
  }

  if (peers.hashWasm) {
    const { createXXHash3, createXXHash64, createCRC32, createCRC64, createAdler32 } = peers.hashWasm;
    for (const [algorithm, hasher] of [
      ["XXH3-64", await createXXHash3()],
      ["XXH64", await createXXHash64()],
      ["CRC-32", await createCRC32()],
      ["CRC-32C", await createCRC32(CRC32C_POLY)],
      ["CRC-64/NVME", await createCRC64(CRC64_NVME_POLY)],
      ["Adler-32", await createAdler32()],
    ]) {
      add(algorithm, "hash-wasm", (data) => {
        hasher.init();
        hasher.update(data);
        return bigBytes(hasher.digest("binary"));
      });
    }
  }
  if (peers.xxhashWasm) {
    const { h64Raw } = await peers.xxhashWasm();
    add("XXH64", "xxhash-wasm", (data) => h64Raw(data));
  }
  if (peers.nodeRs) {
    const { xxh3, xxh64 } = peers.nodeRs;
    add("XXH3-64", "@node-rs/xxhash", (data) => xxh3.xxh64(data));
    add("XXH64", "@node-rs/xxhash", (data) => xxh64(data));
  }
  if (peers.nodeRsCrc32) {
    const { crc32, crc32c } = peers.nodeRsCrc32;
    add("CRC-32", "@node-rs/crc32", (data) => BigInt(crc32(data)));
    add("CRC-32C", "@node-rs/crc32", (data) => BigInt(crc32c(data)));
  }
  if (peers.zlib?.crc32) add("CRC-32", "zlib.crc32", (data) => BigInt(peers.zlib.crc32(data)));
  if (peers.awsCrt) {
    const { CrtCrc64Nvme } = peers.awsCrt;
    add("CRC-64/NVME", "@aws-sdk/crc64-nvme-crt", async (data) => {
      const checksum = new CrtCrc64Nvme();
      checksum.update(data);
      return bigBytes(await checksum.digest());
    });
  }
  if (peers.adler32) {
    // A signed 32-bit integer, as JavaScript's bit operators give.
    add("Adler-32", "adler-32", (data) => BigInt(peers.adler32.buf(data) >>> 0));
  }
  if (peers.awsCrc64) {
    const { Crc64Nvme } = peers.awsCrc64;
    add("CRC-64/NVME", "@aws-sdk/crc64-nvme", async (data) => {
      const checksum = new Crc64Nvme();
      checksum.update(data);
      return bigBytes(await checksum.digest());
    });
  }
  return list;
}

/** Seconds a call of `hash` on `data` takes, timing `count` calls. */
async function timeCalls(hash, data, count) {
  const probe = hash(data);
  const start = performance.now();
  if (probe instanceof Promise) {
    for (let i = 0; i < count; i++) await hash(data);
  } else {
    for (let i = 0; i < count; i++) hash(data);
  }
  return (performance.now() - start) / 1000 / count;
}

/**
 * Times every way at every size, the ways of one algorithm and size taking turns for `rounds`
 * rounds of about `sampleMs` each; yields `{ algorithm, size, side, seconds }`, the best round's.
 */
export async function* run(list, { rounds = 5, sampleMs = 20, only } = {}) {
  const algorithms = [...new Set(list.map((way) => way.algorithm))];
  for (const algorithm of algorithms) {
    if (only && !only.includes(algorithm)) continue;
    const mine = list.filter((way) => way.algorithm === algorithm);
    for (const size of sizes) {
      const data = new Uint8Array(size);
      for (let i = 0; i < size; i++) data[i] = (i * 131 + 7) & 0xff;
      const want = await mine[0].hash(data);
      const counts = [];
      for (const way of mine) {
        const got = await way.hash(data);
        if (got !== want) throw new Error(`${way.side} gives ${algorithm} ${got.toString(16)} of ${size} B, iohash ${want.toString(16)}`);
        let count = 1;
        while ((await timeCalls(way.hash, data, count)) * count < sampleMs / 4000) count *= 2;
        counts.push(count * 4);
      }
      const best = mine.map(() => Infinity);
      for (let round = 0; round < rounds; round++) {
        for (const [i, way] of mine.entries()) {
          // A way that got faster since its count was set (the engine optimized it) gets more
          // calls: a browser's timer counts in steps of 0.1 ms, too coarse for short rounds.
          let seconds = await timeCalls(way.hash, data, counts[i]);
          while (seconds * counts[i] < sampleMs / 2000) {
            counts[i] *= 2;
            seconds = await timeCalls(way.hash, data, counts[i]);
          }
          best[i] = Math.min(best[i], seconds);
        }
      }
      for (const [i, way] of mine.entries()) yield { algorithm, size, side: way.side, seconds: best[i] };
    }
  }
}
