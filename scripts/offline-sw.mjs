// Writes the service workers of a built site with Workbox (workbox-build's generateSW; no
// caching logic of our own): one per language, in that language's folder and scoped to it,
// whose precache is the language's pages, its search index and everything under assets/ (the
// rules engine: Pyodide, the trimmed standard library, the hcards_core wheel; the theme; the
// cards). Pyodide's full python_stdlib.zip is left out: only scripts/bench's bare boot page loads it.
// Files are precached by revision (a hash of their content), so a new build is installed
// whole beside the old one and replaces it in one step — never old pages with a new wheel.
//
//   node scripts/offline-sw.mjs SITE_DIR LANGS_JSON
//   LANGS_JSON: [{"lang": "en", "folder": ""}, {"lang": "hu", "folder": "hu/"}, …]
// Prints one JSON line: {"languages": {lang: {"sw": path, "files": n, "bytes": n}}}.
import { generateSW } from "workbox-build";
import { writeFileSync } from "node:fs";
import path from "node:path";

const [site, langsJson] = process.argv.slice(2);
const langs = JSON.parse(langsJson);
const others = langs.filter((l) => l.folder).map((l) => l.folder);
const out = { languages: {} };

for (const { lang, folder } of langs) {
  const pages = folder ? [`${folder}**/*.html`] : ["*.html", "**/*.html"];
  const up = folder ? "../".repeat(folder.split("/").filter(Boolean).length) : "";
  const { count, size, warnings } = await generateSW({
    globDirectory: site,
    globPatterns: [...pages, "assets/**/*.{js,mjs,css,json,svg,png,ico,wasm,zip,whl,webmanifest}",
                   `search/search_index.${lang}.json`, `${folder}manifest.webmanifest`],
    // the default language's pages are the site's root: not the other languages' folders;
    // the benchmark page is not part of the site
    globIgnores: ["**/*.gz", "assets/bench/**", "assets/pyodide/python_stdlib.zip", "assets/javascripts/lunr/**",
                  ...(folder ? [] : others.map((f) => `${f}**`)), "**/sw.js"],
    // the precache URLs are relative to the service worker, which sits in the language's folder
    modifyURLPrefix: folder ? { [folder]: "", "assets/": `${up}assets/`, "search/": `${up}search/` } : {},
    swDest: path.join(site, folder, "sw.js"),
    maximumFileSizeToCacheInBytes: 20 * 1024 * 1024, // Pyodide's wasm is 9.6 MB (the default stops at 2 MB)
    cacheId: `hcards-${lang}`,
    cleanupOutdatedCaches: true,
    skipWaiting: false, // the reader is told a new version is ready, and reloads into it
    clientsClaim: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: "production",
    directoryIndex: "index.html",
    ignoreURLParametersMatching: [/^h$/, /^utm_/], // Material's search highlight (?h=…)
    // Everything else the language's pages ask for (the search's language files, another
    // language's page under the root's scope) is kept as it is visited, for offline reading.
    runtimeCaching: [{
      urlPattern: ({ url, sameOrigin }) => sameOrigin && !url.pathname.endsWith("/sw.js"),
      handler: "NetworkFirst",
      options: { cacheName: `hcards-${lang}-visited`, networkTimeoutSeconds: 5, expiration: { maxEntries: 300 } },
    }],
  });
  out.languages[lang] = { sw: path.join(folder, "sw.js"), files: count, bytes: size, warnings };
  // what the page shows while it keeps the language offline ("2.1 of 15.9 MB")
  writeFileSync(path.join(site, folder, "offline.json"), JSON.stringify({ files: count, bytes: size }) + "\n");
}
console.log(JSON.stringify(out));
