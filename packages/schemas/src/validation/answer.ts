import type * as z from 'zod/mini'
import { exactErrorEnvelope, session } from '../answers/pairs.js'
import { endpoints } from '../contract/endpoints.js'
import type { Operation } from '../contract/operation.js'
import type { OperationName } from '../contract/routes.js'
import { ERRORS, errorEnvelope, type KnownErrorCode } from '../errors.js'
import { fieldPath, ISSUE_WORDING } from '../format-issues.js'
import { NOT_JSON } from '../json-text.js'
import { KNOWN_KINDS, KNOWN_STATUSES } from '../known-values.js'
import { NOT_FOUND_MESSAGES } from '../not-found.js'
import {
  type Context,
  type Departure,
  type DepartureRule,
  recordedBody,
  schemaDepartures,
  shown,
  UNKNOWN_ROUTE,
  walkObjects,
} from './departure.js'

/** Headers as fetch (`Headers`) or node:http (`IncomingHttpHeaders`) gives them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>

/** An answer to check (see {@link validateAnswer}), its body parsed (`body`) or as received (`text`). */
export interface RecordedAnswer {
  /** The operation; `undefined` for a method and path the contract does not have. */
  operation: OperationName | undefined
  status: number
  headers?: HeaderSource
  /** The parsed JSON body; takes precedence over `text`. */
  body?: unknown
  /** The body as received, e.g. an HTML error page. */
  text?: string
}

const ENVELOPE = '{error: {status, code, message}}'

