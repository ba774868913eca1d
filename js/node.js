// The package in Node: the native addon where one is built for this platform (beside this file
// from js/build.sh, or the platform's package, iohash-<platform>), else the WebAssembly module
// read from beside this file; `backend` says which. IOHASH_BACKEND=webassembly forces the
// module, IOHASH_BACKEND=native the addon (an error without it). Files and Node streams are
// hashed as they are read, off the event loop where the addon runs.
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { initSync } from "./pkg/iohash_js.js";
import { impl, use, WRAP } from "./backend.js";
import { webassembly } from "./webassembly.js";
import { Hasher } from "./index.js";

export * from "./index.js";

/** The platform's name as the addon's packages carry it (napi-rs's), or null for one we do not build. */
function platformName() {
  const { platform, arch } = process;
  if (platform === "linux" && (arch === "x64" || arch === "arm64")) return `linux-${arch}-${isMusl() ? "musl" : "gnu"}`;
  if (platform === "darwin" && (arch === "x64" || arch === "arm64")) return `darwin-${arch}`;
  if (platform === "win32" && arch === "x64") return "win32-x64-msvc";
  return null;
}

/**
 * Whether this Linux runs on musl: its `ldd` is musl's loader, glibc's a script naming glibc.
 * Asked first as it is cheap; Node's report (10 ms here, most of an import) says it otherwise.
 */
function isMusl() {
  try {
    return readFileSync("/usr/bin/ldd", "latin1").includes("musl");
  } catch {
    return !process.report?.getReport?.().header?.glibcVersionRuntime;
  }
}

/** The addon, or null where none is built for this platform; `why` holds what was tried. */
function loadAddon(why) {
  const platform = platformName();
  if (platform === null) {
    why.push(`no addon is built for ${process.platform}-${process.arch}`);
    return null;
  }
  const require = createRequire(import.meta.url);
  for (const place of [`./iohash.${platform}.node`, `iohash-${platform}`]) {
    try {
      return require(place);
    } catch (error) {
      why.push(`${place}: ${error.message.split("\n")[0]}`);
    }
  }
  return null;
}

/**
 * A hasher of the addon as index.js uses one: the addon's class for what is called once, its
 * handle and `fast` calls for what is called per chunk (napi-rs's glue costs more than hashing
 * a short input), its fixed properties read once.
 */
class NativeHasher {
  constructor(fast, inner) {
    this.fast = fast;
    this.inner = inner;
    this.handle = inner.handle();
    this.algorithm = inner.algorithm;
    this.digestLength = inner.digestLength;
    this.seed = inner.seed;
  }
  value32() {
    return this.fast.value32(this.handle);
  }
  value64() {
    return this.fast.value64(this.handle);
  }
  value() {
    return this.inner.value();
  }
  valueBytes() {
    return new Uint8Array(this.inner.valueBytes());
  }
  reset() {
    this.fast.reset(this.handle);
  }
  copy() {
    return new NativeHasher(this.fast, this.inner.copy());
  }
  save() {
    return new Uint8Array(this.inner.save());
  }
  combine(next) {
    return this.inner.combine(next.inner);
  }
}

/** The native backend over `addon` (see webassembly.js for what a backend holds). */
function nativeBackend(addon) {
  const { fast } = addon;
  const wrap = (inner) => new NativeHasher(fast, inner);
  /** A copy of `bytes` where they are shared memory, for the class's calls (fast's copy it). */
  const own = (bytes) => (typeof SharedArrayBuffer !== "undefined" && bytes.buffer instanceof SharedArrayBuffer ? bytes.slice() : bytes);
  return {
    name: "native",
    hasher: (name, seed) => wrap(new addon.Hasher(name, seed)),
    restore: (bytes) => wrap(addon.Hasher.restore(own(bytes))),
    wrap,
    update(raw, bytes) {
      if (raw.handle === undefined) raw.update(own(bytes)); // an S3 composite checksum
      else fast.update(raw.handle, bytes);
    },
    once(raw, bytes, length) {
      return length > 8 ? fast.once128(raw.handle, bytes) : length > 4 ? fast.once64(raw.handle, bytes) : fast.once32(raw.handle, bytes);
    },
    updateAsync: (raw, bytes) => raw.inner.updateAsync(own(bytes)),
    hashFile: addon.hashFile,
    Stop: addon.Stop,
    s3: (name, partSize) => new addon.S3CompositeChecksum(name, partSize),
    base64: (bytes) => addon.base64(own(bytes)),
  };
}

/** The backend this process uses, chosen once as the file's top says. */
function chooseBackend() {
  const forced = process.env.IOHASH_BACKEND;
  if (forced !== undefined && forced !== "" && forced !== "native" && forced !== "webassembly") {
    throw new Error(`IOHASH_BACKEND is "native" or "webassembly", not "${forced}"`);
  }
  if (forced !== "webassembly") {
    const why = [];
    const addon = loadAddon(why);
    if (addon !== null) return nativeBackend(addon);
    if (forced === "native") throw new Error(`IOHASH_BACKEND=native, but no addon loads: ${why.join("; ")}`);
  }
  initSync({ module: readFileSync(new URL("./pkg/iohash_js_bg.wasm", import.meta.url)) });
  return webassembly;
}

use(chooseBackend());

/** The hasher of `name` given everything a Node Readable stream of Buffers yields. */
export async function hashNodeStream(name, stream, options) {
  const hasher = new Hasher(name, options);
  for await (const chunk of stream) await hasher.updateAsync(chunk);
  return hasher;
}

