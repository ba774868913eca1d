//! The npm package `iohash`'s WebAssembly module: a hasher of every algorithm the library
//! computes, its saved state, CRC `combine` and the cloud forms, through wasm-bindgen. The
//! JavaScript layer (`js/index.js`) checks arguments, turns seeds and digests into the forms
//! JavaScript uses and adds streams; this crate binds the library and hashes nothing itself.

use core::num::NonZeroU64;
use std::cell::RefCell;

use iohash::cloud::{base64, S3Composite};
use iohash::{Algorithm, AnyHasher, DynHasher, NonCryptographicHasher};
use wasm_bindgen::prelude::*;

/// The algorithm a name gives: what the command's `-H` takes (`xxh3`, `crc32c`, `CRC-16/ARC`,
/// any case), and the constructors' names `xxh3_64` and `xxh3_128`.
fn parse(name: &str) -> Result<Algorithm, JsError> {
    if name.eq_ignore_ascii_case("xxh3_64") {
        return Ok(Algorithm::Xxh3);
    }
    if name.eq_ignore_ascii_case("xxh3_128") {
        return Ok(Algorithm::Xxh128);
    }
    name.parse()
        .map_err(|err: iohash::UnknownAlgorithm| JsError::new(&err.to_string()))
}

/// The bytes of the input buffer: an update larger than this is copied and hashed in chunks of
/// this size, small enough that a chunk is still in the first-level data cache (32 KiB or more
/// on the CPUs we measure) when it is hashed; 16 KiB measured a little faster than 32 or 64.
const INPUT_LEN: usize = 16 * 1024;

thread_local! {
    /// The buffer JavaScript copies the bytes of an update into before `updateInput`: made once,
    /// so an update allocates nothing (wasm-bindgen's `&[u8]` allocates and frees one a call).
    static INPUT: RefCell<Box<[u8]>> = RefCell::new(vec![0; INPUT_LEN].into_boxed_slice());
}

/// Where the input buffer starts in the module's memory.
#[wasm_bindgen(js_name = inputAt)]
pub fn input_at() -> usize {
    INPUT.with(|input| input.borrow_mut().as_mut_ptr() as usize)
}

/// The input buffer's length in bytes.
#[wasm_bindgen(js_name = inputLength)]
pub fn input_length() -> usize {
    INPUT_LEN
}

/// The module's memory, where JavaScript writes into the input buffer.
#[wasm_bindgen(js_name = moduleMemory)]
pub fn module_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// The first `len` bytes of the input buffer, given to `f`.
fn with_input<T>(len: usize, f: impl FnOnce(&[u8]) -> T) -> T {
    INPUT.with(|input| f(&input.borrow()[..len]))
}

/// A streaming hasher of one algorithm.
#[wasm_bindgen]
pub struct Hasher {
    inner: AnyHasher,
    seed: u64,
}

