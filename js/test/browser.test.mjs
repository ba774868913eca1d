// The package in Chromium (browser-test/page.html, driven by playwright-core): files picked in
// the page are hashed as a File, as its stream(), through a hashingStream and as a Blob in a
// Worker, and each way gives the reference answers the Rust library's one-shots are tested
// against (python/tests/data/golden.json; the CRC catalogue's check values). Without Chromium
// or playwright-core this is skipped, and fails where IOHASH_REQUIRE_BROWSER=1 (CI).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { chromiumMissing, launchChromium } from "./chromium.mjs";
import { serve } from "./serve.mjs";
import { golden, pattern, repo } from "./support.mjs";

/** The catalogue's check value (the CRC of "123456789") of a crc-catalog constant. */
function checkValue(constant) {
  const cases = readFileSync(new URL("tests/data/crc_catalogue_cases.rs", repo), "utf8");
  return BigInt(cases.match(new RegExp(`case!\\(${constant}, u\\d+, (0x[0-9A-F]+)\\)`))[1]);
}

const answers = golden();
const LENGTH = 200_000; // the golden file's longest input: several of a Blob's chunks
const files = [
  {
    name: "pattern.bin",
    bytes: pattern(LENGTH),
    expected: {
      xxh3: answers.xxh3_64[`${LENGTH}:0`],
      xxh128: answers.xxh3_128[`${LENGTH}:0`],
      xxh64: answers.xxh64[`${LENGTH}:0`],
      xxh32: answers.xxh32[`${LENGTH}:0`],
      crc32c: answers.crc32c[LENGTH],
      crc64nvme: answers.crc64nvme[LENGTH],
    },
  },
  {
    name: "check.txt",
    bytes: new TextEncoder().encode("123456789"),
    expected: { crc32c: checkValue("CRC_32_ISCSI"), crc64nvme: checkValue("CRC_64_NVME"), "crc-16/arc": checkValue("CRC_16_ARC") },
  },
];
const names = ["xxh3", "xxh128", "xxh64", "xxh32", "crc32c", "crc64nvme", "crc-16/arc"];

test("a File picked in Chromium and a Blob in its Worker hash to the reference answers", { timeout: 60_000 }, async (t) => {
  // The page runs WebAssembly whatever Node's backend: once is enough (test/both.mjs).
  if (process.env.IOHASH_BACKEND === "native") return t.skip("Chromium runs WebAssembly: tested in the WebAssembly run");
  const missing = await chromiumMissing();
  if (missing) {
    if (process.env.IOHASH_REQUIRE_BROWSER === "1") assert.fail(`Chromium is required (IOHASH_REQUIRE_BROWSER=1): ${missing}`);
    return t.skip(`${missing}: the browser test is skipped`);
  }
  const server = await serve(repo);
  const browser = await launchChromium().catch(async (error) => {
    await server.close();
    throw error;
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => message.type() === "error" && !message.text().startsWith("Failed to load resource") && errors.push(message.text()));
    page.on("response", (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${server.url}js/browser-test/page.html?names=${names.join(",")}`);
    await page.waitForFunction(() => window.ready === true);
    await page.setInputFiles("input", files.map(({ name, bytes }) => ({ name, mimeType: "application/octet-stream", buffer: Buffer.from(bytes) })));
    await page.waitForFunction(() => window.results !== undefined);
    const results = await page.evaluate(() => window.results);
    assert.deepEqual(errors, []);

    const checked = new Set();
    for (const { name: file, expected } of files) {
      for (const name of names) {
        const ways = Object.entries(results[file][name]);
        assert.deepEqual(ways.map(([way]) => way), ["file", "stream", "transform", "worker"]);
        for (const [way, hex] of ways) {
          assert.equal(hex, ways[0][1], `${file} ${name}: ${way} differs from file`);
        }
        if (name in expected) {
          assert.equal(BigInt(`0x${ways[0][1]}`), BigInt(expected[name]), `${file} ${name}`);
          checked.add(name);
        }
      }
    }
    assert.deepEqual([...checked].sort(), [...names].sort(), "every algorithm meets a reference answer");
  } finally {
    await browser.close();
    await server.close();
  }
});
