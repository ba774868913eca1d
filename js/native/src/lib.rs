//! The npm package `iohash`'s native addon for Node: the operations of its WebAssembly module
//! (`js/src/lib.rs`) through napi-rs, with the library's run-time chosen kernels, plus the
//! work Node should not do on its event loop: updates off the loop and whole files through
//! the library's read engine, on libuv's thread pool. `js/index.js` keeps one API over both.

use core::num::NonZeroU64;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use iohash::cloud::{base64, S3Composite};
use iohash::{
    Algorithm, AnyHasher, DynHasher, FileRead, NonCryptographicHasher, ReadObserver, XxHash128,
    XxHash3, XxHash32, XxHash64,
};
use napi::bindgen_prelude::Object;
use napi::bindgen_prelude::{AsyncTask, BigInt, Buffer, Either, Uint8Array};
use napi::{Env, Error, Result, Status, Task};
use napi_derive::napi;

mod fast;
pub use fast::Handle;

/// The algorithm a name gives, as the WebAssembly module parses it: what the command's `-H`
/// takes, and the constructors' names `xxh3_64` and `xxh3_128`.
fn parse(name: &str) -> Result<Algorithm> {
    if name.eq_ignore_ascii_case("xxh3_64") {
        return Ok(Algorithm::Xxh3);
    }
    if name.eq_ignore_ascii_case("xxh3_128") {
        return Ok(Algorithm::Xxh128);
    }
    name.parse()
        .map_err(|err: iohash::UnknownAlgorithm| invalid(err.to_string()))
}

/// The error for an argument the library refuses; js/index.js makes it a RangeError.
fn invalid(message: String) -> Error {
    Error::new(Status::InvalidArg, message)
}

/// `seed` as a `u64`, checked as the WebAssembly module's `u64` argument is.
fn seed_of(algorithm: Algorithm, seed: &BigInt) -> Result<u64> {
    let (negative, value, lossless) = seed.get_u64();
    if negative || !lossless {
        return Err(invalid(
            "a seed is a whole number from 0 to 2**64 - 1".into(),
        ));
    }
    if value != 0 && !algorithm.takes_seed() {
        return Err(invalid(format!("{algorithm} takes no seed")));
    }
    Ok(if algorithm == Algorithm::Xxh32 {
        value & u64::from(u32::MAX)
    } else {
        value
    })
}

/// A hasher's state, shared with the thread-pool work that updates it and with its handle
/// (`fast.rs`).
struct Shared {
    hasher: Mutex<AnyHasher>,
    /// Set from an `updateAsync` call until its work has run: other calls are refused meanwhile,
    /// so bytes cannot be hashed out of the order they were given in.
    busy: AtomicBool,
    algorithm: Algorithm,
    seed: u64,
}

impl Shared {
    /// The hasher, or why it cannot be had: an `updateAsync` of it runs.
    fn hasher(&self) -> core::result::Result<MutexGuard<'_, AnyHasher>, String> {
        if self.busy.load(Ordering::Acquire) {
            return Err("this Hasher is busy with an updateAsync: await it first".into());
        }
        Ok(self.lock())
    }

    /// The hasher, waiting for the lock. A panic while locked cannot leave a state the
    /// library would mind (it is plain data), so a poisoned lock is taken as it is.
    fn lock(&self) -> MutexGuard<'_, AnyHasher> {
        self.hasher
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The hash so far, for a hash of 128 bits or fewer.
    fn value(&self) -> core::result::Result<u128, String> {
        Ok(self.hasher()?.current_hash_u128().unwrap_or_default())
    }

    /// The hash of `data` alone, as an integer of up to 128 bits (not QuickXorHash's 160):
    /// typed one-shots for the xxHash family, which skip a streaming state.
    fn once(&self, data: &[u8]) -> core::result::Result<u128, String> {
        let seed = self.seed;
        Ok(match self.algorithm {
            Algorithm::Xxh3 => XxHash3::hash_with_seed(data, seed).into(),
            Algorithm::Xxh128 => XxHash128::hash_with_seed(data, seed),
            Algorithm::Xxh64 => XxHash64::hash_with_seed(data, seed).into(),
            Algorithm::Xxh32 => XxHash32::hash_with_seed(data, seed as u32).into(),
            _ => {
                let mut hasher = self.hasher()?;
                hasher.reset();
                hasher.append(data);
                hasher.current_hash_u128().unwrap_or_default()
            }
        })
    }
}