#[wasm_bindgen]
impl Hasher {
    /// A hasher of the algorithm `name` names, with `seed` (xxHash only; XXH32 takes its low
    /// 32 bits).
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, seed: u64) -> Result<Hasher, JsError> {
        let algorithm = parse(name)?;
        if seed != 0 && !algorithm.takes_seed() {
            return Err(JsError::new(&format!("{algorithm} takes no seed")));
        }
        let seed = if algorithm == Algorithm::Xxh32 {
            seed & u64::from(u32::MAX)
        } else {
            seed
        };
        Ok(Hasher {
            inner: algorithm.hasher(seed),
            seed,
        })
    }

    /// Hashes the first `len` bytes of the input buffer after what came before.
    #[wasm_bindgen(js_name = updateInput)]
    pub fn update_input(&mut self, len: usize) {
        with_input(len, |data| self.inner.append(data));
    }

    /// The hash so far, for a hash of 128 bits or fewer (a BigInt in JavaScript; the digest's
    /// bytes are its big-endian form). A wider one (QuickXorHash's) is `valueBytes`'s.
    pub fn value(&self) -> u128 {
        self.inner.current_hash_u128().unwrap_or_default()
    }

    /// The hash so far as its big-endian bytes: for QuickXorHash's 160 bits, which no integer
    /// of the module's holds.
    #[wasm_bindgen(js_name = valueBytes)]
    pub fn value_bytes(&self) -> Vec<u8> {
        self.inner.current_hash().as_be_bytes().to_vec()
    }

    /// [`value`](Self::value) for a hash of 64 bits or fewer: one BigInt from the module, where
    /// a `u128` comes as two halves that JavaScript must join.
    #[wasm_bindgen(js_name = value64)]
    pub fn value_64(&self) -> u64 {
        self.inner.current_hash_u128().unwrap_or_default() as u64
    }

    /// [`value`](Self::value) for a hash of 32 bits or fewer, as a JavaScript number: no BigInt.
    #[wasm_bindgen(js_name = value32)]
    pub fn value_32(&self) -> u32 {
        self.inner.current_hash_u128().unwrap_or_default() as u32
    }

    /// Back to the state of a new hasher with the same algorithm and seed.
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    /// A copy that goes on separately.
    #[wasm_bindgen(js_name = copy)]
    pub fn duplicate(&self) -> Hasher {
        Hasher {
            inner: self.inner.clone(),
            seed: self.seed,
        }
    }

    /// The algorithm's tag, as the command's `-H` and the saved state name it.
    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.inner.algorithm().tag().to_owned()
    }

    /// The digest's length in bytes.
    #[wasm_bindgen(getter, js_name = digestLength)]
    pub fn digest_length(&self) -> usize {
        self.inner.hash_len()
    }

    /// The seed (0 for CRCs).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The library's saved state: the bytes the Rust and Python packages restore too.
    pub fn save(&self) -> Vec<u8> {
        self.inner.save_state().to_vec()
    }

    /// The hasher a saved state describes, with its seed.
    pub fn restore(state: &[u8]) -> Result<Hasher, JsError> {
        let inner = AnyHasher::restore_state(state)
            .map_err(|err| JsError::new(&format!("bad saved state: {err}")))?;
        Ok(Hasher {
            seed: iohash::SavedState::from_bytes(state).map_or(0, |saved| saved.seed()),
            inner,
        })
    }

    /// Makes this hasher's hash that of its bytes followed by `next`'s, from the two CRCs
    /// alone; false for anything but two CRCs of one parameter set or two Adler-32s.
    pub fn combine(&mut self, next: &Hasher) -> bool {
        self.inner.combine(&next.inner)
    }
}

/// S3's composite checksum of a multipart upload (`base64-N`), CRC-32 or CRC-32C, for parts
/// of `part_size` bytes, fed as the object's bytes come.
#[wasm_bindgen]
pub struct S3CompositeChecksum(S3Composite);

#[wasm_bindgen]
impl S3CompositeChecksum {
    /// For the algorithm `name` (crc32 or crc32c) and parts of `part_size` bytes.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, part_size: u64) -> Result<S3CompositeChecksum, JsError> {
        let variant = match parse(name)? {
            Algorithm::Crc32(variant) => variant,
            other => {
                return Err(JsError::new(&format!(
                    "S3 composite checksums are of crc32 or crc32c, not {other}"
                )))
            }
        };
        let part_size = NonZeroU64::new(part_size)
            .ok_or_else(|| JsError::new("the part size is at least 1 byte"))?;
        Ok(S3CompositeChecksum(S3Composite::new(variant, part_size)))
    }

    /// Hashes the first `len` bytes of the input buffer after what came before.
    #[wasm_bindgen(js_name = updateInput)]
    pub fn update_input(&mut self, len: usize) {
        with_input(len, |data| self.0.append(data));
    }

    /// The checksum as S3 shows it: `base64-N`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_s3_string(&self) -> String {
        self.0.to_s3_string()
    }
}

/// `bytes` in standard base64, as the clouds show checksums.
#[wasm_bindgen(js_name = base64)]
pub fn to_base64(bytes: &[u8]) -> String {
    base64(bytes)
}
