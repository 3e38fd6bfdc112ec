import { createApplication, type ResponseContractError } from 'next-app-controllers';
import { PostsController } from './contract';
import { UsersController } from './serialisation';

// #region options
export const app = createApplication({
  controllers: [PostsController, UsersController],
  // class-transformer options for every instanceToPlain call; `false` sends everything through JSON.stringify
  serialize: { groups: ['admin'] },
  // 'strip' (the default), 'validate' (also validate what is sent: for tests and development) or 'off'
  responseContract: process.env.NODE_ENV === 'production' ? 'strip' : 'validate',
  onError(error) {
    if (error instanceof Error && error.name === 'ResponseContractError') {
      const { route, dto, errors } = error as ResponseContractError;
      console.error(`${route} sent a value that is not a valid ${dto}`, errors); // the client gets a 500
    } else {
      console.error(error); // what onError does by default
    }
  },
});
// #endregion options
