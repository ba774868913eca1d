//! The one place that asks which instruction sets this CPU has.

/// Whether this CPU has an x86 feature: asked at run time with `std`, known at compile time
/// without it. The SIMD backends' `detect` functions (XXH3's, the CRCs' short path) are the only
/// callers.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_has {
    ($feature:tt) => {{
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!($feature);
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = $feature);
        has
    }};
}
#[cfg(target_arch = "x86_64")]
pub(crate) use x86_has;

/// [`x86_has`] for AArch64.
#[cfg(target_arch = "aarch64")]
macro_rules! aarch64_has {
    ($feature:tt) => {{
        #[cfg(feature = "std")]
        let has = std::arch::is_aarch64_feature_detected!($feature);
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = $feature);
        has
    }};
}
#[cfg(target_arch = "aarch64")]
pub(crate) use aarch64_has;
