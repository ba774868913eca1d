// Hashes of Web streams, Blobs, TransformStreams, Node streams and files: the same as the bytes
// hashed at once, however the chunks come.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { test } from "node:test";
import { hash, hashBlob, hashFile, hashingStream, hashNodeStream, hashStream } from "iohash";
import { pattern } from "./support.mjs";

const data = pattern(3 << 20);
const expected = hash("xxh3", data).hex();

/** A ReadableStream of `bytes` in chunks of the given sizes, round and round. */
function chunked(bytes, sizes) {
  let at = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const next = Math.min(bytes.length, at + sizes[turn++ % sizes.length]);
      controller.enqueue(bytes.slice(at, next));
      at = next;
    },
  });
}

test("a ReadableStream in chunks of any size", async () => {
  for (const sizes of [[1 << 20], [1, 63, 64, 65, 1000], [7777]]) {
    assert.equal((await hashStream("xxh3", chunked(data, sizes))).hex(), expected);
  }
});

test("a Blob is read in chunks, not whole", async () => {
  const blob = new Blob([data.subarray(0, 1000), data.subarray(1000)]);
  assert.equal((await hashBlob("xxh3", blob)).hex(), expected);
  assert.equal((await hashBlob("crc64nvme", new Blob([]))).hex(), hash("crc64nvme", new Uint8Array()).hex());
});

test("a TransformStream passes its chunks on unchanged and hashes them", async () => {
  const through = hashingStream("crc32c");
  const out = [];
  await chunked(data, [12345]).pipeThrough(through).pipeTo(new WritableStream({ write: (c) => out.push(c) }));
  assert.equal(through.hasher.hex(), hash("crc32c", data).hex());
  assert.equal(out.reduce((n, c) => n + c.length, 0), data.length);
});

test("a Node stream and a file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "iohash-"));
  const path = join(dir, "data.bin");
  writeFileSync(path, data);
  assert.equal((await hashFile("xxh3", path)).hex(), expected);
  assert.equal((await hashNodeStream("xxh3", Readable.from([data.subarray(0, 5), data.subarray(5)]))).hex(), expected);
  await assert.rejects(hashFile("xxh3", join(dir, "missing")), { code: "ENOENT" });
});

test("a file in several reads, an empty one, a FIFO, a pseudo-file and a folder", async () => {
  const dir = mkdtempSync(join(tmpdir(), "iohash-"));
  const big = pattern((9 << 20) + 5); // two whole reads of 4 MiB and a short one
  writeFileSync(join(dir, "big"), big);
  assert.equal((await hashFile("crc32c", join(dir, "big"))).hex(), hash("crc32c", big).hex());
  writeFileSync(join(dir, "empty"), new Uint8Array(0));
  assert.equal((await hashFile("xxh64", join(dir, "empty"))).hex(), hash("xxh64", new Uint8Array(0)).hex());
  // /proc files say they are empty and are not.
  const version = readFileSync("/proc/version");
  assert.ok(version.length > 0);
  assert.equal((await hashFile("xxh3", "/proc/version")).hex(), hash("xxh3", version).hex());
  await assert.rejects(hashFile("xxh3", dir), { code: "EISDIR" });

  const fifo = join(dir, "fifo");
  execFileSync("mkfifo", [fifo]);
  const writing = (async () => {
    const out = await open(fifo, "w");
    for (let at = 0; at < data.length; at += 100000) await out.write(data.subarray(at, at + 100000));
    await out.close();
  })();
  const [hasher] = await Promise.all([hashFile("xxh3", fifo), writing]);
  assert.equal(hasher.hex(), expected);
});
