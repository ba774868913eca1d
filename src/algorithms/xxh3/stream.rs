//! The streaming XXH3 state, shared by XXH3-64 and XXH3-128: they differ only in how they
//! finish.

use super::common::{
    derive_secret, read_u64, with_derived_secret, DEFAULT_SECRET, INIT_ACC, MIDSIZE_MAX,
    SECRET_CONSUME_RATE, STRIPE_LEN,
};
use super::long::{last_stripe_key, Begin, Held};
use super::oneshot::{hash_long, oneshot_long};
use super::platform::Platform;
use super::short::{self, ShortSecret};
use super::width::Width;
use crate::state::{self, StateError, StateReader, StateWriter};
use crate::{SecretError, XXH3_SECRET_MIN_LEN};

/// A seed's long-input secret, once made: shared by clones where there is an allocator, so a
/// hasher is cheap to clone and a builder makes it once for all its hashers; kept inline
/// without one.
#[cfg(feature = "alloc")]
type DerivedSecret = alloc::sync::Arc<[u8; 192]>;
#[cfg(not(feature = "alloc"))]
type DerivedSecret = [u8; 192];

/// Input is gathered here until more than this much has come: four stripes.
const BUFFER_LEN: usize = 256;

/// What keys the hash.
#[derive(Clone)]
// Large on purpose: a secret is kept inline so that making a hasher does not allocate.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Key {
    /// A seed: short inputs use the default secret and the seed; long inputs use the secret
    /// the seed derives, made the first time the input grows past the buffer (and shared by
    /// clones, so a hasher is cheap to make and to clone).
    Seed {
        seed: u64,
        derived: Option<DerivedSecret>,
    },
    /// A caller's secret (at least 136 bytes), with seed 0.
    Secret(CustomSecret),
}

/// The longest secret kept inside the hasher: room for the 192 bytes of the C reference's
/// `XXH3_generateSecret` and more.
pub(crate) const INLINE_SECRET_MAX: usize = 256;

/// A copy of a caller's secret: inside the hasher, so making one allocates nothing, unless it
/// is longer than [`INLINE_SECRET_MAX`] bytes.
#[derive(Clone)]
// Large on purpose: boxing the inline variant would be the allocation this type avoids.
#[allow(clippy::large_enum_variant)]
pub(crate) enum CustomSecret {
    Inline {
        bytes: [u8; INLINE_SECRET_MAX],
        len: usize,
    },
    #[cfg(feature = "alloc")]
    Heap(alloc::boxed::Box<[u8]>),
}

impl CustomSecret {
    /// A copy of `secret`, if it is long enough and, without an allocator, short enough.
    pub(crate) fn new(secret: &[u8]) -> Result<CustomSecret, SecretError> {
        if secret.len() < XXH3_SECRET_MIN_LEN {
            return Err(SecretError::TooShort { len: secret.len() });
        }
        if secret.len() > INLINE_SECRET_MAX {
            #[cfg(feature = "alloc")]
            return Ok(CustomSecret::Heap(secret.into()));
            #[cfg(not(feature = "alloc"))]
            return Err(SecretError::TooLong {
                len: secret.len(),
                max: INLINE_SECRET_MAX,
            });
        }
        let mut bytes = [0; INLINE_SECRET_MAX];
        bytes[..secret.len()].copy_from_slice(secret);
        Ok(CustomSecret::Inline {
            bytes,
            len: secret.len(),
        })
    }
}

impl core::ops::Deref for CustomSecret {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            CustomSecret::Inline { bytes, len } => &bytes[..*len],
            #[cfg(feature = "alloc")]
            CustomSecret::Heap(bytes) => bytes,
        }
    }
}

impl Key {
    #[inline]
    pub(crate) fn seed(seed: u64) -> Key {
        Key::Seed {
            seed,
            derived: None,
        }
    }

