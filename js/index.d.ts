/**
 * Bytes to hash: a Uint8Array (a Node Buffer is one), an ArrayBuffer or any view of one. A string
 * is a TypeError, so encode it first: the bytes hashed are then the ones you chose.
 *
 * @example
 * hash("xxh3", new TextEncoder().encode("hello")).hex(); // "9555e8555c62dcfd"
 * hash("xxh3", new TextEncoder().encode("hello").buffer).hex(); // the same from an ArrayBuffer
 */
export type Data = Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * A seed for the xxHash family: a non-negative safe integer or a BigInt below 2**64, so a seed
 * above 2**53 needs a BigInt to stay exact. CRCs take none: a seed other than 0 is a RangeError.
 *
 * @example
 * hash("xxh64", new TextEncoder().encode("hello"), { seed: 7n }).hex(); // "d329315f8bc34e2e"
 */
export interface Options {
  seed?: number | bigint;
}

/**
 * Which backend computes the hashes: "native", the addon built for this platform (Node, where
 * js/build.sh or the platform's package iohash-<platform> put one), or "webassembly" (browsers,
 * workers, Deno, and Node without an addon). IOHASH_BACKEND=webassembly in the environment makes
 * Node use WebAssembly; IOHASH_BACKEND=native makes it fail without the addon.
 *
 * @example
 * import { backend } from "iohash";
 * console.log(backend); // "native" in Node on Linux x64 with the addon
 */
export const backend: "native" | "webassembly";

/**
 * What hashFile reads and how: `offset` and `length` in bytes (from the start to the end by
 * default), `threads` that read one large file ahead (the native addon; one per CPU by default),
 * and a `signal` that stops the read, which then rejects with the signal's reason.
 */
export interface FileOptions extends Options {
  offset?: number | bigint;
  length?: number | bigint;
  threads?: number;
  signal?: AbortSignal;
}

/**
 * A streaming hasher of any algorithm the command's -H takes: "xxh3" (or "xxh3_64"), "xxh128"
 * (or "xxh3_128"), "xxh64", "xxh32", "crc32", "crc32c", "crc64nvme", "adler32", "quickxor"
 * (OneDrive's QuickXorHash, 20 bytes), and every CRC of the
 * catalogue by name ("crc-16/arc"), in any case. However the input is split, the hash is the
 * same. Its memory is freed when it is collected, or at once by free(), after which any use is a
 * TypeError.
 *
 * @example
 * const text = new TextEncoder();
 * const hasher = new Hasher("crc32c").update(text.encode("hello ")).update(text.encode("world"));
 * hasher.hex(); // "c99465aa", the CRC-32C of "hello world" hashed in one piece
 */
