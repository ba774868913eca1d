/work/main/tests/downstream/target/debug/deps/iohash_downstream-ae12543bc261bcbc.d: src/lib.rs

/work/main/tests/downstream/target/debug/deps/libiohash_downstream-ae12543bc261bcbc.rlib: src/lib.rs

/work/main/tests/downstream/target/debug/deps/libiohash_downstream-ae12543bc261bcbc.rmeta: src/lib.rs

src/lib.rs:
