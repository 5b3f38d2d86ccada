// speedscope_import.mjs FILE... -- import each file with speedscope's own
// importer (the npm package pinned in package-lock.json, run under Node)
// and print, per file, one JSON line: the profiles speedscope made, each
// with its name, weight unit and every frame's self and total weight.
//
// The package ships only its browser bundle, an esbuild IIFE.  The importer
// module is reached the way the bundle's own app reaches it: the promise
// `X=Promise.resolve().then(()=>(init(),module))` that the app awaits before
// calling importProfileGroupFromText.  We run the bundle with that promise
// handed out and the app's start (the first render) cut off, so no DOM is
// needed; the import code itself is speedscope's, unchanged.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const release = path.join(here, 'node_modules/speedscope/dist/release');
const bundleName = fs.readdirSync(release).find(f => /^speedscope-.*\.js$/.test(f));
if (!bundleName) { console.error('speedscope bundle not found: run npm ci in tests/profiles'); process.exit(2); }
const src = fs.readFileSync(path.join(release, bundleName), 'utf8');

const promise = /(\w+)=Promise\.resolve\(\)\.then\(\(\)=>\(\w+\(\),\w+\)\);\1\.then/.exec(src);
const start = src.lastIndexOf('console.log(`speedscope v');
if (!promise || start < 0) { console.error('speedscope bundle layout not recognised'); process.exit(2); }
const patched = src.slice(0, start) + `globalThis.__speedscopeImporter=${promise[1]};return;` + src.slice(start);

// What the bundle touches at load time, before the cut: nothing is drawn.
const inert = new Proxy(function () {}, {
    get: (t, k) => (k === Symbol.toPrimitive ? () => '' : inert),
    apply: () => inert,
    construct: () => inert,
});
globalThis.window = globalThis;
globalThis.document = inert;
globalThis.location = { hash: '', search: '', href: 'file:///', protocol: 'file:' };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.matchMedia = () => ({ matches: false, addEventListener() {}, addListener() {} });
globalThis.addEventListener = () => {};
vm.runInThisContext(patched, { filename: bundleName });
const importer = await globalThis.__speedscopeImporter;

const log = console.log;
console.log = () => {};            // the importer announces the format it chose
for (const file of process.argv.slice(2)) {
    const group = await importer.importProfileGroupFromText(path.basename(file), fs.readFileSync(file, 'utf8'));
    const out = { file, imported: !!group, profiles: [] };
    for (const p of group ? group.profiles : []) {
        const frames = {};
        p.forEachFrame(f => { frames[f.name] = { self: f.getSelfWeight(), total: f.getTotalWeight() }; });
        out.profiles.push({ name: p.getName(), unit: p.getWeightUnit(), total: p.getTotalWeight(), frames });
    }
    log(JSON.stringify(out));
}
