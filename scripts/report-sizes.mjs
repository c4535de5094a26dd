// Prints the gzip size of every built JavaScript and CSS chunk, and what /login needs before its first paint.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('dist');
const assets = path.join(dist, 'assets');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const chunks = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => ({ name, gzip: gzipSize(path.join(assets, name)) }))
  .sort((a, b) => b.gzip - a.gzip);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
const initialSize = chunks
  .filter((chunk) => initial.includes(chunk.name))
  .reduce((sum, chunk) => sum + chunk.gzip, 0);
const total = chunks
  .filter((chunk) => chunk.name.endsWith('.js'))
  .reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log('\ngzip size per chunk');
for (const chunk of chunks)
  console.log(
    `  ${kb(chunk.gzip).padStart(10)}  ${chunk.name}${initial.includes(chunk.name) ? '  (entry)' : ''}`,
  );
console.log(`\n  entry (index.html): ${kb(initialSize)}   all JavaScript: ${kb(total)}\n`);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ chunks, entryGzip: initialSize, totalJsGzip: total }));
}
