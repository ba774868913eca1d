/work/main/tests/downstream/target/debug/deps/crypto_common-951025bfe1cce0e4.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/crypto-common-0.1.7/src/lib.rs

/work/main/tests/downstream/target/debug/deps/libcrypto_common-951025bfe1cce0e4.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/crypto-common-0.1.7/src/lib.rs

/work/main/tests/downstream/target/debug/deps/libcrypto_common-951025bfe1cce0e4.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/crypto-common-0.1.7/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/crypto-common-0.1.7/src/lib.rs:
