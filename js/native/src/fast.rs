//! The calls Node makes per chunk and per one-shot, bound with N-API's C functions. napi-rs's
//! generated glue tracks borrowed arguments across each call (an allocation and a lock), which
//! cost most of a 16-byte one-shot (docs/perf-notes.md); these take a handle, an External our
//! own type tag marks, and a Uint8Array, and touch nothing else.
#![allow(unsafe_code)]

use core::ffi::c_void;
use core::ptr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use iohash::DynHasher;
use napi::bindgen_prelude::{JsObjectValue, Object, ToNapiValue, TypeName};
use napi::{sys, Env, Result, ValueType};

use crate::Shared;

/// Marks the Externals this module made, so a handle is never taken from another object.
const TAG: sys::napi_type_tag = sys::napi_type_tag {
    lower: 0x6f68_6173_685f_6661,
    upper: 0x7374_5f68_616e_646c,
};

/// A hasher's state as its handle holds it: the class `Hasher` and its handle share it.
pub struct Handle(pub(crate) Arc<Shared>);

impl TypeName for Handle {
    fn type_name() -> &'static str {
        "Handle"
    }

    fn value_type() -> ValueType {
        ValueType::External
    }
}

impl ToNapiValue for Handle {
    unsafe fn to_napi_value(env: sys::napi_env, handle: Handle) -> Result<sys::napi_value> {
        let data = Box::into_raw(Box::new(handle));
        let mut value = ptr::null_mut();
        // SAFETY: `env` is the live environment napi-rs converts in; `data` is a leaked box the
        // finalizer frees once, when the External is collected.
        let status = unsafe {
            sys::napi_create_external(
                env,
                data.cast(),
                Some(finalize),
                ptr::null_mut(),
                &mut value,
            )
        };
        if status != sys::Status::napi_ok {
            // SAFETY: the External was not made, so nothing else owns the box.
            drop(unsafe { Box::from_raw(data) });
            return Err(napi::Error::from_reason("could not make a hasher's handle"));
        }
        // SAFETY: `value` is the External just made in `env`.
        let status = unsafe { sys::napi_type_tag_object(env, value, &TAG) };
        if status != sys::Status::napi_ok {
            return Err(napi::Error::from_reason("could not tag a hasher's handle"));
        }
        Ok(value)
    }
}

/// Frees a handle's box when its External is collected.
unsafe extern "C" fn finalize(_: sys::napi_env, data: *mut c_void, _: *mut c_void) {
    // SAFETY: `data` is the box `to_napi_value` leaked for this External, freed only here.
    drop(unsafe { Box::from_raw(data.cast::<Handle>()) });
}

/// The calls, by the names js/node.js uses.
const CALLS: [(&str, sys::napi_callback); 7] = [
    ("update", Some(update)),
    ("reset", Some(reset)),
    ("once32", Some(once_32)),
    ("once64", Some(once_64)),
    ("once128", Some(once_128)),
    ("value32", Some(value_32)),
    ("value64", Some(value_64)),
];

/// Puts the calls on `exports.fast`.
pub(crate) fn register(env: &Env, exports: &mut Object) -> Result<()> {
    let mut fast = Object::new(env)?;
    for (name, call) in CALLS {
        let call = call.expect("every call has a function");
        fast.set_named_property(name, env.create_function::<(), ()>(name, call)?)?;
    }
    exports.set_named_property("fast", fast)
}

/// What a call returns to JavaScript, made after the work.
enum Answer {
    Undefined,
    Number(u32),
    BigInt(u128),
}

