import { controllers } from './controllers';
// #region app
import { createApplication, problemDetails } from 'next-app-controllers';

export const app = createApplication({ controllers, formatError: problemDetails });
// #endregion app
