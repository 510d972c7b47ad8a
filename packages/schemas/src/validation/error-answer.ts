import { exactErrorEnvelope } from '../answers/exact.js'
import { ERRORS, errorEnvelope, type KnownErrorCode } from '../errors.js'
import { NOT_FOUND_MESSAGES } from '../not-found.js'
import type { Departure } from './departure.js'
import { type Context, issueDepartures, shown } from './issue-departures.js'

const ENVELOPE = '{error: {status, code, message}}'

/** SPEC §7's texts for a code; `undefined` where any text is right (D4: 400s name the field). */
function standardMessages(code: KnownErrorCode): readonly string[] | undefined {
  if (code === 'invalid_json') return undefined
  return code === 'not_found' ? Object.values(NOT_FOUND_MESSAGES) : [ERRORS[code].message]
}

const isKnown = (code: string): code is KnownErrorCode => Object.hasOwn(ERRORS, code)

function consistency(error: { status: number; code: string; message: string }, context: Context): Departure[] {
  const status = context.status ?? 0
  const departures: Departure[] = []
  const mismatch = (path: string, detail: string, expected: string, actual: unknown) =>
    departures.push({
      ...context,
      path,
      rule: 'error-status',
      detail,
      expected,
      actual: shown(actual),
      severity: 'informational',
    })
  if (error.status !== status) mismatch('error.status', 'does not repeat the HTTP status', `${status}`, error.status)
  if (!isKnown(error.code)) return departures
  const known = ERRORS[error.code]
  if (known.status !== status)
    mismatch('error.code', `answers ${known.status}, not ${status}`, `${known.status}`, error.code)
  const messages = standardMessages(error.code)
  if (messages && !messages.includes(error.message)) {
    departures.push({
      ...context,
      path: 'error.message',
      rule: 'error-message',
      detail: 'is not the text of SPEC §7',
      expected: messages.map((message) => shown(message)).join(' | '),
      actual: shown(error.message),
      severity: 'informational',
    })
  }
  return departures
}

/**
 * The departures of an error answer's body: any body the SDK cannot read as the envelope is
 * informational (it still throws an `ApiError`, with code `unknown`); so are unknown codes and
 * fields, a `status` or `code` that does not match the HTTP status, and messages other than SPEC
 * §7's.
 */
export function errorDepartures(body: unknown, context: Context): Departure[] {
  const tolerant = errorEnvelope.safeParse(body)
  if (!tolerant.success) {
    return [
      {
        ...context,
        path: 'error',
        rule: 'error-envelope',
        detail: 'is not the error envelope; the SDK reports code "unknown"',
        expected: ENVELOPE,
        actual: shown(body),
        severity: 'informational',
      },
    ]
  }
  const strict = exactErrorEnvelope.safeParse(body)
  const departures = strict.success
    ? []
    : issueDepartures(strict.error.issues, {
        root: body,
        schema: exactErrorEnvelope,
        prefix: '',
        severity: 'informational',
        context,
      })
  return [...departures, ...consistency(tolerant.data.error, context)]
}
