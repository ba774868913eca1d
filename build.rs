//! Passes `IOHASH_FORCE_BACKEND` on to the library as `--cfg iohash_force_backend`, the cap on
//! the XXH3 and CRC backends that tests force (src/algorithms/xxh3/platform.rs,
//! src/algorithms/crc/platform.rs). Set in `RUSTFLAGS`, the cfg rebuilds every dependency for
//! each backend; set here, only this crate and its tests are built again.

fn main() {
    println!("cargo::rerun-if-env-changed=IOHASH_FORCE_BACKEND");
    if let Ok(backend) = std::env::var("IOHASH_FORCE_BACKEND") {
        println!("cargo::rustc-cfg=iohash_force_backend=\"{backend}\"");
    }
}
