// A static file server for the browser tests and benchmarks: a folder served on 127.0.0.1 at a
// port the system picks, with the types browsers insist on (application/wasm for streaming
// compilation, text/javascript for modules). Nothing outside the folder is served.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

/** The Content-Type of a file named `path`. */
export function typeOf(path) {
  return types[extname(path)] ?? "application/octet-stream";
}

/** The file a request path names under `root`, or null for a path that leads outside it. */
function fileFor(root, requestPath) {
  let path;
  try {
    path = decodeURIComponent(requestPath.split("?")[0]);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  const file = resolve(root, `.${path}`);
  return file.startsWith(root + sep) ? file : null;
}

/**
 * Serves `folder` (a path or file URL) until `close()`: resolves to `{ url, close }`, `url`
 * ending in a slash.
 */
export async function serve(folder) {
  const root = resolve(folder instanceof URL ? fileURLToPath(folder) : folder);
  const server = createServer(async (request, response) => {
    const file = fileFor(root, request.url);
    if (!file) return response.writeHead(403).end("outside the served folder");
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": typeOf(file), "Content-Length": info.size, "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  });
  await new Promise((done, failed) => server.once("error", failed).listen(0, "127.0.0.1", done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    },
  };
}
