// The package's API, the same in browsers and Node: hashers of every algorithm the command's
// -H takes, one-shots, streams, saved states, combine and the cloud forms. The entry points
// (browser.js, node.js) choose the backend (backend.js) before they export this.
import { impl as backend, WRAP } from "./backend.js";

/** Which backend computes the hashes: "native" (the addon, in Node) or "webassembly". */
export { name as backend } from "./backend.js";

/** The largest unsigned 64-bit integer: the largest seed, and the largest part size. */
const MAX_U64 = (1n << 64n) - 1n;

/** `data` as a Uint8Array over the same memory, or a TypeError naming what it got. */
function bytesOf(data) {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const what = data === null ? "null" : typeof data === "object" ? data.constructor?.name ?? "object" : typeof data;
  throw new TypeError(`data must be a Uint8Array, ArrayBuffer or DataView, not ${what}`);
}

/**
 * `value` as a BigInt: a safe integer or a BigInt from `least` to 2**64 - 1. Else a RangeError,
 * or a TypeError for what is not a number, naming `what` ("a seed", "a part size").
 */
function u64Of(value, what, least) {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= least) return BigInt(value);
  if (typeof value === "bigint" && value >= BigInt(least) && value <= MAX_U64) return value;
  if (typeof value === "number" || typeof value === "bigint") {
    throw new RangeError(`${what} is a whole number from ${least} to 2**64 - 1, not ${value}`);
  }
  throw new TypeError(`${what} is a number or a BigInt, not ${typeof value}`);
}

/** A seed as a BigInt: a non-negative safe integer or a BigInt below 2**64. */
function seedOf(seed) {
  return u64Of(seed, "a seed", 0);
}

/**
 * The bytes from which `updateAsync` hands an update to another thread, where the backend can
 * (the native addon): below it the hand-over to libuv's pool and back takes longer than the
 * fast algorithms take to hash the bytes here (BENCHMARKS.md, "npm package").
 */
const ASYNC_FROM = 1 << 20;

/**
 * A hash of `length` bytes as it comes out of the module cheapest: a number up to 32 bits, one
 * BigInt up to 64, a BigInt joined from two halves up to 128, and from its bytes above
 * (QuickXorHash's 160 bits).
 */
function valueOf(raw, length) {
  if (length > 16) return raw.valueBytes().reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  return length > 8 ? raw.value() : length > 4 ? raw.value64() : raw.value32();
}

/** A hash's value (a number or a BigInt) as `length` big-endian bytes. */
function bytesOfValue(value, length) {
  const bytes = new Uint8Array(length);
  if (typeof value === "number") {
    for (let at = length - 1; at >= 0; at--, value >>>= 8) bytes[at] = value & 0xff;
  } else {
    for (let at = length - 1; at >= 0; at--, value >>= 8n) bytes[at] = Number(value & 0xffn);
  }
  return bytes;
}

/** A hash's value in lower-case hexadecimal, `length` bytes' worth of digits. */
function hexOfValue(value, length) {
  return value.toString(16).padStart(length * 2, "0");
}

/** The error for a hash too wide for a number. */
function tooWide(length) {
  return new RangeError(`a ${length * 8}-bit hash does not fit a number: use bigint()`);
}

/** Known only here: the method that turns a Hasher's hash so far into a Digest. */
const FINISH = Symbol("finish");

/** The error for a Hasher used after `free()`. */
function freed() {
  return new TypeError("this Hasher was freed: make a new one");
}

/** Runs `make`, turning the backend's errors about names, seeds and states into RangeErrors. */
function checked(make) {
  try {
    return make();
  } catch (error) {
    throw new RangeError(error.message);
  }
}

/**
 * A streaming hasher: `new Hasher("xxh3")`, `new Hasher("crc32c")`, `new Hasher("crc-16/arc")`,
 * `new Hasher("xxh64", { seed: 7n })`. Its memory is freed when it is collected, or at once by
 * `free()`.
 */
export class Hasher {
  #hasher;
  #length;

  constructor(name, options = {}) {
    if (name === WRAP) {
      this.#hasher = options;
    } else {
      if (typeof name !== "string") throw new TypeError(`an algorithm's name is a string, not ${typeof name}`);
      const bigSeed = seedOf(options.seed ?? 0);
      this.#hasher = checked(() => backend.hasher(name, bigSeed));
    }
    this.#length = this.#hasher.digestLength;
  }

