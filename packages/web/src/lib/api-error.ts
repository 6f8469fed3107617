/** How a call wants its failures treated (spec §8); the api client copies these onto every ApiError. */
export interface ApiCallOptions {
  /**
   * A 401 answers the caller's question (the session probe, sign-in itself) instead of meaning
   * "the session was lost": no toast, no redirect.
   */
  ignoreAuth?: boolean;
  /**
   * The call acts inside a service's data layer, where a 403 means the service authorization expired
   * (spec §8: toast, clear the current service, go to login). Console calls leave this off: their 403
   * is a permission refusal and the server's own message is shown.
   */
  serviceScoped?: boolean;
  /** The service a service-scoped call acts on: where a 403 sends the user to log in again. */
  serviceId?: string;
}

/** A failed API call: status is null when no response arrived (network failure, aborted). */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  readonly call: ApiCallOptions;

  constructor(status: number | null, body: unknown, call: ApiCallOptions, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.call = call;
  }
}

/** A success response whose body does not match the contract schema. */
export class ResponseValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseValidationError';
  }
}
