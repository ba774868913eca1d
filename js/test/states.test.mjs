// Saved states: the bytes the Rust library commits (tests/data/states, made by tests/states.rs)
// restore here and go on to the same hash, a state saved here is byte for byte the Rust one,
// and Python's package restores what JavaScript saves and the other way round.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Hasher, hash } from "iohash";
import { repo, vectorInput } from "./support.mjs";

/** tests/states.rs's committed cases: file, input length, split, algorithm, seed. */
const cases = [
  ...["xxh32", "xxh64", "xxh3", "xxh128", "crc32", "crc32c", "crc64", "crc64nvme", "crc64xz", "adler32", "quickxor"].map((name) => [name, 5000, 1234, name, 0x5eed]),
  ["xxh3-short", 200, 100, "xxh3", 0],
  ["xxh3-241", 300, 241, "xxh3", 7],
];

test("the Rust library's committed states restore, go on, and are what this package saves", () => {
  for (const [file, length, split, name, seed] of cases) {
    const committed = readFileSync(new URL(`tests/data/states/${file}.state`, repo));
    const data = vectorInput(length);
    const options = { seed: name.startsWith("xxh") ? seed : 0 };
    const mine = new Hasher(name, options).update(data.subarray(0, split));
    assert.deepEqual(Buffer.from(mine.save()), committed, file);
    const restored = Hasher.restore(committed).update(data.subarray(split));
    assert.equal(restored.hex(), hash(name, data, options).hex(), file);
    assert.equal(restored.seed, BigInt(options.seed), file);
  }
});

/** The Python with the iohash package, or null (a skip; a failure where CI requires it). */
function python(t) {
  const candidates = [process.env.IOHASH_PYTHON_PACKAGE, "python3"].filter(Boolean);
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ["-c", "import iohash"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  if (process.env.IOHASH_REQUIRE_PYTHON_PACKAGE === "1") assert.fail("Python's iohash package is required (IOHASH_REQUIRE_PYTHON_PACKAGE=1)");
  t.skip("Python's iohash package is not installed: the cross-language check is skipped");
  return null;
}

test("Python restores a state saved here, and this package restores one Python saved", (t) => {
  const interpreter = python(t);
  if (!interpreter) return;
  const data = vectorInput(4000);
  for (const name of ["xxh3", "xxh128", "xxh64", "crc64nvme", "adler32", "quickxor"]) {
    const options = { seed: name.startsWith("xxh") ? 77 : 0 };
    const saved = Buffer.from(new Hasher(name, options).update(data.subarray(0, 1500)).save()).toString("hex");
    const script = `
import sys, iohash
data = bytes.fromhex(sys.argv[2])
h = iohash.Hasher.from_state(bytes.fromhex(sys.argv[1]))
h.update(data[1500:])
mine = iohash.new(sys.argv[3], seed=int(sys.argv[4]))
mine.update(data[:2500])
print(h.hexdigest(), mine.saved_state().hex())`;
    const [theirHex, theirState] = execFileSync(interpreter, ["-c", script, saved, Buffer.from(data).toString("hex"), name, String(options.seed)], { encoding: "utf8" }).trim().split(" ");
    assert.equal(theirHex, hash(name, data, options).hex(), name);
    const resumed = Hasher.restore(Buffer.from(theirState, "hex")).update(data.subarray(2500));
    assert.equal(resumed.hex(), hash(name, data, options).hex(), name);
  }
});
