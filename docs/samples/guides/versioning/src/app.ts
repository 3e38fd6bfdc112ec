import { createApplication } from 'next-app-controllers';
import { ArticlesV1Controller, ArticlesV2Controller, HealthController } from './features/articles/controller';

// #region app
export const app = createApplication({
  // Version 2's controller first: its /count (versions 1 and 2) is then declared before version 1's /:id.
  controllers: [ArticlesV2Controller, ArticlesV1Controller, HealthController],
  versioning: { type: 'uri' }, // GET /api/v1/articles, GET /api/v2/articles
});
// #endregion app
