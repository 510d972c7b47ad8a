/**
 * How much a departure from the contract matters: `breaking` when the SDK would fail on it (the
 * contract's tolerant schemas reject it, or, for a request, the mock would refuse it with a 400);
 * `informational` when it only differs from what the mock answers (the exact contract).
 */
export type Severity = 'breaking' | 'informational'

/**
 * The rule a departure breaks, as a stable name a tool can filter on.
 *
 * | rule             | meaning                                                                 |
 * |------------------|-------------------------------------------------------------------------|
 * | `not-json`       | a body that must be JSON is not                                         |
 * | `wrong-type`     | a field of the wrong type (e.g. a number sent as a string)              |
 * | `missing-field`  | a field the contract lists is absent                                    |
 * | `null-field`     | `null` where the contract has no value (the SDK reads it as absent)     |
 * | `unknown-field`  | a field the contract does not list                                      |
 * | `unknown-value`  | a value outside the known ones (kind, status, mode, error code…)        |
 * | `constraint`     | a rule beyond the type (a format, a range, a length)                    |
 * | `status`         | an HTTP status the contract does not document for the operation         |
 * | `error-envelope` | an error body other than `{error: {status, code, message}}`             |
 * | `error-status`   | an error whose `status` or `code` does not match the HTTP status        |
 * | `error-message`  | a standard error whose message is not SPEC §7's text                    |
 * | `header`         | a header other than the contract's (Content-Type, WWW-Authenticate)     |
 * | `transport`      | no answer at all: the server is down, too slow, or dropped the connection |
 * | `behaviour`      | an answer that does not do what DECISIONS says (paging D9, order D10, filters D11) |
 */
export type DepartureRule =
  | 'not-json'
  | 'wrong-type'
  | 'missing-field'
  | 'null-field'
  | 'unknown-field'
  | 'unknown-value'
  | 'constraint'
  | 'status'
  | 'error-envelope'
  | 'error-status'
  | 'error-message'
  | 'header'
  | 'transport'
  | 'behaviour'

/** One place where a request or an answer departs from the contract. */
export interface Departure {
  /** The operation's name, or {@link UNKNOWN_ROUTE} for a path and method the contract lacks. */
  operation: string
  direction: 'request' | 'answer'
  /** The HTTP status of the answer, when there was one. */
  status?: number
  /** Where, as a field path (`data[3].kind`, `body.title`, `query.limit`), or `(headers)`, `(status)`. */
  path: string
  rule: DepartureRule
  /** What is wrong, in words. */
  detail: string
  expected?: string
  actual?: string
  severity: Severity
}

/** The `operation` of a departure on a method and path that is no operation of the contract. */
export const UNKNOWN_ROUTE = '(unknown route)'

/**
 * A departure as one line of text, for a log: severity, operation, status, path, rule, detail,
 * expected and actual.
 */
export function formatDeparture(departure: Departure): string {
  const { severity, operation, status, direction, path, rule, detail, expected, actual } = departure
  const wanted = [expected !== undefined && `expected ${expected}`, actual !== undefined && `got ${actual}`]
  const facts = wanted.filter(Boolean).join(', ')
  const where = [severity, operation, status ?? '-', direction, path].join(' ')
  return `${where} ${rule}: ${detail}${facts ? ` (${facts})` : ''}`
}

/**
 * The departure of a request that got no answer at all (the server is down, too slow, or dropped
 * the connection): breaking, as the SDK gets nothing to read.
 */
export function transportDeparture(operation: string, detail: string): Departure {
  return { operation, direction: 'answer', path: '(connection)', rule: 'transport', detail, severity: 'breaking' }
}