  /** A Hasher around a hasher the backend made. */
  static #of(raw) {
    return new Hasher(WRAP, raw);
  }

  /** Known only to the package (node.js): a Hasher around a hasher the backend made. */
  static [WRAP](raw) {
    return Hasher.#of(raw);
  }

  /** The backend's hasher, or a TypeError once it was freed. */
  get #raw() {
    if (this.#hasher === null) throw freed();
    return this.#hasher;
  }

  /** Hashes `data` (a Uint8Array, ArrayBuffer or DataView) after what came before. */
  update(data) {
    backend.update(this.#raw, bytesOf(data));
    return this;
  }

  /**
   * `update` on another thread where the backend has threads (the native addon in Node) and
   * `data` is large: the event loop goes on meanwhile. `data` must not change until the promise
   * resolves; the hasher refuses other calls until then. Elsewhere the same as `update`.
   */
  async updateAsync(data) {
    const bytes = bytesOf(data);
    if (backend.updateAsync && bytes.length >= ASYNC_FROM) {
      await backend.updateAsync(this.#raw, bytes);
    } else {
      backend.update(this.#raw, bytes);
    }
    return this;
  }

  /** The hash so far as big-endian bytes, as xxhsum prints them. The hasher goes on. */
  digest() {
    return bytesOfValue(valueOf(this.#raw, this.#length), this.#length);
  }

  /** The digest in lower-case hexadecimal. */
  hex() {
    return hexOfValue(valueOf(this.#raw, this.#length), this.#length);
  }

  /** The hash so far as a BigInt (any width; 64- and 128-bit hashes need one). */
  bigint() {
    return BigInt(valueOf(this.#raw, this.#length));
  }

  /** The hash so far as a number, for hashes of 32 bits or fewer (CRC-32, XXH32). */
  number() {
    if (this.#length > 4) throw tooWide(this.#length);
    return this.#raw.value32();
  }

  /** The hash so far as a Digest, whose algorithm's tag the caller already has. */
  [FINISH](algorithm) {
    return new Digest(FINISH, valueOf(this.#raw, this.#length), this.#length, algorithm);
  }

  /** Back to a new hasher's state, with the same algorithm and seed. */
  reset() {
    this.#raw.reset();
    return this;
  }

  /** A copy that goes on separately. */
  copy() {
    return Hasher.#of(this.#raw.copy());
  }

  /** The library's saved state: bytes the Rust and Python packages restore too. */
  save() {
    return this.#raw.save();
  }

  /** The hasher a saved state describes, its seed included (RangeError for a bad one). */
  static restore(state) {
    const bytes = bytesOf(state);
    return Hasher.#of(checked(() => backend.restore(bytes)));
  }

  /**
   * Makes this hasher's hash that of its bytes followed by `next`'s, from the two CRCs alone:
   * ranges hashed apart combine in order. CRCs of one parameter set, or Adler-32s.
   */
  combine(next) {
    if (!(next instanceof Hasher)) throw new TypeError("combine takes another Hasher");
    // The hasher itself as `next`: its bytes twice, through a copy (the backends lend one
    // hasher once at a time).
    const other = next === this ? this.#raw.copy() : next.#raw;
    if (!this.#raw.combine(other)) {
      throw new RangeError(`combine needs two CRCs of one parameter set or two Adler-32s, not ${this.algorithm} and ${next.algorithm}`);
    }
    return this;
  }

  /** The algorithm's tag, as the command's -H names it: "XXH3", "CRC32C", "CRC-16/ARC"... */
  get algorithm() {
    return this.#raw.algorithm;
  }

  /** The digest's length in bytes. */
  get digestLength() {
    return this.#length;
  }

  /** The seed, as a BigInt (0n for CRCs). */
  get seed() {
    return this.#raw.seed;
  }

  /** Frees the hasher's memory now; any use after is a TypeError (a second `free()` is not). */
  free() {
    this.#hasher?.free?.();
    this.#hasher = null;
  }
}

/**
 * A finished hash, as `hash` returns it: the forms a Hasher gives, without a backend's hasher,
 * so one-shots in a loop leave nothing for the garbage collector to free.
 */
export class Digest {
  #value;
  #length;
  #algorithm;

  constructor(key, value, length, algorithm) {
    if (key !== FINISH) throw new TypeError("a Digest comes from hash()");
    this.#value = value;
    this.#length = length;
    this.#algorithm = algorithm;
  }

  /** The hash as big-endian bytes, as xxhsum prints them. */
  digest() {
    return bytesOfValue(this.#value, this.#length);
  }

  /** The digest in lower-case hexadecimal. */
  hex() {
    return hexOfValue(this.#value, this.#length);
  }

  /** The hash as a BigInt (any width). */
  bigint() {
    return BigInt(this.#value);
  }

  /** The hash as a number, for hashes of 32 bits or fewer (CRC-32, XXH32). */
  number() {
    if (this.#length > 4) throw tooWide(this.#length);
    return this.#value;
  }

  /** The algorithm's tag, as the command's -H names it: "XXH3", "CRC32C", "CRC-16/ARC"... */
  get algorithm() {
    return this.#algorithm;
  }

  /** The digest's length in bytes. */
  get digestLength() {
    return this.#length;
  }
}

/**
 * The backend's hashers `hash` keeps, one per name with the seed it was made with: making one
 * costs more than hashing a short input, and one left to the garbage collector holds memory
 * until it runs. Emptied when it reaches `KEPT_MAX` names.
 */
const kept = new Map();
const KEPT_MAX = 64;

/** The hash of `data` by the algorithm `name`: `hash("xxh3", bytes).hex()`. */
export function hash(name, data, options) {
  const seed = options?.seed === undefined ? 0n : seedOf(options.seed);
  const bytes = bytesOf(data);
  let one = kept.get(name);
  if (one === undefined || one.seed !== seed) {
    if (typeof name !== "string") throw new TypeError(`an algorithm's name is a string, not ${typeof name}`);
    const raw = checked(() => backend.hasher(name, seed));
    if (one !== undefined) {
      one.raw.free?.();
      kept.delete(name);
    }
    if (kept.size >= KEPT_MAX) {
      for (const { raw: old } of kept.values()) old.free?.();
      kept.clear();
    }
    one = { seed, raw, length: raw.digestLength, algorithm: raw.algorithm };
    kept.set(name, one);
  }
  const { raw, length } = one;
  // A backend's one call where it has one (it may decline: undefined), else three.
  let value = backend.once && length <= 16 ? backend.once(raw, bytes, length) : undefined;
  if (value === undefined) {
    raw.reset();
    backend.update(raw, bytes);
    value = valueOf(raw, length);
  }
  return new Digest(FINISH, value, length, one.algorithm);
}

/**
 * The hasher of `name` given everything a Web ReadableStream of byte chunks yields. On any
 * error (a chunk that is not bytes, a bad name) the stream is cancelled and released.
 */
export async function hashStream(name, stream, options) {
  const reader = stream.getReader();
  try {
    const hasher = new Hasher(name, options);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return hasher;
      await hasher.updateAsync(value);
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/** The hasher of `name` given a Blob or File, read in chunks rather than whole. */
export function hashBlob(name, blob, options) {
  return hashStream(name, blob.stream(), options);
}

/**
 * A TransformStream that passes its chunks on unchanged and hashes them; its `hasher` holds
 * the hash of everything that passed.
 */
export function hashingStream(name, options) {
  const hasher = new Hasher(name, options);
  const stream = new TransformStream({
    transform(chunk, controller) {
      hasher.update(chunk);
      controller.enqueue(chunk);
    },
  });
  stream.hasher = hasher;
  return stream;
}

/**
 * The longest string V8 makes (2**29 - 24 characters in 64-bit Node and Chromium): base64 of
 * more is refused before any work.
 */
const MAX_STRING_LENGTH = 2 ** 29 - 24;

/** `bytes` in standard base64, as the clouds show checksums. */
export function base64(bytes) {
  const data = bytesOf(bytes);
  if (Math.ceil(data.length / 3) * 4 > MAX_STRING_LENGTH) {
    throw new RangeError(`base64 of ${data.length} bytes would exceed JavaScript's longest string`);
  }
  return backend.base64(data);
}


/**
 * S3's composite checksum of a multipart upload (CRC-32 or CRC-32C, `base64-N`): update it with
 * the object's bytes as they come; `toString()` gives what S3 shows for parts of `partSize`.
 */
export class S3Composite {
  #raw;

  constructor(name, partSize) {
    if (typeof name !== "string") throw new TypeError(`an algorithm's name is a string, not ${typeof name}`);
    const size = u64Of(partSize, "a part size", 1);
    this.#raw = checked(() => backend.s3(name, size));
  }

  update(data) {
    if (this.#raw === null) throw new TypeError("this S3Composite was freed: make a new one");
    backend.update(this.#raw, bytesOf(data));
    return this;
  }

  toString() {
    if (this.#raw === null) throw new TypeError("this S3Composite was freed: make a new one");
    return this.#raw.toString();
  }

  free() {
    this.#raw?.free?.();
    this.#raw = null;
  }
}

/** The forms of a CRC the clouds show, from a Hasher or a Digest. */
export const cloud = {
  /** S3's ChecksumCRC32, ChecksumCRC32C or ChecksumCRC64NVME (single part or FULL_OBJECT). */
  s3(hasher) {
    if (!["CRC32", "CRC32C", "CRC64NVME"].includes(hasher.algorithm)) {
      throw new RangeError(`S3's checksums are CRC-32, CRC-32C and CRC-64/NVME, not ${hasher.algorithm}`);
    }
    return base64(hasher.digest());
  },
  /** Azure's x-ms-content-crc64: CRC-64/NVME's little-endian bytes. */
  azureCrc64(hasher) {
    if (hasher.algorithm !== "CRC64NVME") throw new RangeError(`Azure's CRC64 is CRC-64/NVME, not ${hasher.algorithm}`);
    return base64(hasher.digest().reverse());
  },
  /** Google Cloud Storage's crc32c (x-goog-hash). */
  gcs(hasher) {
    if (hasher.algorithm !== "CRC32C") throw new RangeError(`GCS's checksum is CRC-32C, not ${hasher.algorithm}`);
    return base64(hasher.digest());
  },
  /** OneDrive's and SharePoint's quickXorHash (Microsoft Graph's file.hashes). */
  onedrive(hasher) {
    if (hasher.algorithm !== "QUICKXOR") throw new RangeError(`OneDrive's hash is QuickXorHash, not ${hasher.algorithm}`);
    return base64(hasher.digest());
  },
};
