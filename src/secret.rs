//! Why an XXH3 secret was refused. Part of the core, beside the saved-state format, because
//! restoring a state with a secret reports it too ([`StateError::Secret`](crate::StateError)).

use core::fmt;

/// The shortest secret XXH3 accepts, in bytes (the C reference's `XXH3_SECRET_SIZE_MIN`).
pub const XXH3_SECRET_MIN_LEN: usize = 136;

/// Why `with_secret` refused a secret.
///
/// ```
/// use iohash::{SecretError, XxHash3};
///
/// let err = XxHash3::with_secret(&[0u8; 100]).unwrap_err();
/// assert_eq!(err, SecretError::TooShort { len: 100 });
/// assert_eq!(err.to_string(), "XXH3 secret is 100 bytes long; it must be at least 136");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SecretError {
    /// Shorter than [`XXH3_SECRET_MIN_LEN`] bytes.
    TooShort {
        /// The refused secret's length.
        len: usize,
    },
    /// Longer than a hasher holds without an allocator (without the `alloc` feature only).
    TooLong {
        /// The refused secret's length.
        len: usize,
        /// The longest secret a hasher holds inline.
        max: usize,
    },
}

impl fmt::Display for SecretError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SecretError::TooShort { len } => write!(
                f,
                "XXH3 secret is {len} bytes long; it must be at least {XXH3_SECRET_MIN_LEN}"
            ),
            SecretError::TooLong { len, max } => write!(
                f,
                "XXH3 secret is {len} bytes long; without the `alloc` feature it must be at most {max}"
            ),
        }
    }
}

impl core::error::Error for SecretError {}
