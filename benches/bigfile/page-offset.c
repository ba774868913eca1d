// How fast the kernel copies a cached file into a buffer at a given distance past a page boundary.
// Build: cc -O2 -o page-offset page-offset.c (benches/bigfile.sh builds and runs it)
// Run:   ./page-offset FILE CHUNK OFFSET...   (FILE in the page cache: cat FILE > /dev/null first)
// Prints one line per offset: the time to pread the whole FILE in CHUNK-byte reads into one buffer
// that starts OFFSET bytes past a page boundary.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s FILE CHUNK OFFSET...\n", argv[0]); return 2; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    off_t size = lseek(fd, 0, SEEK_END);
    size_t chunk = strtoul(argv[2], NULL, 0);
    char *raw = aligned_alloc(4096, chunk + 8192);
    for (int a = 3; a < argc; a++) {
        size_t offset = strtoul(argv[a], NULL, 0);
        char *buf = raw + offset;
        for (size_t i = 0; i < chunk; i += 4096) buf[i] = 0;  // pages present before timing
        double best = 1e9;
        for (int round = 0; round < 3; round++) {
            double t = now();
            for (off_t at = 0; at < size; at += chunk)
                if (pread(fd, buf, chunk, at) < 0) { perror("pread"); return 1; }
            double took = now() - t;
            if (took < best) best = took;
        }
        printf("chunk %zu, %zu bytes past a page: %.1f ms (best of 3)\n", chunk, offset, best * 1e3);
    }
    return 0;
}