export class Hasher {
  /**
   * TypeError for a name that is not a string; RangeError for an unknown name or a bad seed.
   *
   * @example
   * new Hasher("xxh64", { seed: 7n }).seed; // 7n
   * new Hasher("md5"); // throws a RangeError that lists the names it knows
   */
  constructor(name: string, options?: Options);
  /**
   * Hashes data after what came before; TypeError for a string or a number. It returns the
   * hasher so calls chain.
   *
   * @example
   * const bytes = new TextEncoder().encode("hello");
   * const hasher = new Hasher("xxh3").update(bytes.subarray(0, 3)).update(bytes.subarray(3));
   * hasher.hex(); // "9555e8555c62dcfd", as for the bytes in one piece
   */
  update(data: Data): this;
  /**
   * update on another thread where the native addon runs and data is large (1 MiB or more),
   * so the event loop goes on meanwhile; elsewhere the same as update. Until the promise
   * resolves, data must not change and the hasher refuses other calls (an Error says so).
   *
   * @example
   * const hasher = new Hasher("crc64nvme");
   * await hasher.updateAsync(new Uint8Array(64 << 20));
   */
  updateAsync(data: Data): Promise<this>;
  /**
   * The hash so far as big-endian bytes, as xxhsum prints them. The hasher goes on, so more
   * data can follow.
   *
   * @example
   * const check = new TextEncoder().encode("123456789");
   * hash("crc32", check).digest(); // Uint8Array [0xcb, 0xf4, 0x39, 0x26]
   */
  digest(): Uint8Array;
  /**
   * The digest in lower-case hexadecimal, zero-padded to the digest's length so hashes of one
   * algorithm line up.
   *
   * @example
   * hash("crc32", new TextEncoder().encode("123456789")).hex(); // "cbf43926"
   * hash("crc32", new Uint8Array()).hex(); // "00000000"
   */
  hex(): string;
  /**
   * The hash so far as a BigInt, exact at any width: 64- and 128-bit hashes need one.
   *
   * @example
   * hash("crc64nvme", new TextEncoder().encode("123456789")).bigint(); // 0xae8b14860a799888n
   */
  bigint(): bigint;
  /**
   * The hash so far as a number: hashes of 32 bits or fewer only (RangeError otherwise), since a
   * number would round a wider one.
   *
   * @example
   * const check = new TextEncoder().encode("123456789");
   * hash("crc32", check).number(); // 0xcbf43926
   * hash("xxh3", check).number(); // throws a RangeError: use bigint()
   */
  number(): number;
  /**
   * Back to a new hasher's state, with the same algorithm and seed, to hash another input
   * without making another hasher.
   *
   * @example
   * const hasher = new Hasher("xxh64", { seed: 7n }).update(new TextEncoder().encode("hello"));
   * hasher.reset().hex() === hash("xxh64", new Uint8Array(), { seed: 7n }).hex(); // true
   */
  reset(): this;
  /**
   * A copy that goes on separately: inputs that share a prefix hash it once.
   *
   * @example
   * const text = new TextEncoder();
   * const prefix = new Hasher("xxh3").update(text.encode("hel"));
   * prefix.copy().update(text.encode("lo")).hex(); // "9555e8555c62dcfd", the hash of "hello"
   * prefix.hex() === hash("xxh3", text.encode("hel")).hex(); // true: prefix is unchanged
   */
  copy(): Hasher;
  /**
   * The library's saved state, which the Rust and Python packages restore too, so a hash begun
   * here can go on later or in another language.
   *
   * @example
   * const text = new TextEncoder();
   * const state = new Hasher("xxh64", { seed: 7n }).update(text.encode("hel")).save();
   * Hasher.restore(state).update(text.encode("lo")).hex(); // "d329315f8bc34e2e", as for "hello"
   */
  save(): Uint8Array;
  /**
   * The hasher a saved state describes, its algorithm and seed included (RangeError for a bad
   * state).
   *
   * @example
   * const state = new Hasher("xxh64", { seed: 7n }).save();
   * Hasher.restore(state).seed; // 7n
   * Hasher.restore(new TextEncoder().encode("junk")); // throws a RangeError
   */
  static restore(state: Data): Hasher;
  /**
   * This hash becomes that of its bytes then next's: CRCs of one parameter set, or Adler-32s
   * (RangeError otherwise). Ranges hashed apart, in workers say, join without being read again.
   *
   * @example
   * const text = new TextEncoder();
   * const first = new Hasher("crc32c").update(text.encode("hello "));
   * first.combine(new Hasher("crc32c").update(text.encode("world"))).hex(); // "c99465aa"
   */
  combine(next: Hasher): this;
  /**
   * The algorithm's tag, whichever name made the hasher: "XXH3", "XXH128", "CRC32C",
   * "CRC-16/ARC"...
   *
   * @example
   * new Hasher("xxh3_128").algorithm; // "XXH128"
   * new Hasher("crc-16/arc").algorithm; // "CRC-16/ARC"
   */
  readonly algorithm: string;
  /**
   * The digest's length in bytes.
   *
   * @example
   * new Hasher("xxh128").digestLength; // 16
   */
  readonly digestLength: number;
  /**
   * The seed, as a BigInt so every 64-bit seed is exact (0n for CRCs).
   *
   * @example
   * new Hasher("xxh3", { seed: 7 }).seed; // 7n
   * new Hasher("crc32").seed; // 0n
   */
  readonly seed: bigint;
  /**
   * Frees the WebAssembly memory now, rather than whenever the hasher is collected; the hasher
   * cannot be used after. Worth it when you make many hashers.
   *
   * @example
   * const hasher = new Hasher("xxh3").update(new TextEncoder().encode("hello"));
   * const hex = hasher.hex(); // "9555e8555c62dcfd"
   * hasher.free();
   */
  free(): void;
}

/**
 * A finished hash, as hash() gives it: the forms a Hasher gives, without WebAssembly memory to
 * free. A Hasher hashes more, copies, saves and combines; a Digest only holds the result.
 *
 * @example
 * const digest = hash("crc32c", new TextEncoder().encode("123456789"));
 * digest.hex(); // "e3069283"
 * digest.number(); // 0xe3069283
 */
