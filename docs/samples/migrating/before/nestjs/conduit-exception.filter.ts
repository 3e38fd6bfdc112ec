import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';

interface JsonResponse {
  status(code: number): { json(body: unknown): void };
}

/** Every HttpException as `{ "errors": { "body": ["…"] } }`; ValidationPipe's 400 carries its messages as an array. */
@Catch(HttpException)
export class ConduitExceptionFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    const answer = exception.getResponse();
    const message = typeof answer === 'object' && answer !== null && 'message' in answer ? answer.message : exception.message;
    host
      .switchToHttp()
      .getResponse<JsonResponse>()
      .status(exception.getStatus())
      .json({ errors: { body: Array.isArray(message) ? message : [message] } });
  }
}
