// `node build/run-concurrently.mjs test:unit test:docs …`: the npm scripts named, at once, each one's output held and
// printed whole when it ends (so the log reads as if they had run one after the other), exiting non-zero when any
// failed. For suites that do not share a resource: `npm test` runs the unit suite (one process, about one core) beside
// the docs site's build and checks (a `next build`), which cuts CI's wall time by the shorter of the two.
// dist/ is brought up to date once, first: the scripts' own `ensure-built` then find nothing to build, and no two
// Rollup builds write dist/ at once.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node build/run-concurrently.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

execFileSync(process.execPath, ['build/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(chunks));
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n[run-concurrently] npm run ${script}: ${code === 0 ? 'passed' : `failed (${code ?? signal})`} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
