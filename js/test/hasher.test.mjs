// Every algorithm against the reference packages' answers (python/tests/data/golden.json, made
// by python-xxhash, zlib, google-crc32c and awscrt), split at every kind of point, and the
// hasher's methods and errors.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { Digest, Hasher, backend, cloud, hash } from "iohash";
import { inputAt, moduleMemory } from "../pkg/iohash_js.js";
import { cutPoints, golden, pattern, piecesAt, repo, splitmixBytes } from "./support.mjs";

const answers = golden();
const names = { xxh32: "xxh32", xxh64: "xxh64", xxh3_64: "xxh3", xxh3_128: "xxh128", crc32: "crc32", crc32c: "crc32c", crc64nvme: "crc64nvme" };

test("every algorithm gives the reference packages' answers", () => {
  for (const [key, name] of Object.entries(names)) {
    for (const [id, expected] of Object.entries(answers[key])) {
      const [length, seed = 0n] = id.split(":").map(BigInt);
      const got = hash(name, pattern(Number(length)), { seed }).bigint();
      assert.equal(got, BigInt(expected), `${name} ${id}`);
    }
  }
});

test("the same bytes give the same hash however they are split", () => {
  const data = pattern(5000);
  let state = 7;
  const random = (n) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
  for (const name of Object.values(names)) {
    const whole = hash(name, data, { seed: name.startsWith("xxh") ? 99n : 0 }).hex();
    for (let round = 0; round < 50; round++) {
      const hasher = new Hasher(name, { seed: name.startsWith("xxh") ? 99 : 0 });
      for (let at = 0; at < data.length; ) {
        const next = Math.min(data.length, at + random(700));
        hasher.update(data.subarray(at, next));
        at = next;
      }
      assert.equal(hasher.hex(), whole, name);
      hasher.free();
    }
  }
});

test("data may be a Uint8Array, an ArrayBuffer, a DataView or another view", () => {
  const bytes = pattern(100);
  const expected = hash("xxh3", bytes).hex();
  assert.equal(hash("xxh3", bytes.slice().buffer).hex(), expected);
  assert.equal(hash("xxh3", new DataView(bytes.buffer)).hex(), expected);
  const padded = new Uint8Array(110);
  padded.set(bytes, 5);
  assert.equal(hash("xxh3", new DataView(padded.buffer, 5, 100)).hex(), expected);
  assert.equal(hash("xxh3", Buffer.from(bytes)).hex(), expected);
});

test("digest, hex, bigint and number agree, big-endian as xxhsum prints", () => {
  const hasher = hash("crc32c", new TextEncoder().encode("123456789"));
  assert.equal(hasher.number(), 0xe3069283);
  assert.equal(hasher.hex(), "e3069283");
  assert.deepEqual([...hasher.digest()], [0xe3, 0x06, 0x92, 0x83]);
  assert.equal(hasher.bigint(), 0xe3069283n);
  assert.equal(hash("xxh3", new Uint8Array()).hex(), "2d06800538d394c2");
  assert.throws(() => hash("xxh64", new Uint8Array()).number(), RangeError);
  assert.equal(hash("crc-16/arc", new TextEncoder().encode("123456789")).number(), 0xbb3d);
});

test("reset, copy, seeds and the attributes", () => {
  const hasher = new Hasher("xxh64", { seed: 2n ** 64n - 1n });
  assert.equal(hasher.seed, 2n ** 64n - 1n);
  assert.equal(hasher.algorithm, "XXH64");
  assert.equal(hasher.digestLength, 8);
  hasher.update(pattern(10));
  const copy = hasher.copy();
  copy.update(pattern(3));
  assert.equal(hasher.hex(), hash("xxh64", pattern(10), { seed: 2n ** 64n - 1n }).hex());
  assert.notEqual(copy.hex(), hasher.hex());
  hasher.reset();
  assert.equal(hasher.hex(), hash("xxh64", new Uint8Array(), { seed: 2n ** 64n - 1n }).hex());
  assert.equal(new Hasher("xxh32", { seed: 5 }).seed, 5n);
  assert.equal(new Hasher("XXH3_128").algorithm, "XXH128");
});

