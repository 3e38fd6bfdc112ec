#!/usr/bin/env node
// Run by `npm run test:e2e` first: the browser tests drive Debian's Chromium (browser downloads are not possible on
// this network). Installs it with apt-get when it is missing and we may; otherwise says what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`The browser tests need Chromium at ${path}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log("Installing Debian's chromium for the browser tests (apt-get)…");
for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit code ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}
if (!existsSync(path)) {
  console.error(`Debian's chromium is installed, but there is no browser at ${path}: set CHROMIUM_PATH to /usr/bin/chromium or unset it.`);
  process.exit(1);
}