export class Digest {
  /** Digests come from hash(); the constructor throws a TypeError. */
  private constructor();
  /**
   * The hash as big-endian bytes, as xxhsum prints them.
   *
   * @example
   * hash("crc32", new TextEncoder().encode("123456789")).digest(); // Uint8Array [0xcb, 0xf4, 0x39, 0x26]
   */
  digest(): Uint8Array;
  /**
   * The digest in lower-case hexadecimal, zero-padded to the digest's length.
   *
   * @example
   * hash("xxh3", new TextEncoder().encode("hello")).hex(); // "9555e8555c62dcfd"
   */
  hex(): string;
  /**
   * The hash as a BigInt, exact at any width.
   *
   * @example
   * hash("xxh64", new Uint8Array()).bigint(); // 0xef46db3751d8e999n
   */
  bigint(): bigint;
  /**
   * The hash as a number, for hashes of 32 bits or fewer; RangeError for a wider one, which a
   * number would round.
   *
   * @example
   * hash("crc-16/arc", new TextEncoder().encode("123456789")).number(); // 0xbb3d
   */
  number(): number;
  /**
   * The algorithm's tag: "XXH3", "CRC32C", "CRC-16/ARC"...
   *
   * @example
   * hash("xxh3_64", new Uint8Array()).algorithm; // "XXH3"
   */
  readonly algorithm: string;
  /**
   * The digest's length in bytes.
   *
   * @example
   * hash("crc64nvme", new Uint8Array()).digestLength; // 8
   */
  readonly digestLength: number;
}

/**
 * The hash of data by the algorithm name names, as a Digest. Fast for short inputs: it reuses
 * a hasher it keeps for each name rather than making one each call.
 *
 * @example
 * hash("xxh3", new TextEncoder().encode("hello")).hex(); // "9555e8555c62dcfd"
 * hash("crc32", new TextEncoder().encode("123456789")).number(); // 0xcbf43926
 */
export function hash(name: string, data: Data, options?: Options): Digest;
/**
 * The hasher of name given everything a ReadableStream of byte chunks yields, such as a fetch
 * response's body, read chunk by chunk rather than whole.
 *
 * @example
 * const body = new Response("123456789").body!; // or (await fetch(url)).body!
 * (await hashStream("crc32", body)).hex(); // "cbf43926"
 */
export function hashStream(name: string, stream: ReadableStream<Data>, options?: Options): Promise<Hasher>;
/**
 * The hasher of name given a Blob or File, read in chunks so a large file never sits whole in
 * memory.
 *
 * @example
 * const file = new File(["hello world"], "hello.txt"); // or one from an <input type="file">
 * (await hashBlob("crc32c", file)).hex(); // "c99465aa"
 */
export function hashBlob(name: string, blob: Blob, options?: Options): Promise<Hasher>;
/**
 * A TransformStream that passes chunks on unchanged and hashes them into its hasher, so bytes
 * on their way somewhere are hashed without a second read. Read the hasher once the stream ends.
 *
 * @example
 * const hashing = hashingStream("crc32");
 * await new Response(new Blob(["123456789"]).stream().pipeThrough(hashing)).text(); // "123456789"
 * hashing.hasher.hex(); // "cbf43926"
 */
export function hashingStream(
  name: string,
  options?: Options,
): TransformStream<Uint8Array, Uint8Array> & { hasher: Hasher };
/**
 * Bytes in standard base64, as the clouds show checksums: the digest's big-endian bytes, not its
 * hexadecimal. The cloud forms below are this with a check of the algorithm.
 *
 * @example
 * base64(hash("crc32", new TextEncoder().encode("123456789")).digest()); // "y/Q5Jg=="
 */
export function base64(bytes: Data): string;

/**
 * S3's composite checksum of a multipart upload (crc32 or crc32c): the CRC of the parts' CRCs
 * and the number of parts, which S3 shows for a COMPOSITE upload in place of the whole object's
 * CRC. Give it the upload's part size and the object's bytes as they come.
 *
 * @example
 * const s3 = new S3Composite("crc32c", 4); // parts of 4 bytes: "hell", "o wo", "rld"
 * s3.update(new TextEncoder().encode("hello world")).toString(); // "UuFaQQ==-3"
 */
