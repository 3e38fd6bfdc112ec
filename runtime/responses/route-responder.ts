import type { RouteContext } from '../core/context';
import { bytesResponse, isBinaryBody } from './bytes';
import type { Responder } from './serialize';

/** Answers an error of a request (the application's error handler). */
type ErrorAnswer = (error: unknown, context: RouteContext) => Response | Promise<Response>;

/** Turns what one route's method returned into its Response. */
export type RouteResponder = (value: unknown, context: RouteContext) => Response | Promise<Response>;

interface RouteResponse {
  httpCode?: number;
  sse?: { keepAlive: number };
  produces?: string;
}

// Server-Sent Events load with the first request of an @Sse route: importing the library stays small.
let sse: Promise<typeof import('./sse')> | undefined;

/**
 * An @Sse route sends its AsyncIterable as events (`./sse`); any other sends bytes (a Blob, File, ReadableStream,
 * typed array or ArrayBuffer) as they are, a string under `@Produces` as that media type, and values through `respond`.
 */
export function routeResponder({ httpCode, sse: events, produces }: RouteResponse, respond: Responder, fail: ErrorAnswer): RouteResponder {
  if (events) {
    return async (value, context) => (await (sse ??= import('./sse'))).sseResponse(value, context, events.keepAlive, fail);
  }
  if (httpCode === undefined && produces === undefined) return plainResponder(respond);
  return (value, context) => {
    if (isBinaryBody(value)) return bytesResponse(value, httpCode, produces);
    if (produces !== undefined && typeof value === 'string') {
      return new Response(value, { status: httpCode ?? 200, headers: { 'content-type': produces } });
    }
    return respond(value, httpCode);
  };
}

// Most routes have neither @HttpCode nor @Produces: they share one responder per `respond` (an application has one,
// or one per response contract), not a closure each held for the application's life.
const plainResponders = new WeakMap<Responder, RouteResponder>();

function plainResponder(respond: Responder): RouteResponder {
  let responder = plainResponders.get(respond);
  if (!responder) {
    responder = (value) => (isBinaryBody(value) ? bytesResponse(value) : respond(value));
    plainResponders.set(respond, responder);
  }
  return responder;
}