    /// A seed's key with its long-input secret already made: for builders that hand out
    /// many hashers with one seed.
    pub(crate) fn prepared_seed(seed: u64) -> Key {
        let mut key = Key::seed(seed);
        key.prepare();
        key
    }

    /// The secret and seed of the short paths.
    #[inline]
    fn short(&self) -> (&ShortSecret, u64) {
        match self {
            Key::Seed { seed, .. } => (short::default_secret(), *seed),
            Key::Secret(secret) => (short::secret(secret), 0),
        }
    }

    /// Makes the derived secret, if the long path will need one and it is not made yet.
    #[inline]
    fn prepare(&mut self) {
        if let Key::Seed {
            seed,
            derived: derived @ None,
        } = self
        {
            if *seed != 0 {
                // An `Arc` with `alloc`, the array itself without.
                #[allow(clippy::useless_conversion)]
                let secret = derive_secret(*seed).into();
                *derived = Some(secret);
            }
        }
    }

    /// The length of the long path's secret, made or not.
    fn long_len(&self) -> usize {
        match self {
            Key::Seed { .. } => DEFAULT_SECRET.len(),
            Key::Secret(secret) => secret.len(),
        }
    }

    /// The long path's secret, or `None` for a seed whose secret is not made yet.
    #[inline]
    fn long(&self) -> Option<&[u8]> {
        match self {
            Key::Seed { seed: 0, .. } => Some(&DEFAULT_SECRET),
            Key::Seed { derived, .. } => derived.as_ref().map(|d| &d[..]),
            Key::Secret(secret) => Some(secret),
        }
    }
}

#[derive(Clone)]
pub(crate) struct State {
    acc: [u64; 8],
    buffer: [u8; BUFFER_LEN],
    buffered: usize,
    stripes_so_far: usize,
    total_len: u64,
    pub(crate) key: Key,
    /// The backend; `None` until a stripe first needs one, for a state made without one. So a
    /// hasher that only ever holds a short input never asks the CPU: each CPUID instruction
    /// can trap to the hypervisor (benches/results/amd-epyc-zen4-notes.md, "One tiny file").
    pub(super) platform: Option<Platform>,
}

/// The last stripe's eight words when fewer than a stripe's bytes are buffered: the buffer's
/// last `64 - buffered` bytes (the input before the buffered bytes, kept there) then its first
/// `buffered`. Read in place a word at a time: the two pieces copied into one array and read
/// back waited on store forwarding, each load spanning two of the copy's stores
/// (benches/results/amd-epyc-zen5-notes.md, "Making a hasher and finishing a short stream").
#[inline]
fn straddled_stripe(buffer: &[u8; BUFFER_LEN], buffered: usize) -> [u64; 8] {
    let catch_up = STRIPE_LEN - buffered;
    core::array::from_fn(|word| {
        let at = 8 * word;
        if at + 8 <= catch_up {
            read_u64(buffer, BUFFER_LEN - catch_up + at)
        } else if at >= catch_up {
            read_u64(buffer, at - catch_up)
        } else {
            // The word across the seam: its first `kept` bytes end the buffer, the rest begin it.
            let kept = catch_up - at;
            (read_u64(buffer, BUFFER_LEN - 8) >> (8 * (8 - kept)))
                | (read_u64(buffer, 0) << (8 * kept))
        }
    })
}

impl State {
    /// A state keyed by `key` on `platform`, or on the CPU's fastest backend when `None`.
    #[inline]
    pub(crate) fn new(key: Key, platform: Option<Platform>) -> State {
        State {
            acc: INIT_ACC,
            buffer: [0; BUFFER_LEN],
            buffered: 0,
            stripes_so_far: 0,
            total_len: 0,
            key,
            platform,
        }
    }

    /// The backend: the state's, else the CPU's fastest (asked once a process).
    #[inline(always)]
    fn platform(&self) -> Platform {
        self.platform.unwrap_or_else(Platform::detect)
    }

