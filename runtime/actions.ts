import type { ActionSlot } from './dispatch/action-hook';
import { ActionInputError, actionRequest, type ActionCall } from './actions/request';
import { actionResult, failure } from './actions/result';
import type { ActionApplication, ActionCallOptions, ActionData, ActionInput, ActionResult, RouteAction, RouteMethodName } from './actions/types';
import type { Class } from './types';

export type { ActionApplication, ActionCallOptions, ActionData, ActionFailure, ActionInput, ActionResult, ActionSuccess, RouteAction, RouteMethodName, Serialized } from './actions/types';

// The slot the dispatcher fills for an action's request (dispatch/action-hook.ts's ACTION_SLOT, the same registered
// symbol): read without importing the dispatcher's chunk.
const ACTION_SLOT = Symbol.for('next-app-controllers.action');

/**
 * A controller's route as a Server Action: `export const createTask = action(app, TasksController, 'create')` in a
 * `'use server'` module. Each call makes the request the route would get over HTTP (its method and path, the incoming
 * request's headers and cookies through `next/headers`, the input as its `@Body` or `@Form` reads it) and runs it
 * through the application's own pipeline in this process: auth schemes, rate limits, `@Idempotent` with a key,
 * validation, the handler, the response contract, the request id, the span and the log line. It resolves to `{ ok:
 * true, data }` (the route's body, parsed) or `{ ok: false, status, message, requestId, fieldErrors, formErrors }`;
 * Next's `redirect()`, `notFound()`, `forbidden()` and `unauthorized()` in the handler are thrown on to Next.
 */
export function action<C extends Class, K extends RouteMethodName<C>>(
  app: ActionApplication,
  controller: C,
  method: K,
): RouteAction<ActionInput<InstanceType<C>[K]>, ActionData<InstanceType<C>[K]>> {
  const name = `${controller?.name ?? String(controller)}.${String(method)}`;
  if (!app || !Array.isArray(app.routes) || typeof app.handle !== 'function') {
    throw new TypeError(`action(app, ${name}): app must be the application createApplication() returned.`);
  }
  const definition = app.routes.find((route) => route.controller === controller && route.propertyKey === method);
  if (!definition) {
    throw new TypeError(`action(app, ${controller?.name}, '${String(method)}'): ${name} is not a route of this application. Is ${controller?.name} in createApplication({ controllers }), and is ${String(method)} decorated with @Post, @Put, @Patch, @Delete or @Get?`);
  }
  if (definition.sse || definition.webhook) {
    throw new TypeError(`action(app, ${controller.name}, '${method}'): an ${definition.sse ? '@Sse' : '@Webhook'} route cannot be a Server Action.`);
  }
  // An async function: a 'use server' module may export nothing else.
  async function routeAction(...args: unknown[]): Promise<ActionResult<unknown>> {
    const call: ActionCall =
      args[0] instanceof FormData ? { form: args[0] } : args[1] instanceof FormData ? { form: args[1] } : { input: args[0], options: args[1] as ActionCallOptions | undefined };
    let request: Request;
    try {
      request = await actionRequest(app, definition!, name, call);
    } catch (error) {
      if (error instanceof ActionInputError) return failure(error.status, error.message, '');
      throw error;
    }
    const slot: ActionSlot = {};
    (request as Request & Record<symbol, ActionSlot>)[ACTION_SLOT] = slot;
    return actionResult(await app.handle(request), slot);
  }
  return routeAction as RouteAction<ActionInput<InstanceType<C>[K]>, ActionData<InstanceType<C>[K]>>;
}

/** A field's first message in an action's result (`fieldError(state, 'address.city')`), for a form; none for `null`. */
export function fieldError(result: ActionResult<unknown> | null | undefined, field: string): string | undefined {
  return result && !result.ok ? result.fieldErrors[field]?.[0] : undefined;
}
