// What the tests share: the repository's reference data, and its inputs made as the Rust tests
// make them.
import { readFileSync } from "node:fs";

export const repo = new URL("../../", import.meta.url);

/** `length` bytes of splitmix64 words from `seed`, little-endian: src/testing.rs's Rng::bytes. */
export function splitmixBytes(seed, length) {
  const mask = (1n << 64n) - 1n;
  const out = new Uint8Array(Math.ceil(length / 8) * 8);
  const view = new DataView(out.buffer);
  let state = BigInt(seed);
  for (let at = 0; at < out.length; at += 8) {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    view.setBigUint64(at, z ^ (z >> 31n), true);
  }
  return out.subarray(0, length);
}

/**
 * `count` cut points in 0..=length, sorted, chosen by `seed` (a small linear congruential
 * generator: the points need only vary between rows).
 */
export function cutPoints(seed, length, count = 3) {
  let state = (Number(seed) * 2654435761 + length) >>> 0;
  const cuts = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    cuts.push(Math.floor((state / 2 ** 32) * (length + 1)));
  }
  return cuts.sort((a, b) => a - b);
}

/** `data` cut at `cuts`: the pieces between them, some possibly empty. */
export const piecesAt = (data, cuts) =>
  [0, ...cuts].map((start, i) => data.subarray(start, i < cuts.length ? cuts[i] : data.length));

/** The Rust tests' known-answer input (`vector_input`). */
export const vectorInput = (length) => splitmixBytes(0x0123456789abcdefn, length);

/** python/tests/data/golden.json, its large integers as BigInts. */
export function golden() {
  const text = readFileSync(new URL("python/tests/data/golden.json", repo), "utf8");
  return JSON.parse(text.replace(/([:[,]\s*)(\d{16,})(?=\s*[,}\]])/g, '$1"$2"'), (_, value) =>
    typeof value === "string" && /^\d+$/.test(value) ? BigInt(value) : value,
  );
}

/** The golden file's input: bytes i % 251. */
export function pattern(length) {
  return Uint8Array.from({ length }, (_, i) => i % 251);
}