    pub(crate) fn reset(&mut self) {
        self.acc = INIT_ACC;
        self.buffered = 0;
        self.stripes_so_far = 0;
        self.total_len = 0;
    }

    /// Appends `input`. Input that still fits in the buffer is copied there inline; the rest
    /// of the work is a call of its own, so a short append makes no frame and saves no
    /// registers.
    #[inline]
    pub(crate) fn update(&mut self, input: &[u8]) {
        let end = self.buffered + input.len();
        if end <= BUFFER_LEN {
            // Saturating, as in `update_long`: a restored state's total may be near the end.
            self.total_len = self.total_len.saturating_add(input.len() as u64);
            self.buffer[self.buffered..end].copy_from_slice(input);
            self.buffered = end;
            return;
        }
        self.update_long(input);
    }

    /// [`State::update`] when the input overflows the buffer: stripes are consumed.
    #[inline(never)]
    fn update_long(&mut self, mut input: &[u8]) {
        // Nothing taken in yet (the accumulators hold their first values): the first stripes
        // start from those in the backend's registers.
        let mut begin = if self.total_len <= BUFFER_LEN as u64 {
            Begin::Fresh
        } else {
            Begin::Held
        };
        // Saturating, not wrapping: a total that wrapped past 2^64 (only a restored state can
        // come near it) would send a long input down the short path. No specification defines
        // the hash of more than 2^64 bytes.
        self.total_len = self.total_len.saturating_add(input.len() as u64);
        // More than the buffer holds: stripes can be consumed, keeping back at least one byte
        // so that the last stripe is always left for the digest.
        self.key.prepare();
        let Some(secret) = self.key.long() else {
            unreachable!("prepared above");
        };
        let platform = *self.platform.get_or_insert_with(Platform::detect);
        if self.buffered > 0 {
            // Up to the next whole stripe if more than a buffer of input follows (it is
            // consumed in place next), else the whole buffer.
            let to_stripe = self.buffered.next_multiple_of(STRIPE_LEN) - self.buffered;
            let fill = if input.len() - to_stripe > BUFFER_LEN {
                to_stripe
            } else {
                BUFFER_LEN - self.buffered
            };
            let end = self.buffered + fill;
            self.buffer[self.buffered..end].copy_from_slice(&input[..fill]);
            input = &input[fill..];
            platform.consume_stripes(
                begin,
                &mut self.acc,
                &mut self.stripes_so_far,
                &self.buffer[..end],
                secret,
            );
            begin = Begin::Held;
            self.buffered = 0;
        }
        if input.len() > BUFFER_LEN {
            let whole = (input.len() - 1) / STRIPE_LEN * STRIPE_LEN;
            platform.consume_stripes(
                begin,
                &mut self.acc,
                &mut self.stripes_so_far,
                &input[..whole],
                secret,
            );
            // The digest may need the bytes before the last few: keep the last stripe consumed.
            self.buffer[BUFFER_LEN - STRIPE_LEN..]
                .copy_from_slice(&input[whole - STRIPE_LEN..whole]);
            input = &input[whole..];
        }
        self.buffer[..input.len()].copy_from_slice(input);
        self.buffered = input.len();
    }

    /// The accumulators as if the input ended now, and the long path's secret, for inputs
    /// over 240 bytes.
    #[inline]
    fn long_digest<T>(&self, finish: impl FnOnce(&[u64; 8], &[u8], u64) -> T) -> T {
        match self.key.long() {
            Some(secret) => self.finish_long(secret, finish),
            // A restored state's seed has no secret made yet (input that never left the
            // buffer is finished by the one-shot's path): the one-shots' way to it, which
            // keeps the thread's last one.
            None => {
                let Key::Seed { seed, .. } = self.key else {
                    unreachable!("only a seed's secret is made late");
                };
                with_derived_secret(seed, |secret| self.finish_long(secret, finish))
            }
        }
    }

