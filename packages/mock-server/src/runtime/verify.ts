import {
  type BodyOf,
  endpoints,
  isRecord,
  type Operation,
  type OperationName,
  type ParamsOf,
  type QueryOf,
  queryInput,
  type ReadonlyInput,
} from '@session-library/schemas'
import type { JournalEntry } from './journal.js'
import { routeAt } from './operation-names.js'

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [Key in keyof T]?: DeepPartial<T[Key]> }
    : T

/** What `MockApi.verify` expects: each field given must match (bodies and queries hold it, arrays whole). */
export interface VerifyPattern<Name extends OperationName = OperationName> {
  times?: number
  body?: DeepPartial<ReadonlyInput<BodyOf<Name>>>
  query?: DeepPartial<ReadonlyInput<QueryOf<Name>>>
  params?: Partial<ParamsOf<Name>>
  /** The answer's status (0: a dropped connection). */
  status?: number
}

const shown = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value))

/** Where `actual` does not hold `expected`, each as `<path> is <actual>, expected <expected>`. */
function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (isRecord(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([key, value]) =>
      value === undefined ? [] : differences(actual[key], value, `${path}.${key}`),
    )
  }
  return JSON.stringify(actual) === JSON.stringify(expected)
    ? []
    : [`${path} is ${shown(actual)}, expected ${shown(expected)}`]
}

/** The request's query as the operation reads it, or as sent when it does not parse. */
function parsedQuery(operation: Operation, query: string): unknown {
  const input = queryInput(new URLSearchParams(query))
  const parsed = operation.query?.safeParse(input)
  return parsed?.success ? parsed.data : input
}

/** How one journaled request differs from the pattern (none: it matches). */
function mismatches(entry: JournalEntry, operation: Operation, pattern: VerifyPattern): string[] {
  const { body, query, params, status } = pattern
  return [
    ...(status === undefined || entry.statusCode === status
      ? []
      : [`status is ${entry.statusCode}, expected ${status}`]),
    ...(params === undefined ? [] : differences(routeAt(entry.method, entry.path).params ?? {}, params, 'params')),
    ...(query === undefined ? [] : differences(parsedQuery(operation, entry.query), query, 'query')),
    ...(body === undefined ? [] : differences(entry.request.body, body, 'body')),
  ]
}

/** The `times` of `api.verify` or `api.override`, or a TypeError: a whole number of requests, at least `least`. */
export function checkTimes(what: 'verify' | 'override', times: number, least: 0 | 1): void {
  if (Number.isSafeInteger(times) && times >= least) return
  throw new TypeError(`invalid ${what} times: ${String(times)}; expected a whole number of requests, at least ${least}`)
}

/** `MockApi.verify`: nothing when the requests match, else an Error listing each and how it differs. */
export function verifyRequests(name: OperationName, pattern: VerifyPattern, journal: readonly JournalEntry[]): void {
  const { times, ...fields } = pattern
  if (times !== undefined) checkTimes('verify', times, 0)
  const operation = endpoints[name] as Operation
  const own = journal.filter((entry) => entry.operation === name)
  const compared = own.map((entry) => ({ entry, differ: mismatches(entry, operation, fields) }))
  const matched = compared.filter(({ differ }) => differ.length === 0).length
  if (times === undefined ? matched > 0 : matched === times) return
  const wanted = Object.keys(fields).length === 0 ? '' : ` matching ${JSON.stringify(fields)}`
  const count = times === undefined ? 'at least 1 request' : `${times} request${times === 1 ? '' : 's'}`
  const lines = compared.map(({ entry, differ }) => {
    const target = `#${entry.seq} ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.statusCode}`
    return `  ${target}: ${differ.length === 0 ? 'matches' : differ.join('; ')}`
  })
  const others = journal.length - own.length
  const listed =
    own.length === 0
      ? `none of ${name} journaled${others > 0 ? ` (${others} of other operations)` : ''}`
      : `${own.length} of ${name} journaled:\n${lines.join('\n')}`
  throw new Error(`api.verify('${name}'): expected ${count}${wanted}, ${matched} matched; ${listed}`)
}