/// A refused call's error for JavaScript.
fn refused(message: String) -> Error {
    Error::new(Status::GenericFailure, message)
}

/// A streaming hasher of one algorithm.
#[napi]
pub struct Hasher {
    shared: Arc<Shared>,
    /// What `hashFile` has to say beside the hash: threads the system refused.
    warning: Option<String>,
}

impl Hasher {
    fn wrap(inner: AnyHasher, seed: u64) -> Hasher {
        Hasher {
            shared: Arc::new(Shared {
                algorithm: inner.algorithm(),
                hasher: Mutex::new(inner),
                busy: AtomicBool::new(false),
                seed,
            }),
            warning: None,
        }
    }

    /// The hasher, or an error while an `updateAsync` of it runs.
    fn hasher(&self) -> Result<MutexGuard<'_, AnyHasher>> {
        self.shared.hasher().map_err(refused)
    }

    fn value(&self) -> Result<u128> {
        self.shared.value().map_err(refused)
    }
}

#[napi]
impl Hasher {
    /// A hasher of the algorithm `name` names, with `seed` (xxHash only; XXH32 takes its low
    /// 32 bits).
    #[napi(constructor)]
    pub fn new(name: String, seed: BigInt) -> Result<Hasher> {
        let algorithm = parse(&name)?;
        let seed = seed_of(algorithm, &seed)?;
        Ok(Hasher::wrap(algorithm.hasher(seed), seed))
    }

    /// Hashes `data` after what came before on libuv's thread pool; the promise resolves when
    /// it is done. The hasher refuses other calls until then.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn update_async(&self, data: Uint8Array) -> Result<AsyncTask<Update>> {
        if self.shared.busy.swap(true, Ordering::AcqRel) {
            return Err(Error::new(
                Status::GenericFailure,
                "this Hasher is busy with an updateAsync: await it first",
            ));
        }
        Ok(AsyncTask::new(Update {
            shared: Arc::clone(&self.shared),
            data,
        }))
    }

    /// The hash so far, for a hash of 128 bits or fewer. A wider one (QuickXorHash's) is
    /// `valueBytes`'s.
    #[napi(js_name = "value")]
    pub fn value_128(&self) -> Result<u128> {
        self.value()
    }

    /// The handle `fast.rs`'s calls take (update, reset, one-shots, values of up to 64 bits):
    /// the same hasher, for what is called per chunk.
    #[napi]
    pub fn handle(&self) -> Handle {
        Handle(Arc::clone(&self.shared))
    }

    /// The hash so far as its big-endian bytes, for QuickXorHash's 160 bits.
    #[napi]
    pub fn value_bytes(&self) -> Result<Buffer> {
        Ok(self.hasher()?.current_hash().as_be_bytes().to_vec().into())
    }

    /// A copy that goes on separately.
    #[napi(js_name = "copy")]
    pub fn duplicate(&self) -> Result<Hasher> {
        Ok(Hasher::wrap(self.hasher()?.clone(), self.shared.seed))
    }

    /// The algorithm's tag, as the command's `-H` and the saved state name it.
    #[napi(getter)]
    pub fn algorithm(&self) -> &'static str {
        self.shared.algorithm.tag()
    }

    /// The digest's length in bytes.
    #[napi(getter)]
    pub fn digest_length(&self) -> u32 {
        self.shared.algorithm.hash_len() as u32
    }

    /// From `hashFile`: the threads the system refused (the file was read by the others), for
    /// js/node.js to warn of.
    #[napi(getter)]
    pub fn warning(&self) -> Option<String> {
        self.warning.clone()
    }

    /// The seed (0 for CRCs).
    #[napi(getter)]
    pub fn seed(&self) -> u64 {
        self.shared.seed
    }

    /// The library's saved state: the bytes the Rust and Python packages restore too.
    #[napi]
    pub fn save(&self) -> Result<Buffer> {
        Ok(self.hasher()?.save_state().to_vec().into())
    }

    /// The hasher a saved state describes, with its seed.
    #[napi(factory)]
    pub fn restore(state: &[u8]) -> Result<Hasher> {
        let inner = AnyHasher::restore_state(state)
            .map_err(|err| invalid(format!("bad saved state: {err}")))?;
        Ok(Hasher::wrap(
            inner,
            iohash::SavedState::from_bytes(state).map_or(0, |saved| saved.seed()),
        ))
    }

    /// Makes this hasher's hash that of its bytes followed by `next`'s, from the two states
    /// alone; false where the algorithms cannot be joined. A hasher joined with itself hashes
    /// its bytes twice.
    #[napi]
    pub fn combine(&self, next: &Hasher) -> Result<bool> {
        if Arc::ptr_eq(&self.shared, &next.shared) {
            let mut hasher = self.hasher()?;
            let copy = hasher.clone();
            return Ok(hasher.combine(&copy));
        }
        let next = next.hasher()?.clone();
        Ok(self.hasher()?.combine(&next))
    }
}

