#!/usr/bin/env node
// `npm run example` (from the repository root, after the library build): builds this example with `next build`,
// starts `next start` on PORT or a free port, waits until the API answers, and prints the URLs.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const exampleDir = dirname(dirname(fileURLToPath(import.meta.url)));
const nextBin = createRequire(join(exampleDir, 'package.json')).resolve('next/dist/bin/next');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function build() {
  // On a shared machine, `flock` keeps two `next build`s from running at once; where it is missing, build directly.
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const [command, args] = hasFlock
    ? ['flock', [join(tmpdir(), 'next-build.lock'), process.execPath, nextBin, 'build']]
    : [process.execPath, [nextBin, 'build']];
  const result = spawnSync(command, args, { cwd: exampleDir, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`next build failed (exit code ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

build();
const port = Number(process.env.PORT) || (await freePort());
const host = process.env.HOST ?? 'localhost';
const child = spawn(process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', host], { cwd: exampleDir, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const base = `http://${host}:${port}`;
try {
  await waitUntilReady(`${base}/api/system/health`, child);
} catch (error) {
  console.error(String(error));
  child.kill('SIGTERM');
  process.exit(1);
}
console.log(`
  API:      ${base}/api/posts
  OpenAPI:  ${base}/api/openapi.json
  Docs:     ${base}/api-docs

  Ctrl+C stops the server.
`);