export class S3Composite {
  /**
   * TypeError for a name that is not a string; RangeError for an algorithm other than crc32 or
   * crc32c, or a part size under 1.
   *
   * @example
   * new S3Composite("crc32", 8 * 1024 * 1024); // the upload's parts of 8 MiB
   * new S3Composite("crc64nvme", 8 * 1024 * 1024); // throws a RangeError
   */
  constructor(name: "crc32" | "crc32c" | string, partSize: number | bigint);
  /**
   * Hashes data after what came before, cut into parts wherever it falls; TypeError for a
   * string or a number. It returns the composite so calls chain.
   *
   * @example
   * const text = new TextEncoder();
   * const s3 = new S3Composite("crc32c", 4).update(text.encode("hel"));
   * s3.update(text.encode("lo world"));
   * s3.toString(); // "UuFaQQ==-3", however the bytes came
   */
  update(data: Data): this;
  /**
   * "base64-N", N the number of parts. One part still gives this form, unlike cloud.s3, as S3
   * shows it for a multipart upload of one part.
   *
   * @example
   * const s3 = new S3Composite("crc32", 100).update(new TextEncoder().encode("hello world"));
   * s3.toString(); // "YChbaA==-1", where cloud.s3 of the same bytes gives "DUoRhQ=="
   */
  toString(): string;
  /**
   * Frees the WebAssembly memory now, rather than whenever the composite is collected; it
   * cannot be used after.
   *
   * @example
   * const s3 = new S3Composite("crc32c", 4).update(new TextEncoder().encode("hello world"));
   * const checksum = s3.toString(); // "UuFaQQ==-3"
   * s3.free();
   */
  free(): void;
}

/**
 * The forms of a finished CRC that the clouds show, to compare with what a cloud reports
 * without converting by hand.
 *
 * @example
 * const crc = hash("crc64nvme", new TextEncoder().encode("123456789"));
 * cloud.s3(crc); // "rosUhgp5mIg="
 * cloud.azureCrc64(crc); // "iJh5CoYUi64=", the same CRC's bytes the other way round
 */
export const cloud: {
  /**
   * S3's ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME (single part or FULL_OBJECT).
   *
   * @example
   * cloud.s3(hash("crc32", new TextEncoder().encode("123456789"))); // "y/Q5Jg=="
   */
  s3(hash: Hasher | Digest): string;
  /**
   * Azure's x-ms-content-crc64 (CRC-64/NVME, little-endian); RangeError for another algorithm.
   *
   * @example
   * cloud.azureCrc64(hash("crc64nvme", new TextEncoder().encode("123456789"))); // "iJh5CoYUi64="
   */
  azureCrc64(hash: Hasher | Digest): string;
  /**
   * Google Cloud Storage's crc32c, as in x-goog-hash; RangeError for another algorithm, since
   * GCS shows no other CRC.
   *
   * @example
   * cloud.gcs(hash("crc32c", new TextEncoder().encode("123456789"))); // "4waSgw=="
   */
  gcs(hash: Hasher | Digest): string;
  /**
   * OneDrive's and SharePoint's quickXorHash, as Microsoft Graph shows it in file.hashes;
   * RangeError for another algorithm.
   *
   * @example
   * cloud.onedrive(hash("quickxor", new TextEncoder().encode("hello world"))); // "aCgDG9jwBhDc4Q1yawMZAAAAAAA="
   */
  onedrive(hash: Hasher | Digest): string;
};

/**
 * Node only: the hasher of name given a Node Readable stream, such as process.stdin or a
 * socket. For a file, hashFile is faster: a read stream makes a new buffer for each chunk.
 *
 * @example
 * // echo -n 123456789 | node crc.mjs
 * (await hashNodeStream("crc32", process.stdin)).hex(); // "cbf43926"
 */
export function hashNodeStream(
  name: string,
  stream: AsyncIterable<Uint8Array>,
  options?: Options,
): Promise<Hasher>;
/**
 * Node only: the hasher of name given the file at path (a FIFO or a pseudo-file too), read to
 * its end or over options' range. With the native addon the library reads it on libuv's thread
 * pool (a large file on several threads; the event loop goes on), and a file that changes
 * while read (its size or times) rejects with code "ECHANGED" rather than give a hash of no
 * version of it; writes through a shared memory map, or from another machine on a network file
 * system, may go unseen. On WebAssembly the file is read here, 4 MiB at a time. Errors carry
 * Node's codes (ENOENT, EACCES, EISDIR); a bad range is a RangeError.
 *
 * @example
 * const crc = (await hashFile("crc64nvme", "video.mov")).bigint();
 * const head = await hashFile("xxh3", "video.mov", { length: 1 << 20, signal: AbortSignal.timeout(5000) });
 */
export function hashFile(name: string, path: string | URL, options?: FileOptions): Promise<Hasher>;
