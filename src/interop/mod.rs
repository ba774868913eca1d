//! Other crates' traits for iohash's hashers, each behind its feature: RustCrypto's `digest`
//! and `serde`. (`core::hash::Hasher` needs no feature; each algorithm implements it beside its
//! type.)

#[cfg(feature = "digest")]
mod digest;
#[cfg(feature = "serde")]
mod serde;
