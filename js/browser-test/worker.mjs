// The browser test's Worker: hashes each Blob it is sent with each name, as hashBlob does in a
// worker, and posts back [{ name: hex }] in the same order (or { error }). The package is
// imported after the handler is set: a message that came while its module loaded is not lost.
const iohash = import("../browser.js");

self.onmessage = async ({ data: { blobs, names } }) => {
  try {
    const { hashBlob } = await iohash;
    const hashes = [];
    for (const blob of blobs) {
      const mine = {};
      for (const name of names) mine[name] = (await hashBlob(name, blob)).hex();
      hashes.push(mine);
    }
    self.postMessage({ hashes });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