/**
 * The most `hashFile` reads at a time on WebAssembly. It keeps two buffers of this size and
 * hashes one while the other fills, reused to the end: a read stream's fresh buffer per chunk
 * costs more than the hash (BENCHMARKS.md, "npm package").
 */
const FILE_READ_LEN = 4 << 20;

/** `value` as a BigInt option of hashFile's, or a RangeError naming it. */
function fileOption(value, what) {
  if (value === undefined) return undefined;
  if ((typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || (typeof value === "bigint" && value >= 0n && value < 1n << 64n)) {
    return BigInt(value);
  }
  throw new RangeError(`${what} is a whole number from 0 to 2**64 - 1, not ${value}`);
}

/** The Error `fs` would throw for the addon's `FileError` on `path`; a RangeError for a bad range. */
function fileError(failure, path) {
  if (failure.code === "ERANGE") return new RangeError(`${failure.message}, '${path}'`);
  const error = new Error(`${failure.code}: ${failure.message}, '${path}'`);
  return Object.assign(error, { code: failure.code, errno: failure.errno ?? undefined, path });
}

/**
 * The hasher of `name` given the file at `path` (a FIFO or a device too), read to its end, or
 * `options.length` bytes from `options.offset`. In Node with the addon, the library reads it
 * on libuv's thread pool (a large file on up to `options.threads` threads, one per CPU by
 * default) and a change while it is read is an error (code ECHANGED). `options.signal`, an
 * AbortSignal, stops it with the signal's reason.
 */
export async function hashFile(name, path, options = {}) {
  const filePath = path instanceof URL ? fileURLToPath(path) : path;
  if (typeof filePath !== "string") throw new TypeError(`a path is a string or a file: URL, not ${typeof path}`);
  const { signal } = options;
  signal?.throwIfAborted();
  const offset = fileOption(options.offset, "an offset");
  const length = fileOption(options.length, "a length");
  if (impl.hashFile) {
    // The name and seed checked as a Hasher checks them, before the file is opened.
    const seed = new Hasher(name, options).seed;
    const threads = options.threads === undefined ? undefined : Number(fileOption(options.threads, "a thread count"));
    const stop = new impl.Stop();
    const onAbort = () => stop.stop();
    signal?.addEventListener("abort", onAbort, { once: true });
    let result;
    try {
      result = await impl.hashFile(name, seed, filePath, { offset, length, threads }, stop);
    } catch (error) {
      throw new RangeError(error.message);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    if (typeof result.code !== "string") {
      const { warning } = result;
      if (warning) process.emitWarning(`iohash hashFile('${filePath}'): ${warning}`, { code: "IOHASH_THREADS_REFUSED" });
      return Hasher[WRAP](impl.wrap(result));
    }
    if (result.code === "ABORT_ERR" && signal?.aborted) throw signal.reason;
    throw fileError(result, filePath);
  }
  return readFile(name, filePath, options, offset, length);
}

/**
 * The most hashFile calls that read at once on WebAssembly; the others wait their turn, so
 * many calls at once hold at most this many pairs of buffers.
 */
const READS_AT_ONCE = 4;
let reading = 0;
const waiting = [];

/** hashFile on WebAssembly: the file read here, two buffers in turn, a few files at a time. */
async function readFile(name, path, options, offset, length) {
  const hasher = new Hasher(name, options);
  if (reading >= READS_AT_ONCE) await new Promise((resume) => waiting.push(resume));
  reading++;
  try {
    return await readInto(hasher, path, options.signal, offset, length);
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

/**
 * Reads the file at `path` into `hasher`. A file whose size or modification time changed
 * between the first look and the last is an error (code ECHANGED), not a hash of no version.
 */
async function readInto(hasher, path, signal, offset, length) {
  const file = await open(path);
  try {
    // A small file gets small buffers; a size of 0 may be a pseudo-file or a FIFO with more.
    const first = await file.stat();
    const { size } = first;
    if (offset !== undefined && offset > BigInt(size)) {
      throw new RangeError(`the offset ${offset} is past the end of '${path}', ${size} bytes long`);
    }
    let left = length === undefined ? Infinity : Number(length);
    const len = Math.min(FILE_READ_LEN, Math.max(64 << 10, size + 1));
    const buffers = [Buffer.allocUnsafeSlow(len), Buffer.allocUnsafeSlow(len)];
    let which = 0;
    // From the current position (a FIFO's), or from the offset.
    let position = offset === undefined ? null : Number(offset);
    const read = (buffer) => {
      const want = Math.min(len, left);
      const reading = want === 0 ? Promise.resolve({ bytesRead: 0 }) : file.read(buffer, 0, want, position);
      if (position !== null) position += want;
      return reading;
    };
    let reading = read(buffers[which]);
    for (;;) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) break;
      left -= bytesRead;
      const filled = buffers[which];
      which ^= 1;
      reading = read(buffers[which]);
      try {
        signal?.throwIfAborted();
        hasher.update(filled.subarray(0, bytesRead));
      } catch (error) {
        await reading.catch(() => {});
        throw error;
      }
    }
    if (left !== Infinity && left > 0) {
      throw new RangeError(`'${path}' ended ${left} bytes before the range's end`);
    }
    const last = await file.stat();
    if (first.isFile() && (last.size !== first.size || last.mtimeMs !== first.mtimeMs || last.ctimeMs !== first.ctimeMs)) {
      const error = new Error(`ECHANGED: file changed while it was being hashed, '${path}'`);
      throw Object.assign(error, { code: "ECHANGED", path });
    }
  } finally {
    await file.close();
  }
  return hasher;
}