    /// [`State::long_digest`] with the long path's secret.
    #[inline(always)]
    fn finish_long<T>(&self, secret: &[u8], finish: impl FnOnce(&[u64; 8], &[u8], u64) -> T) -> T {
        let total_len = self.total_len;
        if self.buffered >= STRIPE_LEN {
            // The buffered stripes, the last one and `finish` in one call into the backend.
            let whole = (self.buffered - 1) / STRIPE_LEN * STRIPE_LEN;
            let held = Held {
                acc: &self.acc,
                stripes_so_far: self.stripes_so_far,
                stripes: &self.buffer[..whole],
                last: &self.buffer[self.buffered - STRIPE_LEN..self.buffered],
                secret,
            };
            // Always inlined, as `digest_longer`'s closure, so the merge is in the backend's call.
            return self.platform().finish_stream(
                held,
                #[inline(always)]
                |acc| finish(acc, secret, total_len),
            );
        }
        // The last stripe straddles the buffer's end and start: read in place on the portable
        // kernel, which takes its eight words as they are read.
        let mut acc = self.acc;
        let lanes = straddled_stripe(&self.buffer, self.buffered);
        super::scalar::accumulate_lanes(&mut acc, &lanes, last_stripe_key(secret));
        finish(&acc, secret, total_len)
    }

    /// The hash of everything appended, finished as `W` finishes.
    ///
    /// Up to 128 bytes are finished inline, as the one-shot finishes them (one test per path,
    /// each with the same body, which the range the test leaves folds down to its path);
    /// longer inputs take a call, so the frame their paths need is not made for the shorter.
    #[inline]
    pub(crate) fn digest<W: Width>(&self) -> W::Output {
        if self.total_len <= 128 {
            // Nothing has left the buffer: it holds all the input.
            let input = &self.buffer[..self.buffered];
            let (secret, seed) = self.key.short();
            if input.len() <= 16 {
                return W::short(input, secret, seed);
            }
            if input.len() <= 128 {
                return W::short(input, secret, seed);
            }
        }
        self.digest_longer::<W>()
    }

    /// [`State::digest`] of more than 128 bytes.
    #[inline(never)]
    fn digest_longer<W: Width>(&self) -> W::Output {
        if self.total_len <= MIDSIZE_MAX as u64 {
            let (secret, seed) = self.key.short();
            return W::short(&self.buffer[..self.buffered], secret, seed);
        }
        if self.total_len <= BUFFER_LEN as u64 {
            if let Key::Seed { seed, derived } = &self.key {
                // The whole input is in the buffer, as given, none of it taken in: the
                // one-shot's long path, in one call into the backend, rather than stripes
                // here and the last one on the portable kernel; with the seed's secret if it
                // is made, else the one-shot's way to it.
                let (platform, input) = (self.platform(), &self.buffer[..self.buffered]);
                return match derived {
                    Some(secret) => hash_long::<W>(platform, input, secret),
                    None => oneshot_long::<W>(move || platform, input, *seed),
                };
            }
        }
        // A closure always inlined, not the function `W::long`, whose call shim whole-program
        // optimisation left out of line: the merge then read the accumulators back from
        // memory (benches/results/amd-epyc-zen4-notes.md, "The stream's digest under whole-program
        // optimisation (2026-12-07)").
        self.long_digest(
            #[inline(always)]
            |acc, secret, len| W::long(acc, secret, len),
        )
    }

    /// Writes the state's fields in the order of the format ([`crate::SavedState`]): the key
    /// (a custom secret by length and fingerprint only), the counts, the accumulators, and
    /// of the buffer only what the digest can still read.
    pub(crate) fn write_fields(&self, w: &mut StateWriter) {
        match &self.key {
            Key::Seed { seed, .. } => {
                w.u8(0);
                w.u64(*seed);
                w.u64(0);
                w.u64(0);
            }
            Key::Secret(secret) => {
                w.u8(1);
                w.u64(0);
                w.u64(secret.len() as u64);
                w.u64(secret_fingerprint(secret));
            }
        }
        w.u64(self.total_len);
        w.u32(self.stripes_so_far as u32);
        for lane in self.acc {
            w.u64(lane);
        }
        w.u16(self.buffered as u16);
        let mut buffer = [0; BUFFER_LEN];
        buffer[..self.buffered].copy_from_slice(&self.buffer[..self.buffered]);
        if self.total_len > BUFFER_LEN as u64 && self.buffered < STRIPE_LEN {
            // The last stripe taken in, which the final stripe overlaps.
            let catch_up = BUFFER_LEN - (STRIPE_LEN - self.buffered);
            buffer[catch_up..].copy_from_slice(&self.buffer[catch_up..]);
        }
        w.bytes(&buffer);
    }

    /// Reads what [`write_fields`](Self::write_fields) wrote and checks that the fields agree
    /// with each other, so that a restored state never indexes out of its buffer or secret.
    /// `secret` is the caller's, for a state keyed by a custom secret.
    pub(crate) fn read_fields(
        r: &mut StateReader<'_>,
        secret: Option<&[u8]>,
    ) -> Result<State, StateError> {
        let key_kind = r.u8();
        let seed = r.u64();
        let secret_len = r.u64();
        let fingerprint = r.u64();
        let key = match (key_kind, secret) {
            (0, None) => {
                state::check(secret_len == 0 && fingerprint == 0, "secret length")?;
                Key::seed(seed)
            }
            (0, Some(_)) => return Err(StateError::UnexpectedSecret),
            (1, None) => return Err(StateError::SecretRequired),
            (1, Some(secret)) => {
                state::check(seed == 0, "seed")?;
                if secret.len() as u64 != secret_len || secret_fingerprint(secret) != fingerprint {
                    return Err(StateError::WrongSecret);
                }
                Key::Secret(CustomSecret::new(secret).map_err(StateError::Secret)?)
            }
            _ => return Err(StateError::InvalidField { field: "key" }),
        };
        let total_len = r.u64();
        let stripes_so_far = r.u32() as usize;
        let mut acc = [0; 8];
        for lane in &mut acc {
            *lane = r.u64();
        }
        let buffered = usize::from(r.u16());
        let buffer = r.array();
        state::check(buffered <= BUFFER_LEN, "buffered")?;
        if total_len <= BUFFER_LEN as u64 {
            // Nothing has left the buffer yet.
            state::check(total_len == buffered as u64, "total")?;
            state::check(stripes_so_far == 0, "stripes")?;
            state::check(acc == INIT_ACC, "accumulators")?;
        } else if total_len == u64::MAX {
            // A total that saturated: the stripes taken in are no longer known.
            let per_block = (key.long_len() - STRIPE_LEN) / SECRET_CONSUME_RATE;
            state::check(buffered > 0, "buffered")?;
            state::check(stripes_so_far < per_block, "stripes")?;
        } else {
            // Whole stripes were taken in, at least one byte is kept back, and the stripe
            // count within the block follows from both.
            let taken = total_len - buffered as u64;
            state::check(
                buffered > 0 && taken.is_multiple_of(STRIPE_LEN as u64),
                "buffered",
            )?;
            let per_block = ((key.long_len() - STRIPE_LEN) / SECRET_CONSUME_RATE) as u64;
            state::check(
                stripes_so_far as u64 == taken / STRIPE_LEN as u64 % per_block,
                "stripes",
            )?;
        }
        let mut state = State::new(key, None);
        state.acc = acc;
        state.buffer = buffer;
        state.buffered = buffered;
        state.stripes_so_far = stripes_so_far;
        state.total_len = total_len;
        Ok(state)
    }
}

/// What a saved state keeps of a custom secret: its XXH3-64, enough to tell a wrong secret
/// from the right one.
fn secret_fingerprint(secret: &[u8]) -> u64 {
    crate::XxHash3::hash(secret)
}
