#!/usr/bin/env node
// The pages the docs build generates before `next build` (gitignored): nothing yet.
