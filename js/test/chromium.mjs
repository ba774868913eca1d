// Chromium for the browser tests and benchmarks, driven by playwright-core (a devDependency,
// `npm ci --prefix js`) and the system's browser (Debian's chromium, or IOHASH_CHROMIUM).
import { existsSync } from "node:fs";

/** The Chromium binary to run. */
function executablePath() {
  return process.env.IOHASH_CHROMIUM || "/usr/bin/chromium";
}

/** Why Chromium cannot be driven here, or null when it can. */
export async function chromiumMissing() {
  try {
    await import("playwright-core");
  } catch {
    return "playwright-core is not installed (npm ci --prefix js)";
  }
  const path = executablePath();
  if (!existsSync(path)) return `no Chromium at ${path} (apt install chromium, or set IOHASH_CHROMIUM)`;
  return null;
}

/** A headless Chromium; close it when done. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: executablePath(), headless: true, args: ["--no-sandbox"] });
}
