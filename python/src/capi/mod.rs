//! The CPython C API machinery of the native module, in one place: the hasher objects' type
//! (`object`: `PyType_FromSpec`, argument binding, the free list); the entries a class, its
//! `__new__`, `__init__` and `repr` and a module function are called through (`calls`); the
//! entry every call goes through (`fastcall`); the buffer protocol (`buffer`); the lock a
//! hasher's threads share (`shared`); strings written in place (`text`). The modules above
//! (hasher.rs, xxhash_types.rs, methods.rs, one_shots.rs) declare what Python sees through
//! these, with safe bodies and no raw pointer.

pub(crate) mod buffer;
pub(crate) mod calls;
pub(crate) mod fastcall;
pub(crate) mod object;
pub(crate) mod shared;
pub(crate) mod text;
