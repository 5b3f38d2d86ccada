// speedscope_tree.mjs FILE... -- import each file with speedscope's own
// importer, loaded by tests/profiles/speedscope_import.mjs (imported here
// with no file of its own to read), and print, per file, one JSON line:
// the profiles speedscope made, each with its frames (name, file, line,
// self and total weight) and its call tree in preorder, each call-tree
// node as [parent's index or -1, frame name, self, total].  Walked with an
// explicit stack: the trees may be thousands deep.
import fs from 'node:fs';
import path from 'node:path';

const files = process.argv.slice(2);
const log = console.log;
process.argv.length = 2;
await import('../profiles/speedscope_import.mjs');
const importer = await globalThis.__speedscopeImporter;

for (const file of files) {
    const group = await importer.importProfileGroupFromText(path.basename(file), fs.readFileSync(file, 'utf8'));
    const out = { file, imported: !!group, profiles: [] };
    for (const p of group ? group.profiles : []) {
        const frames = [];
        p.forEachFrame(f => frames.push({ name: f.name, file: f.file ?? null, line: f.line ?? null,
                                          self: f.getSelfWeight(), total: f.getTotalWeight() }));
        const calls = [];
        const stack = [];
        const root = p.getAppendOrderCalltreeRoot();
        for (let i = root.children.length - 1; i >= 0; i--) stack.push([root.children[i], -1]);
        while (stack.length) {
            const [node, parent] = stack.pop();
            const me = calls.length;
            calls.push([parent, node.frame.name, node.getSelfWeight(), node.getTotalWeight()]);
            for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], me]);
        }
        out.profiles.push({ name: p.getName(), unit: p.getWeightUnit(), total: p.getTotalWeight(), frames, calls });
    }
    log(JSON.stringify(out));
}
