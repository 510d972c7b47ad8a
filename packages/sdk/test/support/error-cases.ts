import * as sdk from '../../src/index.js'

/** SPEC §7: each error status the API answers, a code and message it answers with, and the class the SDK raises. */
export const ERROR_CASES = [
  [400, 'invalid_json', 'title: must be a non-empty string', sdk.BadRequestError],
  [401, 'unauthorized', 'Provide Authorization: Bearer <token>.', sdk.UnauthorizedError],
  [403, 'read_only', 'Enable Full Automation to perform this action.', sdk.ForbiddenError],
  [404, 'not_found', 'session not found', sdk.NotFoundError],
  [413, 'payload_too_large', 'Request body must be at most 1 MiB.', sdk.PayloadTooLargeError],
  [429, 'slow_down', 'Too many requests.', sdk.RateLimitError],
  [501, 'waveform_unavailable', 'Waveform service is unavailable.', sdk.NotImplementedError],
  [500, 'internal_error', 'Internal server error.', sdk.ServerError],
] as const
