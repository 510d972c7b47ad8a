import * as z from 'zod/mini'
import type { OpenString } from './known-values.js'
import { lazy } from './lazy.js'

/** Every error code the API answers, with its status and message: SPEC §7's, then DECISIONS D4's, D19's, D20's. */
export const ERRORS = {
  invalid_json: { status: 400, message: 'Request body must be valid JSON.' },
  invalid_host: { status: 400, message: 'Host header must be a host name or address, with an optional port.' },
  unauthorized: { status: 401, message: 'Provide Authorization: Bearer <token>.' },
  read_only: { status: 403, message: 'Enable Full Automation to perform this action.' },
  forbidden_host: { status: 403, message: 'Host is not allowed.' },
  not_found: { status: 404, message: 'session not found' },
  request_timeout: { status: 408, message: 'Request took too long to arrive.' },
  payload_too_large: { status: 413, message: 'Request body must be at most 1 MiB.' },
  headers_too_large: { status: 431, message: 'Request head is too large.' },
  internal_error: { status: 500, message: 'Internal server error.' },
  waveform_notes_unavailable: { status: 501, message: 'Waveform notes service is unavailable.' },
  waveform_unavailable: { status: 501, message: 'Waveform service is unavailable.' },
  import_unavailable: { status: 501, message: 'Import service is unavailable.' },
  storage_unavailable: { status: 503, message: 'The change could not be saved; nothing was changed.' },
} as const

/** An error code the API is known to answer. */
export type KnownErrorCode = keyof typeof ERRORS

/** The error envelope as a client reads it: unknown codes and extra fields pass (SPEC §7, DECISIONS preamble). */
export const errorEnvelope = lazy(() =>
  z.looseObject({
    error: z.looseObject({
      status: z.number(),
      code: z.string() as z.ZodMiniType<OpenString<KnownErrorCode>>,
      message: z.string(),
    }),
  }),
)

/** The error envelope's type. */
export type ErrorEnvelope = z.infer<typeof errorEnvelope>
