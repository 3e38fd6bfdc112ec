import { createApplication } from 'next-app-controllers';

export const app = createApplication({
  controllers: [],
  // Request bodies keep only the fields their DTO declares; any other field is a 422 naming it.
  validation: { whitelist: true, forbidNonWhitelisted: true },
});
