/work/main/tests/downstream/target/debug/deps/iohash-ec58676df7ffda98.d: /work/main/src/lib.rs /work/main/src/algorithm.rs /work/main/src/cpu.rs /work/main/src/crc/mod.rs /work/main/src/crc/clmul.rs /work/main/src/crc/table.rs /work/main/src/file.rs /work/main/src/hasher.rs /work/main/src/io.rs /work/main/src/scalar_lane.rs /work/main/src/split.rs /work/main/src/state.rs /work/main/src/sumfile.rs /work/main/src/tee.rs /work/main/src/xxh3/mod.rs /work/main/src/xxh3/avx2.rs /work/main/src/xxh3/avx512.rs /work/main/src/xxh3/common.rs /work/main/src/xxh3/long.rs /work/main/src/xxh3/platform.rs /work/main/src/xxh3/scalar.rs /work/main/src/xxh3/short.rs /work/main/src/xxh3/sse2.rs /work/main/src/xxh3/stream.rs /work/main/src/xxh32.rs /work/main/src/xxh64.rs

/work/main/tests/downstream/target/debug/deps/libiohash-ec58676df7ffda98.rlib: /work/main/src/lib.rs /work/main/src/algorithm.rs /work/main/src/cpu.rs /work/main/src/crc/mod.rs /work/main/src/crc/clmul.rs /work/main/src/crc/table.rs /work/main/src/file.rs /work/main/src/hasher.rs /work/main/src/io.rs /work/main/src/scalar_lane.rs /work/main/src/split.rs /work/main/src/state.rs /work/main/src/sumfile.rs /work/main/src/tee.rs /work/main/src/xxh3/mod.rs /work/main/src/xxh3/avx2.rs /work/main/src/xxh3/avx512.rs /work/main/src/xxh3/common.rs /work/main/src/xxh3/long.rs /work/main/src/xxh3/platform.rs /work/main/src/xxh3/scalar.rs /work/main/src/xxh3/short.rs /work/main/src/xxh3/sse2.rs /work/main/src/xxh3/stream.rs /work/main/src/xxh32.rs /work/main/src/xxh64.rs

/work/main/tests/downstream/target/debug/deps/libiohash-ec58676df7ffda98.rmeta: /work/main/src/lib.rs /work/main/src/algorithm.rs /work/main/src/cpu.rs /work/main/src/crc/mod.rs /work/main/src/crc/clmul.rs /work/main/src/crc/table.rs /work/main/src/file.rs /work/main/src/hasher.rs /work/main/src/io.rs /work/main/src/scalar_lane.rs /work/main/src/split.rs /work/main/src/state.rs /work/main/src/sumfile.rs /work/main/src/tee.rs /work/main/src/xxh3/mod.rs /work/main/src/xxh3/avx2.rs /work/main/src/xxh3/avx512.rs /work/main/src/xxh3/common.rs /work/main/src/xxh3/long.rs /work/main/src/xxh3/platform.rs /work/main/src/xxh3/scalar.rs /work/main/src/xxh3/short.rs /work/main/src/xxh3/sse2.rs /work/main/src/xxh3/stream.rs /work/main/src/xxh32.rs /work/main/src/xxh64.rs

/work/main/src/lib.rs:
/work/main/src/algorithm.rs:
/work/main/src/cpu.rs:
/work/main/src/crc/mod.rs:
/work/main/src/crc/clmul.rs:
/work/main/src/crc/table.rs:
/work/main/src/file.rs:
/work/main/src/hasher.rs:
/work/main/src/io.rs:
/work/main/src/scalar_lane.rs:
/work/main/src/split.rs:
/work/main/src/state.rs:
/work/main/src/sumfile.rs:
/work/main/src/tee.rs:
/work/main/src/xxh3/mod.rs:
/work/main/src/xxh3/avx2.rs:
/work/main/src/xxh3/avx512.rs:
/work/main/src/xxh3/common.rs:
/work/main/src/xxh3/long.rs:
/work/main/src/xxh3/platform.rs:
/work/main/src/xxh3/scalar.rs:
/work/main/src/xxh3/short.rs:
/work/main/src/xxh3/sse2.rs:
/work/main/src/xxh3/stream.rs:
/work/main/src/xxh32.rs:
/work/main/src/xxh64.rs:
