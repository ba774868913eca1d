//! [`Crc`]: the streaming hasher for a CRC of any parameters.

use core::fmt;

use super::engine::CrcEngine;
use super::params::CrcParams;
use crate::state::{self, Kind, StateError};
use crate::{DynHasher, NonCryptographicHasher, SavedState};

/// A streaming CRC of any parameter set ([`CrcParams`]): every entry of the CRC catalogue
/// ([`crc_catalogue`](crate::crc_catalogue)) and any other set of 1 to 64 bits, on the same
/// engine as [`Crc32`](crate::Crc32) and [`Crc64`](crate::Crc64).
///
/// Made from an engine in a `static` ([`Crc::new`], no allocation, `no_std`), or from the
/// parameters alone ([`Crc::with_params`], which builds the engine, shared by the hasher's
/// clones). The CRC is a `u64` holding the set's width; its bytes
/// ([`current_hash_into`](DynHasher::current_hash_into)) are big-endian, in the set's
/// whole bytes, as the catalogue and checksum lists write CRCs.
///
/// ```
/// use iohash::{crc_catalogue, Crc, CrcEngine, DynHasher, NonCryptographicHasher};
///
/// static CRC_16_IBM_3740: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_IBM_3740);
///
/// let mut crc = Crc::new(&CRC_16_IBM_3740);
/// crc.append(b"12345");
/// crc.append(b"6789");
/// assert_eq!(crc.current_hash(), 0x29B1);
/// let mut bytes = [0; 8];
/// assert_eq!(crc.current_hash_into(&mut bytes), 2);
/// assert_eq!(bytes[..2], [0x29, 0xB1]);
/// ```
#[derive(Clone)]
pub struct Crc {
    engine: EngineRef,
    /// The CRC register: before the final reflection and XOR.
    register: u64,
    /// Bytes appended since the hasher was made or reset (wrapping).
    len: u64,
}

/// Where a [`Crc`]'s engine lives.
#[derive(Clone)]
enum EngineRef {
    Static(&'static CrcEngine),
    #[cfg(feature = "alloc")]
    Shared(alloc::sync::Arc<CrcEngine>),
}

impl core::ops::Deref for EngineRef {
    type Target = CrcEngine;

    #[inline]
    fn deref(&self) -> &CrcEngine {
        match self {
            EngineRef::Static(engine) => engine,
            #[cfg(feature = "alloc")]
            EngineRef::Shared(engine) => engine,
        }
    }
}

impl Crc {
    /// A hasher on `engine`, which is usually a `static` (see [`CrcEngine`]).
    pub fn new(engine: &'static CrcEngine) -> Crc {
        Crc::on(EngineRef::Static(engine))
    }

    /// A hasher for `params`, building its engine (some microseconds: clone the hasher, or
    /// keep a `static` [`CrcEngine`], to make many). Needs the `alloc` feature.
    ///
    /// ```
    /// use iohash::{Crc, CrcParams, DynHasher, NonCryptographicHasher};
    ///
    /// // A set of one's own: CRC-16/ARC's polynomial, forward, from all ones.
    /// let mut crc = Crc::with_params(CrcParams::new(16, 0x8005, 0xFFFF, false, false, 0));
    /// crc.append(b"123456789");
    /// assert_eq!(crc.current_hash(), 0xAEE7); // the catalogue's CRC-16/CMS
    /// assert_eq!(crc.name(), "CRC");
    /// ```
    #[cfg(feature = "alloc")]
    // Out of line: the engine is built on the stack (16 KiB) before it moves into its `Arc`,
    // and inlined into `Algorithm::hasher` that frame was every algorithm's to probe.
    #[inline(never)]
    pub fn with_params(params: CrcParams) -> Crc {
        Crc::on(EngineRef::Shared(alloc::sync::Arc::new(CrcEngine::new(
            params,
        ))))
    }

    fn on(engine: EngineRef) -> Crc {
        Crc {
            register: engine.init,
            engine,
            len: 0,
        }
    }

    /// The parameter set.
    pub fn params(&self) -> CrcParams {
        self.engine.params()
    }

    /// Makes this hasher's CRC that of its bytes followed by `next`'s, from the two CRCs and
    /// `next`'s length alone (see [`CrcEngine::combine`]).
    ///
    /// # Panics
    /// If the two hashers compute different parameter sets (names aside).
    pub fn combine(&mut self, next: &Crc) {
        assert!(
            self.params().same_set(&next.params()),
            "combine: the CRCs are of different parameter sets"
        );
        self.register = self
            .engine
            .combine_registers(self.register, next.register, next.len);
        self.len = self.len.wrapping_add(next.len);
    }

    /// [`restore_state`](NonCryptographicHasher::restore_state) onto `engine`, whose
    /// parameters must be the state's (their name aside): no allocation.
    ///
    /// # Errors
    /// As `restore_state`'s, and [`StateError::WrongAlgorithm`] for a state of other
    /// parameters.
    pub fn restore_state_on(engine: &'static CrcEngine, bytes: &[u8]) -> Result<Crc, StateError> {
        let (params, register, len) = read(bytes)?;
        let mut crc = Crc::new(engine);
        if !params.same_set(&crc.params()) {
            return Err(StateError::WrongAlgorithm {
                found: "a CRC of other parameters",
                expected: "this engine's CRC",
            });
        }
        restored(&mut crc, register, len)?;
        Ok(crc)
    }
}

/// The parameters, register and length of a saved [`Crc`] state.
fn read(bytes: &[u8]) -> Result<(CrcParams, u64, u64), StateError> {
    let (kind, mut r) = state::open(bytes)?;
    if kind != Kind::Crc {
        return Err(StateError::WrongAlgorithm {
            found: kind.tag(),
            expected: "CRC",
        });
    }
    let width = r.u8();
    let poly = r.u64();
    let init = r.u64();
    let flags = r.u8();
    let xorout = r.u64();
    let register = r.u64();
    let len = r.u64();
    state::check(flags < 4, "reflection flags")?;
    let params = CrcParams::try_new(
        u32::from(width),
        poly,
        init,
        flags & 1 == 1,
        flags & 2 == 2,
        xorout,
    )
    .map_err(|_| StateError::InvalidField {
        field: "CRC parameters",
    })?;
    // A state holds no name: a catalogue set's comes back from the catalogue.
    let params = super::catalogue::ALL
        .iter()
        .find(|known| known.same_set(&params))
        .copied()
        .unwrap_or(params);
    Ok((params, register, len))
}

/// Puts a restored register and length into `crc`, if its engine can hold the register.
fn restored(crc: &mut Crc, register: u64, len: u64) -> Result<(), StateError> {
    state::check(crc.engine.holds(register), "register")?;
    crc.register = register;
    crc.len = len;
    Ok(())
}

/// The CRC as a `u64` (the set's width, at the bottom), its bytes big-endian in the set's
/// width in whole bytes.
///
/// A saved state holds the parameters, register and length (the format is at
/// [`SavedState`]); restoring builds the engine for its parameters (some microseconds), which
/// needs the `alloc` feature: without it, restore onto an engine of your own with
/// [`Crc::restore_state_on`].
///
/// ```
/// use iohash::{crc_catalogue, Crc, DynHasher, NonCryptographicHasher};
///
/// # #[cfg(feature = "alloc")] fn main() {
/// let mut crc = Crc::with_params(crc_catalogue::CRC_31_PHILIPS);
/// crc.append(b"part one, ");
/// let saved = crc.save_state();
///
/// let mut resumed = Crc::restore_state(&saved).unwrap();
/// resumed.append(b"part two");
/// let mut whole = Crc::with_params(crc_catalogue::CRC_31_PHILIPS);
/// whole.append(b"part one, part two");
/// assert_eq!(resumed.current_hash(), whole.current_hash());
/// assert_eq!(resumed.current_hash_bytes().len(), 4);
/// # }
/// # #[cfg(not(feature = "alloc"))] fn main() {}
/// ```
impl NonCryptographicHasher for Crc {
    type Output = u64;
    type Bytes = crate::HashBytes;

    fn current_hash(&self) -> u64 {
        self.engine.crc_of(self.register)
    }

    fn current_hash_bytes(&self) -> crate::HashBytes {
        crate::HashBytes::of(self)
    }

    fn save_state(&self) -> SavedState {
        let params = self.params();
        state::save_with(Kind::Crc, |w| {
            w.u8(params.width() as u8);
            w.u64(params.poly());
            w.u64(params.init());
            w.u8(u8::from(params.refin()) | u8::from(params.refout()) << 1);
            w.u64(params.xorout());
            w.u64(self.register);
            w.u64(self.len);
        })
    }

    /// # Errors
    /// A [`StateError`] for bytes that are no saved state, another algorithm's state, or
    /// parameters or a register no CRC has; without `alloc`, [`StateError::WrongAlgorithm`]
    /// for every CRC state (restore it with [`Crc::restore_state_on`]).
    fn restore_state(bytes: &[u8]) -> Result<Crc, StateError> {
        let (params, register, len) = read(bytes)?;
        #[cfg(feature = "alloc")]
        {
            let mut crc = Crc::with_params(params);
            restored(&mut crc, register, len)?;
            Ok(crc)
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (params, register, len);
            Err(StateError::WrongAlgorithm {
                found: "a CRC of any parameters",
                expected: "a CRC restored onto an engine without `alloc` (Crc::restore_state_on)",
            })
        }
    }
}

impl DynHasher for Crc {
    #[inline]
    fn append(&mut self, data: &[u8]) {
        self.register = self.engine.update(self.register, data);
        self.len = self.len.wrapping_add(data.len() as u64);
    }

    fn reset(&mut self) {
        self.register = self.engine.init;
        self.len = 0;
    }

    fn hash_len(&self) -> usize {
        self.params().hash_len()
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        let len = self.hash_len();
        let bytes = self.current_hash().to_be_bytes();
        crate::hasher::write_hash_into(&bytes[8 - len..], out)
    }

    /// The set's name (its catalogue name for the catalogue's sets), or `"CRC"`.
    fn name(&self) -> &'static str {
        self.params().name().unwrap_or("CRC")
    }

    #[cfg(feature = "alloc")]
    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send> {
        alloc::boxed::Box::new(self.clone())
    }
}

/// The CRC as a [`core::hash::Hasher`] (`finish` is the CRC).
impl core::hash::Hasher for Crc {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        DynHasher::append(self, bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.current_hash()
    }
}

impl fmt::Debug for Crc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Crc")
            .field("params", &self.params())
            .finish_non_exhaustive()
    }
}
