//! Keeps the four lanes of XXH32 and XXH64 in scalar registers.
//!
//! Their lanes are independent and identical, so LLVM's SLP vectorizer packs them into one
//! vector register when the target has vector multiplies and rotates (AVX-512, which
//! `-C target-cpu=native` enables on such CPUs). That is a loss: the chain of each round then
//! waits on a `vpmulld` / `vpmullq`, whose latency is several times an `imul`'s. The C
//! reference stops it the same way (`XXH_COMPILER_GUARD`): an empty `asm!` block that takes the
//! lane in a general-purpose register, which LLVM cannot see through and cannot widen. Only on
//! x86-64 and AArch64 (where a `u64` fits one register), and not under Miri, which runs no
//! `asm!`.
#![allow(unsafe_code)]

macro_rules! scalar_lane {
    ($name:ident, $ty:ty) => {
        /// Returns `lane` unchanged, from a general-purpose register LLVM cannot vectorize.
        #[inline(always)]
        // The register is only named in a comment, so its width does not matter.
        #[allow(asm_sub_register)]
        pub(crate) fn $name(lane: $ty) -> $ty {
            #[allow(unused_mut)]
            let mut lane = lane;
            #[cfg(all(
                any(target_arch = "x86_64", target_arch = "aarch64"),
                not(miri)
            ))]
            // SAFETY: the block is only a comment naming `lane`'s register: it touches no
            // memory, no stack and no flags.
            unsafe {
                core::arch::asm!(
                    "/* {lane} */",
                    lane = inout(reg) lane,
                    options(pure, nomem, nostack, preserves_flags),
                );
            }
            lane
        }
    };
}

scalar_lane!(scalar_u32, u32);
scalar_lane!(scalar_u64, u64);
