/work/main/tests/downstream/target/debug/deps/iohash_downstream-0ada37579d59e2de.d: src/lib.rs

/work/main/tests/downstream/target/debug/deps/iohash_downstream-0ada37579d59e2de: src/lib.rs

src/lib.rs:
