// The browser test's page: each File picked is hashed by every algorithm the query string names
// (`?names=xxh3,crc-16/arc`), four ways: hashBlob on the File, hashStream on its stream(),
// its stream() through hashingStream, and hashBlob on a Blob of it in a module Worker.
// `window.ready` says the page listens; `window.results` is then a promise of
// { file name: { algorithm: { way: hex } } }.
import { hashBlob, hashStream, hashingStream } from "../browser.js";

const names = new URLSearchParams(location.search).get("names").split(",");

/** The hex hash of `name` of what passes through a hashingStream, read to its end. */
async function throughTransform(name, file) {
  const transform = hashingStream(name);
  await file.stream().pipeThrough(transform).pipeTo(new WritableStream());
  return transform.hasher.hex();
}

/** For each Blob, the hex hash of each name as computed in a module Worker. */
function inWorker(blobs) {
  const worker = new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
  return new Promise((done, failed) => {
    worker.onmessage = ({ data }) => {
      worker.terminate();
      data.error ? failed(new Error(`in the worker: ${data.error}`)) : done(data.hashes);
    };
    worker.onerror = (event) => {
      worker.terminate();
      failed(new Error(`the worker failed: ${event.message}`));
    };
    worker.postMessage({ blobs, names });
  });
}

async function hashAll(files) {
  const fromWorker = await inWorker(files.map((file) => file.slice()));
  const results = {};
  for (const [i, file] of files.entries()) {
    results[file.name] = {};
    for (const name of names) {
      results[file.name][name] = {
        file: (await hashBlob(name, file)).hex(),
        stream: (await hashStream(name, file.stream())).hex(),
        transform: await throughTransform(name, file),
        worker: fromWorker[i][name],
      };
    }
  }
  return results;
}

document.querySelector("input").addEventListener("change", (event) => {
  window.results = hashAll([...event.target.files]);
});
window.ready = true;
