// Only the dispatcher (a chunk) answers HEAD: kept out of core/response.ts, which importing the library loads.
/** The same response without a body, for HEAD. */
export function withoutBody(response: Response): Response {
  if (response.body === null) return response;
  void response.body.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