/// `updateAsync`'s work: the bytes, held from garbage collection until it is done.
pub struct Update {
    shared: Arc<Shared>,
    data: Uint8Array,
}

impl Task for Update {
    type Output = ();
    type JsValue = ();

    fn compute(&mut self) -> Result<()> {
        self.shared.lock().append(&self.data);
        Ok(())
    }

    fn resolve(&mut self, _: Env, (): ()) -> Result<()> {
        Ok(())
    }

    fn finally(self, _: Env) -> Result<()> {
        self.shared.busy.store(false, Ordering::Release);
        Ok(())
    }
}

/// Why a file could not be hashed, as Node names system errors: js/node.js throws it as an
/// `Error` with this `code`, as `fs` would.
#[napi(object)]
pub struct FileError {
    /// `ENOENT`, `EACCES`, `EISDIR`, `ABORT_ERR` (the signal fired), `ECHANGED` (the file
    /// changed while it was hashed), or `EIO` for the rest.
    pub code: String,
    /// The library's message.
    pub message: String,
    /// The system's error number, where there is one.
    pub errno: Option<i32>,
}

impl FileError {
    fn of(err: &io::Error) -> FileError {
        use io::ErrorKind::*;
        let code = match err.kind() {
            NotFound => "ENOENT",
            PermissionDenied => "EACCES",
            IsADirectory => "EISDIR",
            Interrupted => "ABORT_ERR",
            UnexpectedEof | InvalidInput => "ERANGE",
            _ if err.to_string().contains("changed while") => "ECHANGED",
            _ => "EIO",
        };
        FileError {
            code: code.into(),
            message: err.to_string(),
            errno: err.raw_os_error(),
        }
    }
}

/// `hashFile`'s work: one file through the library's read engine.
pub struct HashFile {
    hasher: Option<AnyHasher>,
    seed: u64,
    path: String,
    range: Option<(u64, Option<u64>)>,
    threads: usize,
    aborted: Arc<AtomicBool>,
}

/// `hashFile`'s observer: the caller's stop, and what the engine says of refused threads.
struct Watch {
    aborted: Arc<AtomicBool>,
    refused: Option<String>,
}

impl ReadObserver for Watch {
    fn check(&mut self) -> io::Result<()> {
        if self.aborted.load(Ordering::Relaxed) {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "aborted"));
        }
        Ok(())
    }

    fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
        self.refused = Some(format!(
            "read on {started} of {asked} threads: the system refused the rest ({error})"
        ));
    }
}

impl Task for HashFile {
    type Output = std::result::Result<(AnyHasher, Option<String>), FileError>;
    type JsValue = Either<Hasher, FileError>;

    fn compute(&mut self) -> Result<Self::Output> {
        let mut hasher = self.hasher.take().expect("a task computes once");
        let mut watch = Watch {
            aborted: Arc::clone(&self.aborted),
            refused: None,
        };
        let mut read = FileRead::path(&self.path)
            .threads(self.threads)
            .observer(&mut watch);
        if let Some((offset, length)) = self.range {
            read = read.range(offset, length);
        }
        let read = read.append_to(&mut hasher);
        Ok(match read {
            Ok(_) => Ok((hasher, watch.refused)),
            Err(err) => Err(FileError::of(&err)),
        })
    }

    fn resolve(&mut self, _: Env, output: Self::Output) -> Result<Self::JsValue> {
        Ok(match output {
            Ok((hasher, warning)) => Either::A(Hasher {
                warning,
                ..Hasher::wrap(hasher, self.seed)
            }),
            Err(err) => Either::B(err),
        })
    }
}

