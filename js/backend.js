// Which backend computes the hashes, for the package's own modules (not exported to users):
// the entry point (node.js, browser.js) chooses one before it exports the API, and index.js
// reads it through this live binding.

/** The chosen backend: see webassembly.js for what one holds. */
export let impl = null;

/** Its name, "native" or "webassembly": index.js exports it as `backend`. */
export let name = null;

/** Chooses the backend; the entry points call it once, before anything is hashed. */
export function use(chosen) {
  impl = chosen;
  name = chosen.name;
}

/** Known only to the package: the constructor's first argument when it wraps a backend's hasher. */
export const WRAP = Symbol("wrap");
