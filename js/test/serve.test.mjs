// The browser tests' file server: the types browsers need, 404 for what is not there, and
// nothing served from outside its folder, however the path is spelled.
import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { serve } from "./serve.mjs";

const folder = new URL("../", import.meta.url);

/** Status, type and body of GET `path` sent as written (no URL normalization on the way). */
function get(base, path) {
  return new Promise((done, failed) => {
    const { hostname, port } = new URL(base);
    request({ hostname, port, path }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk) => (body += chunk));
      response.on("end", () => done({ status: response.statusCode, type: response.headers["content-type"], body }));
    })
      .on("error", failed)
      .end();
  });
}

test("files are served with the types browsers need", async () => {
  const server = await serve(folder);
  try {
    const json = await get(server.url, "/package.json");
    assert.equal(json.status, 200);
    assert.equal(json.type, "application/json");
    assert.equal(JSON.parse(json.body).name, "iohash");
    assert.match((await get(server.url, "/index.js")).type, /^text\/javascript/);
    assert.match((await get(server.url, "/test/serve.mjs")).type, /^text\/javascript/);
    assert.match((await get(server.url, "/browser-test/page.html")).type, /^text\/html/);
    assert.match((await get(server.url, "/browser-test/page.html?x=1")).type, /^text\/html/);
  } finally {
    await server.close();
  }
});

test("WebAssembly is served as application/wasm", async (t) => {
  const server = await serve(folder);
  try {
    const wasm = await get(server.url, "/pkg/iohash_js_bg.wasm");
    if (wasm.status === 404) return t.skip("js/pkg is not built (js/build.sh)");
    assert.equal(wasm.type, "application/wasm");
  } finally {
    await server.close();
  }
});

test("a missing file or a folder is a 404", async () => {
  const server = await serve(folder);
  try {
    assert.equal((await get(server.url, "/no-such-file.js")).status, 404);
    assert.equal((await get(server.url, "/test/")).status, 404);
  } finally {
    await server.close();
  }
});

test("paths that lead outside the folder are refused", async () => {
  const server = await serve(new URL("test/", folder));
  try {
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/..%2fpackage.json", "/a/../../package.json", "/%00", "/%e0%a4%a"]) {
      const { status } = await get(server.url, path);
      assert.equal(status, 403, path);
    }
  } finally {
    await server.close();
  }
});