test("bad arguments are TypeErrors and RangeErrors that say what is wrong", () => {
  const hasher = new Hasher("xxh3");
  assert.throws(() => hasher.update("text"), { name: "TypeError", message: /not string/ });
  assert.throws(() => hasher.update(5), { name: "TypeError", message: /not number/ });
  assert.throws(() => hasher.update(null), { name: "TypeError", message: /not null/ });
  assert.throws(() => hasher.update([1, 2]), { name: "TypeError", message: /not Array/ });
  assert.throws(() => new Hasher("sha256"), { name: "RangeError", message: /sha256/ });
  assert.throws(() => new Hasher(7), TypeError);
  assert.throws(() => new Hasher("xxh3", { seed: -1 }), RangeError);
  assert.throws(() => new Hasher("xxh3", { seed: 2n ** 64n }), RangeError);
  assert.throws(() => new Hasher("xxh3", { seed: 1.5 }), RangeError);
  assert.throws(() => new Hasher("xxh3", { seed: "1" }), TypeError);
  assert.throws(() => new Hasher("crc32c", { seed: 1 }), { name: "RangeError", message: /takes no seed/ });
  assert.throws(() => Hasher.restore(new Uint8Array(10)), { name: "RangeError", message: /bad saved state/ });
  assert.throws(() => hasher.combine({}), TypeError);
  assert.throws(() => hasher.combine(new Hasher("xxh3")), RangeError);
});

test("a freed hasher cannot be used; making and freeing many is steady", () => {
  const hasher = new Hasher("xxh3");
  hasher.free();
  assert.throws(() => hasher.update(new Uint8Array(1)));
  for (let i = 0; i < 100_000; i++) new Hasher("xxh3").update(pattern(1)).free();
});

test("updates still reach the module after its memory grows", () => {
  const data = pattern(70000);
  const whole = hash("crc32c", data).hex();
  const hasher = new Hasher("crc32c").update(data.subarray(0, 1000));
  // Enough live hashers (hundreds of bytes each) to make the module grow its memory, which
  // detaches every view of the memory before.
  const kept = Array.from({ length: 20000 }, () => new Hasher("xxh3"));
  assert.equal(hasher.update(data.subarray(1000)).hex(), whole);
  for (const other of kept) other.free();
});

test("a Digest and a Hasher give the same forms at every width", () => {
  const data = pattern(1000);
  // 8, 16, 32, 40, 64 and 128 bits: a number, one BigInt or two halves from the module.
  for (const name of ["crc-8/smbus", "crc-16/arc", "crc32c", "crc-40/gsm", "xxh64", "crc64nvme", "xxh128"]) {
    const digest = hash(name, data);
    const hasher = new Hasher(name).update(data);
    assert.equal(digest.hex(), hasher.hex(), name);
    assert.deepEqual(digest.digest(), hasher.digest(), name);
    assert.equal(digest.bigint(), hasher.bigint(), name);
    assert.equal(digest.bigint(), BigInt(`0x${digest.hex()}`), name);
    assert.equal(digest.digestLength, hasher.digestLength, name);
    assert.equal(digest.algorithm, hasher.algorithm, name);
    if (digest.digestLength <= 4) assert.equal(digest.number(), hasher.number(), name);
    else assert.throws(() => digest.number(), RangeError);
  }
  assert.throws(() => new Digest(), TypeError);
});

test("one-shots keep no memory, whatever the names, seeds and errors between them", () => {
  const data = pattern(100);
  const want = new Map();
  for (const seed of [0n, 1n, 2n ** 64n - 1n]) want.set(seed, new Hasher("xxh64", { seed }).update(data).hex());
  // The WebAssembly module's memory; the addon's hashers are the garbage collector's.
  const memory = () => (backend === "webassembly" ? moduleMemory().buffer.byteLength : 0);
  const before = memory();
  for (let i = 0; i < 100_000; i++) {
    const seed = [0n, 1n, 2n ** 64n - 1n][i % 3];
    assert.equal(hash("xxh64", data, { seed }).hex(), want.get(seed));
    if (i % 1000 === 0) assert.throws(() => hash("xxh64", "text"), TypeError);
  }
  assert.equal(memory(), before);
  // More names than are kept: each still hashes with its own algorithm and seed.
  const names = catalogueNames().slice(0, 80);
  for (const round of [0, 1]) {
    for (const name of names) assert.equal(hash(name, data).hex(), new Hasher(name).update(data).hex(), `${name} ${round}`);
  }
  assert.equal(hash("xxh64", data, { seed: 1n }).hex(), want.get(1n));
  assert.throws(() => hash("crc32c", data, { seed: 1 }), RangeError);
  assert.equal(hash("crc32c", data).hex(), new Hasher("crc32c").update(data).hex());
});

