/** One way a returned value broke its route's response contract: `title must be a string`, `tags.0.name is required`. */
export interface ContractFieldError {
  /** Dotted path in the body sent, `0.title` for the first item of an array. */
  field: string;
  message: string;
}

/**
 * `responseContract: 'validate'` (for a schema `type`, `'strip'` too): a handler returned a value that is not what its
 * `@ApiResponse({ type })` declares. Not an HttpError: `onError` gets it (with the route and the failing fields), and
 * the client a 500. A type only (the class stays out of the library's entry): tell it by its `name`.
 */
export interface ResponseContractError extends Error {
  readonly name: 'ResponseContractError';
  /** `GET /api/posts/:id (PostsController.findOne)`. */
  readonly route: string;
  /** The declared DTO class's name; for a schema its name, else `a zod schema`. */
  readonly dto: string;
  /** Each way the value broke the contract. */
  readonly errors: ContractFieldError[];
}

/** The class behind {@link ResponseContractError}, made by the contract chunks only. */
export class ResponseContractMismatch extends Error implements ResponseContractError {
  override readonly name = 'ResponseContractError';
  constructor(
    readonly route: string,
    readonly dto: string,
    readonly errors: ContractFieldError[],
  ) {
    super(`${route} returned a value that is not a valid ${dto}: ${errors.map((error) => error.message).join('; ')}`);
  }
}
