// The cloud forms against the reference SDKs' answers (python/tests/data/golden.json, made by
// awscrt and azure's extensions), and CRC combine.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Hasher, S3Composite, base64, cloud, hash } from "iohash";
import { golden, pattern } from "./support.mjs";

const answers = golden();

test("S3, Azure and GCS forms, and S3's composite checksums", () => {
  for (const [length, forms] of Object.entries(answers.cloud)) {
    const data = pattern(Number(length));
    assert.equal(cloud.s3(hash("crc32", data)), forms.s3_crc32, length);
    assert.equal(cloud.s3(hash("crc32c", data)), forms.s3_crc32c, length);
    assert.equal(cloud.s3(hash("crc64nvme", data)), forms.s3_crc64nvme, length);
    assert.equal(cloud.azureCrc64(hash("crc64nvme", data)), forms.azure_crc64, length);
    assert.equal(cloud.gcs(hash("crc32c", data)), forms.gcs_crc32c, length);
    for (const name of ["crc32", "crc32c"]) {
      for (const size of answers.part_sizes) {
        const s3 = new S3Composite(name, size).update(data.subarray(0, 3)).update(data.subarray(3));
        assert.equal(s3.toString(), forms[`s3_composite_${name}:${size}`], `${name} ${size} ${length}`);
      }
    }
  }
  assert.throws(() => cloud.gcs(hash("crc32", pattern(1))), RangeError);
  assert.throws(() => new S3Composite("xxh3", 10), RangeError);
  assert.throws(() => new S3Composite("crc32c", 0), RangeError);
  assert.throws(() => new S3Composite("crc32c", -1), { name: "RangeError", message: /part size/ });
  assert.throws(() => new S3Composite("crc32c", 1.5), { name: "RangeError", message: /part size/ });
  assert.throws(() => new S3Composite("crc32c", "10"), { name: "TypeError", message: /part size/ });
  assert.equal(new S3Composite("crc32c", 5n).update(pattern(12)).toString(), new S3Composite("crc32c", 5).update(pattern(12)).toString());
});

test("CRCs hashed in ranges combine into the whole's", () => {
  const data = pattern(100_000);
  for (const name of ["crc32", "crc32c", "crc64nvme", "crc-16/arc", "crc-31/philips"]) {
    const head = new Hasher(name).update(data.subarray(0, 33_333));
    head.combine(new Hasher(name).update(data.subarray(33_333)));
    assert.equal(head.hex(), hash(name, data).hex(), name);
  }
  assert.throws(() => new Hasher("crc32").update(data).combine(new Hasher("crc32c")), RangeError);
});

test("cloud forms refuse algorithms their cloud does not use, and base64 what no string holds", () => {
  const data = new TextEncoder().encode("123456789");
  assert.throws(() => cloud.s3(hash("xxh3", data)), { name: "RangeError", message: /S3's checksums/ });
  assert.throws(() => cloud.s3(hash("crc-16/arc", data)), RangeError);
  // Past V8's longest string: refused before any work (the zeroed array is never touched).
  assert.throws(() => base64(new Uint8Array(402_653_190)), { name: "RangeError", message: /longest string/ });
  assert.equal(base64(new Uint8Array(3)), "AAAA");
});
