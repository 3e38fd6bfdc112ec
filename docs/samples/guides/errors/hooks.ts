import { Controller, Get, HttpError, createApplication } from 'next-app-controllers';

@Controller('/reports')
class ReportsController {
  @Get('/:id')
  findOne() {
    throw new HttpError(503, 'Reports are being rebuilt', { headers: { 'retry-after': '120' }, details: { retryAfter: 120 } });
  }
}

declare const errorTracker: { capture(error: unknown, context: { url: string }): void };

// #region hooks
export const app = createApplication({
  controllers: [ReportsController],
  // Every error answer: the HttpError (status, message, headers, errors, details, cause) and the RouteContext.
  formatError: (error, context) => ({
    error: { status: error.status, message: error.message, path: new URL(context.request.url).pathname, ...error.details },
  }), // sent as JSON with error.status and error.headers; return a Response to choose everything
  // Only unexpected errors: a throw that is not an HttpError, and a formatError that threw.
  onError: (error, request) => {
    errorTracker.capture(error, { url: request.url });
    console.error(error); // onError replaces the default console.error
    // return a Response here to send it instead of the 500
  },
});
// #endregion hooks
