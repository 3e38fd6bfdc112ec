// `node bench/server/heap-diff.mjs a.heapsnapshot b.heapsnapshot [rows]`: self size and count per node type and
// constructor/name in two V8 heap snapshots (as memory-probe.mjs --snapshot writes them), largest differences first.
// Strings, numbers and code are grouped by type, not by their text.
import { readFileSync } from 'node:fs';

const [a, b, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 30);
const left = groups(a);
const right = groups(b);
const keys = new Set([...left.byName.keys(), ...right.byName.keys()]);
const diff = [...keys].map((key) => ({ key, a: left.byName.get(key) ?? { size: 0, count: 0 }, b: right.byName.get(key) ?? { size: 0, count: 0 } }));
diff.sort((x, y) => Math.abs(y.a.size - y.b.size) - Math.abs(x.a.size - x.b.size));
const kib = (x) => (x / 1024).toFixed(0).padStart(8);
console.log(`total self size: ${kib(left.total)} KiB vs ${kib(right.total)} KiB (${left.nodes} vs ${right.nodes} nodes)`);
console.log(`${'KiB a'.padStart(8)} ${'KiB b'.padStart(8)} ${'a−b'.padStart(8)} ${'count a'.padStart(8)} ${'count b'.padStart(8)}  type/name`);
for (const { key, a: x, b: y } of diff.slice(0, rows)) console.log(`${kib(x.size)} ${kib(y.size)} ${kib(x.size - y.size)} ${String(x.count).padStart(8)} ${String(y.count).padStart(8)}  ${key}`);

function groups(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const { nodes, strings } = snapshot;
  const byName = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = strings[nodes[i + nameAt]];
    const size = nodes[i + sizeAt];
    total += size;
    const key = ['string', 'concatenated string', 'sliced string', 'code', 'number', 'hidden', 'array'].includes(type) ? `(${type})${type === 'code' || type === 'hidden' || type === 'array' ? ' ' + name.slice(0, 40) : ''}` : `${type} ${name.slice(0, 80)}`;
    const group = byName.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count++;
    byName.set(key, group);
  }
  return { byName, total, nodes: nodes.length / width };
}
