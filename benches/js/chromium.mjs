// The npm package beside its peers in Chromium: `npm install` here, `npm ci --prefix ../../js`
// (playwright-core), `../../js/build.sh`, then `node benches/js/chromium.mjs [ALGORITHM...]`.
// Serves the repository, runs page.html in headless Chromium (Debian's, or IOHASH_CHROMIUM) and
// prints node.mjs's table from what the page measures.
import { chromiumMissing, launchChromium } from "../../js/test/chromium.mjs";
import { serve } from "../../js/test/serve.mjs";
import { printer } from "./table.mjs";

const missing = await chromiumMissing();
if (missing) {
  console.error(`chromium.mjs: ${missing}`);
  process.exit(1);
}
const only = process.argv.slice(2);
const server = await serve(new URL("../../", import.meta.url));
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const failures = [];
  page.on("pageerror", (error) => failures.push(String(error)));
  page.on("response", (response) => response.status() >= 400 && failures.push(`${response.status()} ${response.url()}`));
  console.log(`Chromium ${browser.version()}`);
  await page.exposeFunction("note", (line) => console.log(line));
  await page.exposeFunction("report", printer());
  const query = only.length ? `?only=${encodeURIComponent(only.join(","))}` : "";
  await page.goto(`${server.url}benches/js/page.html${query}`);
  await page.waitForFunction(() => window.finished !== undefined).catch(() => {
    throw new Error(`page.html did not start: ${failures.join("; ") || "no error shown"}`);
  });
  await page.evaluate(() => window.finished);
} finally {
  await browser.close();
  await server.close();
}