/// Where and how much of a file `hashFile` reads, and on how many threads.
#[napi(object)]
pub struct FileOptions {
    /// The first byte's position (0 by default).
    pub offset: Option<BigInt>,
    /// How many bytes (to the end by default).
    pub length: Option<BigInt>,
    /// Threads that read ahead (0 or none: the library's choice, one per CPU at most).
    pub threads: Option<u32>,
}

/// A `u64` from an option's BigInt, or an error naming the option.
fn option_u64(value: Option<&BigInt>, what: &str) -> Result<Option<u64>> {
    value
        .map(|value| match value.get_u64() {
            (false, value, true) => Ok(value),
            _ => Err(invalid(format!(
                "{what} is a whole number from 0 to 2**64 - 1"
            ))),
        })
        .transpose()
}

/// A switch that stops a `hashFile`: js/node.js flips it when the caller's `AbortSignal`
/// fires (napi-rs's own `AbortSignal` argument would take over the signal's `onabort`).
#[napi]
pub struct Stop(Arc<AtomicBool>);

#[napi]
impl Stop {
    /// A switch not flipped yet.
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Stop {
        Stop(Arc::new(AtomicBool::new(false)))
    }

    /// Stops the reads it was given to at their next chunk.
    #[napi]
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The hasher of `name` and `seed` given the file at `path` (a FIFO or a device too), read
/// on libuv's thread pool by the library's engine: large files on several threads, a change
/// while hashed an error. `stop` stops it. Resolves to a `Hasher`, or to a `FileError` that
/// js/node.js throws.
#[napi(ts_return_type = "Promise<Hasher | FileError>")]
pub fn hash_file(
    name: String,
    seed: BigInt,
    path: String,
    options: Option<FileOptions>,
    stop: Option<&Stop>,
) -> Result<AsyncTask<HashFile>> {
    let algorithm = parse(&name)?;
    let seed = seed_of(algorithm, &seed)?;
    let options = options.unwrap_or(FileOptions {
        offset: None,
        length: None,
        threads: None,
    });
    let offset = option_u64(options.offset.as_ref(), "an offset")?;
    let length = option_u64(options.length.as_ref(), "a length")?;
    let range = (offset.is_some() || length.is_some()).then(|| (offset.unwrap_or(0), length));
    Ok(AsyncTask::new(HashFile {
        hasher: Some(algorithm.hasher(seed)),
        seed,
        path,
        range,
        threads: options.threads.unwrap_or(0) as usize,
        aborted: stop.map_or_else(
            || Arc::new(AtomicBool::new(false)),
            |stop| Arc::clone(&stop.0),
        ),
    }))
}

/// S3's composite checksum of a multipart upload (`base64-N`), CRC-32 or CRC-32C, for parts
/// of `part_size` bytes, fed as the object's bytes come.
#[napi]
pub struct S3CompositeChecksum(S3Composite);

#[napi]
impl S3CompositeChecksum {
    /// For the algorithm `name` (crc32 or crc32c) and parts of `part_size` bytes.
    #[napi(constructor)]
    pub fn new(name: String, part_size: BigInt) -> Result<S3CompositeChecksum> {
        let variant = match parse(&name)? {
            Algorithm::Crc32(variant) => variant,
            other => {
                return Err(invalid(format!(
                    "S3 composite checksums are of crc32 or crc32c, not {other}"
                )))
            }
        };
        let part_size = option_u64(Some(&part_size), "a part size")?
            .and_then(NonZeroU64::new)
            .ok_or_else(|| invalid("the part size is at least 1 byte".into()))?;
        Ok(S3CompositeChecksum(S3Composite::new(variant, part_size)))
    }

    /// Hashes `data` after what came before.
    #[napi]
    pub fn update(&mut self, data: &[u8]) {
        self.0.append(data);
    }

    /// The checksum as S3 shows it: `base64-N`.
    #[napi(js_name = "toString")]
    pub fn to_s3_string(&self) -> String {
        self.0.to_s3_string()
    }
}

/// `bytes` in standard base64, as the clouds show checksums.
#[napi(js_name = "base64")]
pub fn to_base64(bytes: &[u8]) -> String {
    base64(bytes)
}

/// Puts `fast.rs`'s calls beside the ones napi-rs binds.
#[napi(module_exports)]
pub fn exports(mut exports: Object, env: Env) -> Result<()> {
    fast::register(&env, &mut exports)
}
