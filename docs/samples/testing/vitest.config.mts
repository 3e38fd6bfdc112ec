import { defineConfig } from 'vitest/config';

// Vitest 4 on Vite 8 compiles TypeScript with Oxc, which reads `experimentalDecorators` and `emitDecoratorMetadata`
// from the tsconfig.json nearest to each file: decorators and their `design:type` metadata work with no plugin.
export default defineConfig({
  // `@/app` and the other `@/*` imports, from the tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['**/*.vitest.test.ts'],
  },
});
