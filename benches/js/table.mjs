// The JavaScript benchmarks' table, the same from Node (node.mjs) and Chromium (chromium.mjs):
// each way's time per call, throughput, and iohash's time over the peer's.

const sizeName = (bytes) => (bytes >= 1 << 20 ? `${bytes >> 20} MiB` : bytes >= 1024 ? `${bytes >> 10} KiB` : `${bytes} B`);

/**
 * A function that prints each of cases.mjs's run() results, in the order run() yields them, as a
 * row of a Markdown table; the header goes before the first row, after a blank line.
 */
export function printer(print = console.log) {
  const ours = new Map();
  let started = false;
  return ({ algorithm, size, side, seconds }) => {
    if (!started) print(`\n| hash | size | side | ns a call | GB/s | iohash's time over this |\n|---|---|---|---|---|---|`);
    started = true;
    const key = `${algorithm} ${size}`;
    // iohash's first way of a case (its native addon's, where Node loaded it) is the base.
    const base = !ours.has(key);
    if (base) ours.set(key, seconds);
    const ratio = base ? "" : (ours.get(key) / seconds).toFixed(2);
    print(`| ${algorithm} | ${sizeName(size)} | ${side} | ${(seconds * 1e9).toFixed(1)} | ${(size / seconds / 1e9).toFixed(2)} | ${ratio} |`);
  };
}
