//! The CPython C API machinery of the native module, in one place: the hasher objects' type
//! (`object`: `PyType_FromSpec`, vectorcall, argument binding, the free list), the
//! `METH_FASTCALL` entry every call goes through (`fastcall`), the buffer protocol (`buffer`)
//! and the lock a hasher's threads share (`shared`). The modules above it (hasher.rs,
//! xxhash_types.rs, methods.rs, one_shots.rs) declare what Python sees through these.

pub(crate) mod buffer;
pub(crate) mod fastcall;
pub(crate) mod object;
pub(crate) mod shared;
