import { createApplication } from 'next-app-controllers';

export const app = createApplication({
  controllers: [],
  // For class-validator DTOs: a field the DTO does not declare is a 422 naming it. Zod, Valibot and ArkType
  // schemas decide for themselves (a z.object drops unknown keys, a z.strictObject answers a 422).
  validation: { whitelist: true, forbidNonWhitelisted: true },
});
