#!/usr/bin/env node
// The CLI is written in TypeScript (bin/cli.ts, generators/) and built into dist/cli.mjs by `npm run build`.
import { main } from '../dist/cli.mjs';

const code = await main(process.argv.slice(2));
process.exitCode = code;
// `openapi` and `generate client` run the app's modules, which may hold the process open (a timer, a database pool):
// once the command is done, exit. The timer is unref'd, so it fires only when something else keeps the process up.
setTimeout(() => process.exit(code), 0).unref();
