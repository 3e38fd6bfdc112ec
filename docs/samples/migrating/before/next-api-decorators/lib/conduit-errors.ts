import type { NextApiRequest, NextApiResponse } from 'next';
import { HttpException } from 'next-api-decorators';

/** For @Catch: every error as `{ "errors": { "body": ["…"] } }`; ValidationPipe's 400 carries its messages in `errors`. */
export function conduitErrors(error: unknown, _req: NextApiRequest, res: NextApiResponse) {
  if (error instanceof HttpException) {
    res.status(error.statusCode).json({ errors: { body: error.errors ?? [error.message] } });
    return;
  }
  console.error(error);
  res.status(500).json({ errors: { body: ['Internal Server Error'] } });
}