/** The catalogue's names, as the library's catalogue lists them. */
function catalogueNames() {
  const source = readFileSync(new URL("../../src/algorithms/crc/catalogue.rs", import.meta.url), "utf8");
  return [...new Set(source.match(/"CRC-[^"]+"/g).map((quoted) => quoted.slice(1, -1)))];
}

test("Adler-32 is zlib's, whole, split and combined (tests/data/adler32_golden.txt)", () => {
  const text = readFileSync(new URL("tests/data/adler32_golden.txt", repo), "utf8");
  const rows = text.split("\n").filter((line) => line && !line.startsWith("#"));
  assert.equal(rows.length, 33);
  for (const row of rows) {
    const [seed, length, expected] = row.split(" ");
    const data = seed === "ff" ? new Uint8Array(Number(length)).fill(0xff) : splitmixBytes(BigInt(seed), Number(length));
    assert.equal(hash("adler32", data).hex(), expected, row);
    const half = Math.floor(data.length / 3);
    const first = new Hasher("Adler-32").update(data.subarray(0, half));
    const second = new Hasher("adler32").update(data.subarray(half));
    assert.ok(first.combine(second), row);
    assert.equal(first.hex(), expected, row);
    const pieces = new Hasher("adler32");
    for (const piece of piecesAt(data, cutPoints(seed === "ff" ? 255 : seed, data.length))) pieces.update(piece);
    assert.equal(pieces.hex(), expected, row);
  }
});

test("QuickXorHash is rclone's and Graph's, whole, split and combined (tests/data/quickxor_golden.txt)", () => {
  const text = readFileSync(new URL("tests/data/quickxor_golden.txt", repo), "utf8");
  const rows = text.split("\n").filter((line) => line && !line.startsWith("#"));
  assert.equal(rows.length, 20);
  for (const row of rows) {
    const [seed, length, expected] = row.split(" ");
    const data = splitmixBytes(BigInt(seed), Number(length));
    const digest = hash("quickxor", data);
    assert.equal(digest.hex(), expected, row);
    assert.equal(digest.bigint(), BigInt(`0x${expected}`), row);
    assert.equal(Buffer.from(digest.digest()).toString("hex"), expected, row);
    assert.equal(digest.digestLength, 20);
    assert.throws(() => digest.number(), RangeError);
    const third = Math.floor(data.length / 3);
    const first = new Hasher("QuickXorHash").update(data.subarray(0, third));
    first.combine(new Hasher("quickxor").update(data.subarray(third)));
    assert.equal(first.hex(), expected, row);
    const pieces = new Hasher("quickxor");
    for (const piece of piecesAt(data, cutPoints(seed, data.length))) pieces.update(piece);
    assert.equal(pieces.hex(), expected, row);
  }
  assert.equal(cloud.onedrive(hash("quickxor", new TextEncoder().encode("hello world"))), "aCgDG9jwBhDc4Q1yawMZAAAAAAA=");
  assert.throws(() => cloud.onedrive(hash("crc32c", new Uint8Array())), RangeError);
});

test("a view of the module's own memory across its input buffer hashes as its bytes were", (t) => {
  if (backend !== "webassembly") return t.skip("the WebAssembly backend's memory");
  hash("xxh3", new Uint8Array(1)); // the input buffer made
  const start = Math.max(0, inputAt() - 1000);
  const view = new Uint8Array(moduleMemory().buffer, start, 50_000);
  const before = view.slice();
  const got = hash("xxh3", view).hex();
  assert.equal(got, hash("xxh3", before).hex());
});
