/** Bytes to hash: a Uint8Array (a Node Buffer is one), an ArrayBuffer or any view of one. */
export type Data = Uint8Array | ArrayBuffer | ArrayBufferView;

/** A seed for the xxHash family: a non-negative safe integer or a BigInt below 2**64. */
export interface Options {
  seed?: number | bigint;
}

/**
 * A streaming hasher of any algorithm the command's -H takes: "xxh3" (or "xxh3_64"), "xxh128"
 * (or "xxh3_128"), "xxh64", "xxh32", "crc32", "crc32c", "crc64nvme", and every CRC of the
 * catalogue by name ("crc-16/arc"), in any case. Its WebAssembly memory is freed when it is
 * collected, or at once by free().
 */
export class Hasher {
  /** TypeError for a name that is not a string; RangeError for an unknown name or a bad seed. */
  constructor(name: string, options?: Options);
  /** Hashes data after what came before; TypeError for a string or a number. */
  update(data: Data): this;
  /** The hash so far as big-endian bytes, as xxhsum prints them. */
  digest(): Uint8Array;
  /** The digest in lower-case hexadecimal. */
  hex(): string;
  /** The hash so far as a BigInt. */
  bigint(): bigint;
  /** The hash so far as a number: hashes of 32 bits or fewer only (RangeError otherwise). */
  number(): number;
  /** Back to a new hasher's state, with the same algorithm and seed. */
  reset(): this;
  /** A copy that goes on separately. */
  copy(): Hasher;
  /** The library's saved state, which the Rust and Python packages restore too. */
  save(): Uint8Array;
  /** The hasher a saved state describes (RangeError for a bad one). */
  static restore(state: Data): Hasher;
  /** This hash becomes that of its bytes then next's: CRCs of one parameter set only. */
  combine(next: Hasher): this;
  /** The algorithm's tag: "XXH3", "XXH128", "CRC32C", "CRC-16/ARC"... */
  readonly algorithm: string;
  /** The digest's length in bytes. */
  readonly digestLength: number;
  /** The seed (0n for CRCs). */
  readonly seed: bigint;
  /** Frees the WebAssembly memory now; the hasher cannot be used after. */
  free(): void;
}

/** A hasher of name given data. */
export function hash(name: string, data: Data, options?: Options): Hasher;
/** The hasher of name given everything a ReadableStream of byte chunks yields. */
export function hashStream(name: string, stream: ReadableStream<Data>, options?: Options): Promise<Hasher>;
/** The hasher of name given a Blob or File, read in chunks. */
export function hashBlob(name: string, blob: Blob, options?: Options): Promise<Hasher>;
/** A TransformStream that passes chunks on and hashes them into its hasher. */
export function hashingStream(
  name: string,
  options?: Options,
): TransformStream<Uint8Array, Uint8Array> & { hasher: Hasher };
/** Bytes in standard base64, as the clouds show checksums. */
export function base64(bytes: Data): string;

/** S3's composite checksum of a multipart upload (crc32 or crc32c), as S3 shows it. */
export class S3Composite {
  constructor(name: "crc32" | "crc32c" | string, partSize: number | bigint);
  update(data: Data): this;
  /** "base64-N". */
  toString(): string;
  free(): void;
}

/** The forms of a finished CRC that the clouds show. */
export const cloud: {
  /** S3's ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME (single part or FULL_OBJECT). */
  s3(hasher: Hasher): string;
  /** Azure's x-ms-content-crc64 (CRC-64/NVME, little-endian). */
  azureCrc64(hasher: Hasher): string;
  /** Google Cloud Storage's crc32c. */
  gcs(hasher: Hasher): string;
};

/** Node only: the hasher of name given a Node Readable stream. */
export function hashNodeStream(
  name: string,
  stream: AsyncIterable<Uint8Array>,
  options?: Options,
): Promise<Hasher>;
/**
 * Node only: the hasher of name given the file at path (a FIFO or a pseudo-file too), read to
 * its end in reads of up to 4 MiB into two buffers it reuses.
 *
 * @example
 * const crc = (await hashFile("crc64nvme", "video.mov")).bigint();
 */
export function hashFile(name: string, path: string | URL, options?: Options): Promise<Hasher>;
