import { betterAuth } from 'better-auth';
import { memoryAdapter } from 'better-auth/adapters/memory';

// Better Auth's own configuration: your database adapter (Drizzle, Prisma, Kysely…); the memory one keeps this short.
export const auth = betterAuth({
  database: memoryAdapter({}),
  emailAndPassword: { enabled: true },
});
