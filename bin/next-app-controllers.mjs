#!/usr/bin/env node
// The CLI is TypeScript (bin/cli.ts, generators/): tsx, a runtime dependency, loads it under plain `node`.
// `tsconfig: false` keeps the user's own tsconfig.json (the current folder) out of how the CLI is compiled.
import { register } from 'tsx/esm/api';

register({ tsconfig: false });
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