/// Runs `work` on the call's handle and bytes (when `with_bytes`), and gives its answer to
/// JavaScript, or throws a TypeError for a bad argument and an Error for a refused call.
///
/// # Safety
/// `env` and `info` are the ones N-API passed the callback.
unsafe fn call(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    with_bytes: bool,
    work: impl FnOnce(&Handle, &[u8]) -> core::result::Result<Answer, String>,
) -> sys::napi_value {
    let mut argc = 2;
    let mut argv = [ptr::null_mut(); 2];
    // SAFETY: `argv` holds `argc` values, as N-API requires.
    let status = unsafe {
        sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    if status != sys::Status::napi_ok || argc < 1 + usize::from(with_bytes) {
        return throw(env, true, "a handle and bytes are needed");
    }
    // SAFETY: `argv[0]` is a value of this call.
    let Some(handle) = (unsafe { handle(env, argv[0]) }) else {
        return throw(env, true, "not a hasher's handle");
    };
    let copy;
    let bytes = if with_bytes {
        // SAFETY: `argv[1]` is a value of this call.
        match unsafe { bytes(env, argv[1]) } {
            Some(View::Own(bytes)) => bytes,
            Some(View::Shared(first, len)) => {
                copy = copy_shared(first, len);
                &copy[..]
            }
            None => return throw(env, true, "data must be a Uint8Array"),
        }
    } else {
        &[]
    };
    let answer = match catch_unwind(AssertUnwindSafe(|| work(handle, bytes))) {
        Ok(Ok(answer)) => answer,
        Ok(Err(message)) => return throw(env, false, &message),
        Err(_) => return throw(env, false, "iohash panicked: please report it"),
    };
    let mut value = ptr::null_mut();
    // SAFETY: each call makes one value in `env`.
    let status = unsafe {
        match answer {
            Answer::Undefined => sys::napi_get_undefined(env, &mut value),
            Answer::Number(number) => sys::napi_create_uint32(env, number, &mut value),
            Answer::BigInt(big) if big <= u128::from(u64::MAX) => {
                sys::napi_create_bigint_uint64(env, big as u64, &mut value)
            }
            Answer::BigInt(big) => {
                let words = [big as u64, (big >> 64) as u64];
                sys::napi_create_bigint_words(env, 0, 2, words.as_ptr(), &mut value)
            }
        }
    };
    if status != sys::Status::napi_ok {
        return throw(env, false, "could not make the answer");
    }
    value
}

/// The handle `value` is, if it is an External this module made.
///
/// # Safety
/// `value` is a live value in `env`, and the handle is used only during the call.
unsafe fn handle<'a>(env: sys::napi_env, value: sys::napi_value) -> Option<&'a Handle> {
    let mut tagged = false;
    // SAFETY: `value` is a live value; the tag is ours.
    let status = unsafe { sys::napi_check_object_type_tag(env, value, &TAG, &mut tagged) };
    if status != sys::Status::napi_ok || !tagged {
        return None;
    }
    let mut data = ptr::null_mut();
    // SAFETY: only Externals carry our tag (`to_napi_value` tags nothing else).
    let status = unsafe { sys::napi_get_value_external(env, value, &mut data) };
    if status != sys::Status::napi_ok || data.is_null() {
        return None;
    }
    // SAFETY: the External's data is the `Handle` box `to_napi_value` made, alive while the
    // External is, and the External is an argument of the running call.
    Some(unsafe { &*data.cast::<Handle>() })
}

/// A Uint8Array's bytes: its own memory, which nothing else writes during the call, or a
/// SharedArrayBuffer's, which another thread may write at any time (its first byte and length).
enum View<'a> {
    Own(&'a [u8]),
    Shared(*const u8, usize),
}

/// A copy of shared memory, read as JavaScript engines read it (relaxed atomic loads), so a
/// write from another thread meanwhile is not a data race.
fn copy_shared(first: *const u8, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            // SAFETY: `first..first + len` is a live SharedArrayBuffer's memory (kept alive by
            // the call's argument); `AtomicU8` has `u8`'s size and alignment.
            unsafe {
                (*first.add(i).cast::<core::sync::atomic::AtomicU8>())
                    .load(core::sync::atomic::Ordering::Relaxed)
            }
        })
        .collect()
}

/// The bytes of `value`, if it is a Uint8Array (a Buffer is one).
///
/// # Safety
/// `value` is a live value in `env`, and the bytes are used only during the call, on this
/// thread, while no JavaScript runs.
unsafe fn bytes<'a>(env: sys::napi_env, value: sys::napi_value) -> Option<View<'a>> {
    let mut is_typed_array = false;
    // SAFETY: `value` is a live value.
    let status = unsafe { sys::napi_is_typedarray(env, value, &mut is_typed_array) };
    if status != sys::Status::napi_ok || !is_typed_array {
        return None;
    }
    let (mut kind, mut len, mut data, mut buffer) = (0, 0, ptr::null_mut(), ptr::null_mut());
    // SAFETY: `value` is a typed array; the output we do not need is left null.
    let status = unsafe {
        sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut buffer,
            ptr::null_mut(),
        )
    };
    if status != sys::Status::napi_ok || kind != sys::TypedarrayType::uint8_array {
        return None;
    }
    if len == 0 || data.is_null() {
        return Some(View::Own(&[]));
    }
    // A SharedArrayBuffer is no ArrayBuffer to N-API.
    let mut own = false;
    // SAFETY: `buffer` is the view's buffer, a live value.
    let status = unsafe { sys::napi_is_arraybuffer(env, buffer, &mut own) };
    if status != sys::Status::napi_ok {
        return None;
    }
    if !own {
        return Some(View::Shared(data.cast(), len));
    }
    // SAFETY: N-API gives the view's first byte and its length in bytes (one a Uint8Array
    // element), which stay valid while the call runs and no JavaScript can touch them.
    Some(View::Own(unsafe {
        core::slice::from_raw_parts(data.cast::<u8>(), len)
    }))
}

/// Throws a TypeError (`type_error`) or an Error with `message`; the call returns nothing.
fn throw(env: sys::napi_env, type_error: bool, message: &str) -> sys::napi_value {
    let message = std::ffi::CString::new(message).unwrap_or_default();
    // SAFETY: `env` is the call's; the message is a NUL-terminated string N-API copies.
    unsafe {
        if type_error {
            sys::napi_throw_type_error(env, ptr::null(), message.as_ptr());
        } else {
            sys::napi_throw_error(env, ptr::null(), message.as_ptr());
        }
    }
    ptr::null_mut()
}

/// `fast.update(handle, bytes)`: hashes the bytes after what came before.
unsafe extern "C" fn update(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, true, |handle, data| {
            handle.0.hasher()?.append(data);
            Ok(Answer::Undefined)
        })
    }
}

/// `fast.reset(handle)`: back to a new hasher's state.
unsafe extern "C" fn reset(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, false, |handle, _| {
            handle.0.hasher()?.reset();
            Ok(Answer::Undefined)
        })
    }
}

/// `fast.once32(handle, bytes)`: the hash of the bytes alone, a number.
unsafe extern "C" fn once_32(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, true, |handle, data| {
            Ok(Answer::Number(handle.0.once(data)? as u32))
        })
    }
}

/// `fast.once64(handle, bytes)`: the hash of the bytes alone, a BigInt.
unsafe extern "C" fn once_64(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, true, |handle, data| {
            Ok(Answer::BigInt(u128::from(handle.0.once(data)? as u64)))
        })
    }
}

/// `fast.once128(handle, bytes)`: the hash of the bytes alone, a BigInt of up to 128 bits.
unsafe extern "C" fn once_128(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, true, |handle, data| {
            Ok(Answer::BigInt(handle.0.once(data)?))
        })
    }
}

/// `fast.value32(handle)`: the hash so far, a number.
unsafe extern "C" fn value_32(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, false, |handle, _| {
            Ok(Answer::Number(handle.0.value()? as u32))
        })
    }
}

/// `fast.value64(handle)`: the hash so far, a BigInt.
unsafe extern "C" fn value_64(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    // SAFETY: N-API passed these.
    unsafe {
        call(env, info, false, |handle, _| {
            Ok(Answer::BigInt(u128::from(handle.0.value()? as u64)))
        })
    }
}
