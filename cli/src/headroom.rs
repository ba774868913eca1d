//! Room kept for allocations while threads are started. Under a limit on the address space
//! (`ulimit -v`, or `ulimit -d` on Linux), each thread takes its stack (2 MiB) from it until
//! the system refuses the next. Started up to that edge, the threads would leave nothing for
//! the buffers and names their work needs, and the first allocation to fail would abort the
//! command. So some room is held aside while threads are started, and given back once they
//! run; without such a limit nothing is held.
#![allow(unsafe_code)]

use std::io;

/// Room for the read buffers, names and lines of the threads that fit in the rest.
const ROOM: usize = 16 << 20;

/// Room held aside while it lives.
pub struct Headroom {
    _room: Vec<u8>,
}

/// Holds room aside if the address space is limited; `Ok(None)` when it is not. An error
/// means the limit leaves not even that room: start no thread.
pub fn hold() -> io::Result<Option<Headroom>> {
    if !address_space_limited() {
        return Ok(None);
    }
    let mut room = Vec::new();
    room.try_reserve_exact(ROOM)
        .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
    // An allocation nothing reads could be optimised away, and the room with it.
    std::hint::black_box(room.as_ptr());
    Ok(Some(Headroom { _room: room }))
}

#[cfg(unix)]
fn address_space_limited() -> bool {
    [libc::RLIMIT_AS, libc::RLIMIT_DATA]
        .into_iter()
        .any(|resource| {
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `getrlimit` only writes the `rlimit` it is given, which is on this stack.
            let known = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
            known && limit.rlim_cur != libc::RLIM_INFINITY
        })
}

#[cfg(not(unix))]
fn address_space_limited() -> bool {
    false
}
