// js/README.md's JavaScript examples, each run as written by Node in this package's folder
// (where `import ... from "iohash"` names the package), on the backend this run uses.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]);

test("the README's JavaScript examples run as written", () => {
  assert.ok(blocks.length >= 1, "no JavaScript example found");
  for (const block of blocks) {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", block], {
      cwd: new URL("..", import.meta.url),
      encoding: "utf8",
    });
    assert.equal(run.status, 0, `${block}\n${run.stderr}`);
  }
});
