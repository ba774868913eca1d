/*
 * Known-answer vectors from the C reference (libxxhash, Debian's libxxhash-dev).
 * Built and run by gen_vectors.sh; writes xxhash_vectors.txt, read by tests/known_answers.rs.
 *
 * Input: the first LEN bytes of the stream made by `input_byte` below (splitmix64 words,
 * little-endian); the Rust test makes the same stream. The custom secret is 197 bytes of the
 * same generator started at SECRET_STREAM_SEED (a length other than the default 192, on purpose).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define INPUT_STREAM_SEED 0x0123456789ABCDEFULL
#define SECRET_STREAM_SEED 0xFEDCBA9876543210ULL
#define SECRET_LEN 197
#define MAX_LEN (1024 * 1024 + 7)

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void fill(uint8_t *buf, size_t len, uint64_t seed) {
    uint64_t state = seed;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t word = splitmix64(&state);
        for (size_t j = 0; j < 8 && i + j < len; j++) buf[i + j] = (uint8_t)(word >> (8 * j));
    }
}

static void print128(XXH128_hash_t h) { printf(" %016llx%016llx", (unsigned long long)h.high64, (unsigned long long)h.low64); }

int main(void) {
    static const uint64_t seeds[4] = {0, 1, 0x9E3779B185EBCA8DULL, UINT64_MAX};
    static const uint32_t seeds32[4] = {0, 1, 0x9E3779B1U, UINT32_MAX};
    uint8_t *input = malloc(MAX_LEN);
    uint8_t secret[SECRET_LEN];
    if (!input) return 1;
    fill(input, MAX_LEN, INPUT_STREAM_SEED);
    fill(secret, SECRET_LEN, SECRET_STREAM_SEED);

    printf("# xxHash known answers, libxxhash %u (C reference), made by tests/data/gen_vectors.sh\n", XXH_versionNumber());
    printf("# len xxh32[seed 0,1,0x9E3779B1,u32::MAX] xxh64[seed 0,1,0x9E3779B185EBCA8D,u64::MAX]"
           " xxh3[same seeds] xxh128[same seeds] xxh3[secret] xxh128[secret]\n");
    size_t lens[2049 + 5];
    size_t n = 0;
    for (size_t len = 0; len <= 2048; len++) lens[n++] = len;
    lens[n++] = 4095; lens[n++] = 4096; lens[n++] = 4097; lens[n++] = 65536; lens[n++] = MAX_LEN;
    for (size_t k = 0; k < n; k++) {
        size_t len = lens[k];
        printf("%zu", len);
        for (int s = 0; s < 4; s++) printf(" %08x", XXH32(input, len, seeds32[s]));
        for (int s = 0; s < 4; s++) printf(" %016llx", (unsigned long long)XXH64(input, len, seeds[s]));
        for (int s = 0; s < 4; s++) printf(" %016llx", (unsigned long long)XXH3_64bits_withSeed(input, len, seeds[s]));
        for (int s = 0; s < 4; s++) print128(XXH3_128bits_withSeed(input, len, seeds[s]));
        printf(" %016llx", (unsigned long long)XXH3_64bits_withSecret(input, len, secret, SECRET_LEN));
        print128(XXH3_128bits_withSecret(input, len, secret, SECRET_LEN));
        printf("\n");
    }
    free(input);
    return 0;
}
