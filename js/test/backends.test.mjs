// What the two backends must share beyond the hashes: work off the event loop, files read by
// the library's engine (ranges, signals, changes), states that cross backends, and clear
// errors after free(). Runs on each backend (test/both.mjs); a few checks are the addon's.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync, closeSync, ftruncateSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Hasher, backend, hash, hashFile, hashNodeStream, hashStream } from "iohash";
import { pattern } from "./support.mjs";

const native = backend === "native";
const dir = mkdtempSync(join(tmpdir(), "iohash-backends-"));

test("the backend is the one asked for", () => {
  const forced = process.env.IOHASH_BACKEND;
  assert.ok(["native", "webassembly"].includes(backend));
  if (forced) assert.equal(backend, forced);
});

test("updateAsync gives update's hash, and the addon refuses calls while it runs", async () => {
  const data = pattern((5 << 20) + 3);
  for (const name of ["xxh3", "crc64nvme", "adler32", "quickxor", "CRC-16/ARC"]) {
    const hasher = new Hasher(name).update(data.subarray(0, 7));
    const pending = hasher.updateAsync(data.subarray(7));
    if (native) assert.throws(() => hasher.update(data), /busy with an updateAsync/);
    assert.equal(await pending, hasher);
    assert.equal(hasher.hex(), hash(name, data).hex(), name);
    assert.equal((await new Hasher(name).updateAsync(data.subarray(0, 10))).hex(), hash(name, data.subarray(0, 10)).hex());
  }
});

test("hashFile reads a range, takes a thread count and says what is wrong", async () => {
  const data = pattern((3 << 20) + 11);
  const path = join(dir, "range.bin");
  writeFileSync(path, data);
  const ranged = await hashFile("crc32c", path, { offset: 1000, length: 2 << 20 });
  assert.equal(ranged.hex(), hash("crc32c", data.subarray(1000, 1000 + (2 << 20))).hex());
  assert.equal((await hashFile("xxh3", path, { offset: 5n })).hex(), hash("xxh3", data.subarray(5)).hex());
  assert.equal((await hashFile("xxh64", path, { threads: 1, seed: 9 })).hex(), hash("xxh64", data, { seed: 9 }).hex());
  assert.equal((await hashFile("xxh64", new URL(`file://${path}`), { threads: 64 })).hex(), hash("xxh64", data).hex());
  await assert.rejects(hashFile("xxh3", path, { offset: data.length + 1 }), /past|long/);
  await assert.rejects(hashFile("xxh3", path, { offset: -1 }), RangeError);
  await assert.rejects(hashFile("no-such-algorithm", path), RangeError);
  await assert.rejects(hashFile("crc32", path, { seed: 1 }), RangeError);
});

test("an AbortSignal stops hashFile with its reason", async () => {
  const path = join(dir, "sparse-abort");
  const fd = openSync(path, "w");
  ftruncateSync(fd, 4 * 2 ** 30);
  closeSync(fd);
  await assert.rejects(hashFile("xxh3", path, { signal: AbortSignal.abort(new Error("early")) }), /early/);
  const controller = new AbortController();
  const started = performance.now();
  const hashing = hashFile("xxh3", path, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("stopped")), 20);
  await assert.rejects(hashing, /stopped/);
  // 4 GiB of holes take the engine about a second; stopped, far less.
  assert.ok(performance.now() - started < 3000, `${performance.now() - started} ms`);
});

test("timers keep firing while a 1 GiB file is hashed", async () => {
  const path = join(dir, "sparse-1g");
  const fd = openSync(path, "w");
  ftruncateSync(fd, 1 << 30);
  closeSync(fd);
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 10);
  try {
    const hasher = await hashFile("xxh3", path);
    assert.equal(hasher.digestLength, 8);
  } finally {
    clearInterval(timer);
  }
  // Where the addon reads, nothing runs on the event loop; WebAssembly hashes 4 MiB between
  // reads there.
  assert.ok(gap < 50, `the longest gap between timers was ${gap.toFixed(1)} ms`);
});

test("a file that grows while it is hashed gives an error or one version's hash", async () => {
  const path = join(dir, "growing");
  const before = pattern(64 << 20);
  const more = pattern(1 << 20);
  const versions = [hash("xxh3", before).hex(), hash("xxh3", Buffer.concat([before, more])).hex()];
  for (const delay of [0, 2, 10]) {
    writeFileSync(path, before);
    const hashing = hashFile("xxh3", path, { threads: 1 });
    await new Promise((done) => setTimeout(done, delay));
    const fd = openSync(path, "a");
    writeSync(fd, more);
    closeSync(fd);
    const outcome = await hashing.then((h) => h.hex(), (error) => error.code);
    assert.ok(outcome === "ECHANGED" || versions.includes(outcome), `${delay} ms: ${outcome}`);
  }
});

test("many hashFile calls at once each give their file's hash", async () => {
  const files = Array.from({ length: 24 }, (_, i) => {
    const path = join(dir, `many-${i}`);
    writeFileSync(path, pattern((1 << 20) + i));
    return path;
  });
  const hashes = await Promise.all(files.map((path) => hashFile("crc32c", path)));
  hashes.forEach((h, i) => assert.equal(h.hex(), hash("crc32c", pattern((1 << 20) + i)).hex()));
});

test("a state saved on one backend is restored on the other", (t) => {
  // Under qemu-user (.ci/node-aarch64) Node cannot start a child Node.
  if (process.env.IOHASH_EMULATED === "1") return t.skip("emulated: no child process");
  const other = native ? "webassembly" : "native";
  const data = pattern(100_003);
  const names = ["xxh3", "xxh128", "xxh64", "xxh32", "crc32c", "crc64nvme", "CRC-16/ARC", "adler32", "quickxor"];
  const states = names.map((name) => Buffer.from(new Hasher(name, name.startsWith("xxh") ? { seed: 77 } : {}).update(data.subarray(0, 5000)).save()).toString("hex"));
  const script = `
    const { Hasher, backend } = await import("iohash");
    const out = { backend, hex: [] };
    for (const state of ${JSON.stringify(states)}) out.hex.push(Hasher.restore(Buffer.from(state, "hex")).hex());
    process.stdout.write(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, IOHASH_BACKEND: other },
    encoding: "utf8",
  });
  if (child.status !== 0 && other === "native") {
    console.log(`no native addon here: the cross-backend check is skipped (${child.stderr.split("\n")[0]})`);
    return;
  }
  assert.equal(child.status, 0, child.stderr);
  const result = JSON.parse(child.stdout);
  assert.equal(result.backend, other);
  names.forEach((name, i) => assert.equal(result.hex[i], new Hasher(name, name.startsWith("xxh") ? { seed: 77 } : {}).update(data.subarray(0, 5000)).hex(), name));
});

test("a freed hasher says so, and a hasher joins itself", () => {
  const hasher = new Hasher("crc32c").update(new Uint8Array([1, 2, 3]));
  hasher.combine(hasher);
  assert.equal(hasher.hex(), hash("crc32c", new Uint8Array([1, 2, 3, 1, 2, 3])).hex());
  hasher.free();
  hasher.free();
  for (const call of [() => hasher.update(new Uint8Array(1)), () => hasher.hex(), () => hasher.save(), () => hasher.algorithm]) {
    assert.throws(call, { name: "TypeError", message: /was freed/ });
  }
});

test("hashStream releases and cancels its stream on a bad chunk", async () => {
  let cancelled = null;
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(3));
      controller.enqueue("not bytes");
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  await assert.rejects(hashStream("xxh3", stream), TypeError);
  assert.equal(stream.locked, false);
  assert.ok(cancelled instanceof TypeError);
  await assert.rejects(hashStream("no-such-algorithm", new ReadableStream()), RangeError);
});

test("hashNodeStream takes large chunks off the loop and small ones on it", async () => {
  const data = pattern(3 << 20);
  const chunks = [data.subarray(0, 5), data.subarray(5, 2 << 20), data.subarray(2 << 20)];
  async function* source() {
    yield* chunks;
  }
  assert.equal((await hashNodeStream("crc64nvme", source())).hex(), hash("crc64nvme", data).hex());
});
