#!/usr/bin/env node
// The CLI is written in TypeScript (bin/cli.ts, generators/) and built into dist/cli.mjs by `npm run build`.
import { main } from '../dist/cli.mjs';

process.exitCode = await main(process.argv.slice(2));