// A departure that only the exact contract sees, `actual` shown as a value.
function informational(
  context: Context,
  path: string,
  rule: DepartureRule,
  detail: string,
  expected: string,
  actual: unknown,
): Departure {
  return { ...context, path, rule, detail, expected, actual: shown(actual), severity: 'informational' }
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const value = (headers as Record<string, string | string[] | undefined>)[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function headerDepartures(answer: RecordedAnswer, context: Context): Departure[] {
  const { headers } = answer
  if (!headers) return []
  const departures: Departure[] = []
  const wrong = (name: string, expected: string, actual: string | undefined) =>
    departures.push(
      informational(context, `(headers).${name}`, 'header', 'is not the contract’s header', expected, actual),
    )
  const type = header(headers, 'content-type')
  const hasBody = answer.body !== undefined || (answer.text ?? '') !== ''
  if (hasBody && !type?.toLowerCase().startsWith('application/json')) wrong('content-type', 'application/json', type)
  const challenge = header(headers, 'www-authenticate')
  if (answer.status === 401 && !/^bearer\b/i.test(challenge ?? '')) wrong('www-authenticate', 'Bearer (D2)', challenge)
  return departures
}

function statusDeparture(operation: Operation | undefined, status: number, context: Context): Departure[] {
  const documented = operation ? [operation.status, ...operation.errors, ...operation.decidedErrors] : [401, 404]
  if (documented.includes(status)) return []
  const success = status >= 200 && status < 300
  const detail = success ? 'is a success status other than the documented one' : 'is not documented for this operation'
  return [informational(context, '(status)', 'status', detail, documented.join(', '), status)]
}

function bodyDepartures(
  operation: Operation | undefined,
  status: number,
  body: unknown,
  context: Context,
): Departure[] {
  const success = status >= 200 && status < 300
  if (body === NOT_JSON) {
    // The SDK reads every body as JSON: an error answer that is not still becomes an ApiError.
    const detail = success ? 'is not JSON; the SDK cannot read it' : 'is not JSON; the SDK reports code "unknown"'
    return [
      {
        ...context,
        path: success ? 'body' : 'error',
        rule: success ? 'not-json' : 'error-envelope',
        detail,
        expected: success ? 'a JSON body' : ENVELOPE,
        severity: success ? 'breaking' : 'informational',
      },
    ]
  }
  if (!success) return errorDepartures(body, context)
  return operation ? successDepartures(operation.answer, body, context) : []
}

/**
 * Where one answer departs from the contract: `breaking` when the tolerant schemas reject it (the SDK
 * would fail), `informational` when it only differs from the mock (unknown fields or values, other
 * statuses, envelopes or messages than SPEC §7's). `null` for an optional field counts as absent.
 * None: an answer the mock could have given.
 *
 * @example
 * ```ts
 * import { validateAnswer } from '@session-library/schemas'
 * const response = await fetch('http://127.0.0.1:4777/api/v1/health', { headers: { Authorization: 'Bearer secret' } })
 * const departures = validateAnswer({
 *   operation: 'health.get',
 *   status: response.status,
 *   headers: response.headers,
 *   text: await response.text(),
 * })
 * for (const departure of departures) console.log(departure.severity, departure.path, departure.detail)
 * ```
 */
export function validateAnswer(answer: RecordedAnswer): Departure[] {
  const operation = answer.operation === undefined ? undefined : endpoints[answer.operation]
  const context: Context = { operation: answer.operation ?? UNKNOWN_ROUTE, direction: 'answer', status: answer.status }
  return [
    ...statusDeparture(operation, answer.status, context),
    ...headerDepartures(answer, context),
    ...bodyDepartures(operation, answer.status, recordedBody(answer), context),
  ]
}

function consistency(error: { status: number; code: string; message: string }, context: Context): Departure[] {
  const status = context.status ?? 0
  const departures: Departure[] = []
  const mismatch = (path: string, detail: string, expected: string, actual: unknown) =>
    departures.push(informational(context, path, 'error-status', detail, expected, actual))
  if (error.status !== status) mismatch('error.status', 'does not repeat the HTTP status', `${status}`, error.status)
  if (!Object.hasOwn(ERRORS, error.code)) return departures
  const code = error.code as KnownErrorCode
  const known = ERRORS[code]
  if (known.status !== status) mismatch('error.code', `answers ${known.status}, not ${status}`, `${known.status}`, code)
  // invalid_json's message names the field and its rule: no one text.
  const messages: readonly string[] = code === 'not_found' ? Object.values(NOT_FOUND_MESSAGES) : [known.message]
  if (code !== 'invalid_json' && !messages.includes(error.message)) {
    const expected = messages.map((message) => shown(message)).join(' | ')
    departures.push(
      informational(context, 'error.message', 'error-message', 'is not the text of SPEC §7', expected, error.message),
    )
  }
  return departures
}

function errorDepartures(body: unknown, context: Context): Departure[] {
  const tolerant = errorEnvelope.safeParse(body)
  if (!tolerant.success) {
    const detail = 'is not the error envelope; the SDK reports code "unknown"'
    return [informational(context, 'error', 'error-envelope', detail, ENVELOPE, body)]
  }
  const departures = schemaDepartures(exactErrorEnvelope, body, { severity: 'informational', context })
  return [...departures, ...consistency(tolerant.data.error, context)]
}

// Open strings (D5) whose known values the SDK suggests: another value is worth knowing, nothing more.
const KNOWN_VALUES: Record<string, readonly string[]> = { kind: KNOWN_KINDS, status: KNOWN_STATUSES }

function unknownValues(schema: z.ZodMiniType, body: unknown, context: Context, reported: Set<string>): Departure[] {
  const departures: Departure[] = []
  walkObjects(schema, body, (objectSchema, object, path) => {
    if (objectSchema !== session.exact) return
    for (const [key, known] of Object.entries(KNOWN_VALUES)) {
      const value = object[key]
      const where = fieldPath([...path, key], '')
      if (typeof value !== 'string' || known.includes(value) || reported.has(where)) continue
      departures.push(
        informational(context, where, 'unknown-value', ISSUE_WORDING.unknownValue, known.join(' | '), value),
      )
    }
  })
  return departures
}

// A field the tolerant schema rejects (breaking) is not reported again by the exact one.
function successDepartures(
  answer: { tolerant: z.ZodMiniType; exact: z.ZodMiniType },
  body: unknown,
  context: Context,
): Departure[] {
  const departures = schemaDepartures(answer.tolerant, body, { severity: 'breaking', context })
  const reported = new Set(departures.map((departure) => departure.path))
  for (const departure of schemaDepartures(answer.exact, body, { severity: 'informational', context })) {
    if (reported.has(departure.path)) continue
    reported.add(departure.path)
    departures.push(departure)
  }
  return [...departures, ...unknownValues(answer.exact, body, context, reported)]
}
