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
import { checkWhole } from './faults.js'
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

/** A vitest or jest asymmetric matcher (`expect.any(String)`, `expect.arrayContaining([…])`). */
type Matcher = { asymmetricMatch(actual: unknown): boolean; sample?: unknown }
const isMatcher = (value: unknown): value is Matcher =>
  typeof (value as Partial<Matcher> | null)?.asymmetricMatch === 'function'

/** JSON, each matcher as it names itself. */
const shown = (value: unknown): string =>
  value === undefined
    ? 'missing'
    : isMatcher(value)
      ? `${String(value)}${value.sample === undefined ? '' : ` ${value.sample instanceof RegExp ? value.sample : shown(value.sample)}`}`
      : JSON.stringify(value, (key, each) => (key !== '' && isMatcher(each) ? shown(each) : each))

/** Whether `actual` is `expected` exactly, a matcher in it matching its place. */
function equal(actual: unknown, expected: unknown): boolean {
  if (isMatcher(expected)) return expected.asymmetricMatch(actual)
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) {
    return actual === expected
  }
  const keys = Object.keys(expected)
  if (Array.isArray(expected) !== Array.isArray(actual) || keys.length !== Object.keys(actual).length) return false
  return keys.every((key) =>
    equal((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]),
  )
}

/** Where `actual` does not hold `expected`, each as `<path> is <actual>, expected <expected>`. */
function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (isRecord(expected) && !isMatcher(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([key, value]) =>
      value === undefined ? [] : differences(actual[key], value, `${path}.${key}`),
    )
  }
  return equal(actual, expected) ? [] : [`${path} is ${shown(actual)}, expected ${shown(expected)}`]
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
    ...(status === undefined || entry.statusCode === Number(status)
      ? []
      : [`status is ${entry.statusCode}, expected ${status}`]),
    ...(params === undefined ? [] : differences(routeAt(entry.method, entry.path).params ?? {}, params, 'params')),
    ...(query === undefined ? [] : differences(parsedQuery(operation, entry.query), query, 'query')),
    ...(body === undefined ? [] : differences(entry.request.body, body, 'body')),
  ]
}

const PATTERN_KEYS = ['times', 'body', 'query', 'params', 'status']

/** How near a request of another operation came (lower is nearer): its path, then its method, a 404 first. */
function nearness(entry: JournalEntry, operation: Operation): number {
  if (routeAt(operation.method, entry.path).operation?.name === operation.name) return 0
  return (entry.method === operation.method ? 1 : 3) + (entry.operation === undefined ? 0 : 1)
}

const listed = (entry: JournalEntry, said: string) =>
  `  #${entry.seq} ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.statusCode}: ${said}`

/** `MockApi.verify`: nothing when the requests match, else an Error listing each and how it differs. */
export function verifyRequests(name: OperationName, pattern: VerifyPattern, journal: readonly JournalEntry[]): void {
  const unknown = Object.keys(pattern).filter((key) => !PATTERN_KEYS.includes(key))
  if (unknown.length > 0) {
    throw new TypeError(
      `api.verify('${name}'): unknown ${unknown.join(', ')}; a pattern has ${PATTERN_KEYS.join(', ')}`,
    )
  }
  const { times, ...fields } = pattern
  if (times !== undefined) checkWhole('verify times', times, 'requests', 0)
  const operation = endpoints[name] as Operation
  const own = journal.filter((entry) => entry.operation === name)
  const compared = own.map((entry) => ({ entry, differ: mismatches(entry, operation, fields) }))
  const matched = compared.filter(({ differ }) => differ.length === 0).length
  if (times === undefined ? matched > 0 : matched === times) return
  const wanted = Object.keys(fields).length === 0 ? '' : ` matching ${shown(fields)}`
  const count = times === undefined ? 'at least 1 request' : `${times} request${times === 1 ? '' : 's'}`
  const lines = compared.map(({ entry, differ }) => listed(entry, differ.length === 0 ? 'matches' : differ.join('; ')))
  const others = journal.filter((entry) => entry.operation !== name)
  const closest = others
    .map((entry) => ({ entry, near: nearness(entry, operation) }))
    .sort((one, other) => one.near - other.near || other.entry.seq - one.entry.seq)
    .slice(0, 3)
    .map(({ entry }) => listed(entry, entry.operation ?? 'no operation'))
  const listing =
    own.length === 0 ? `none of ${name} journaled` : `${own.length} of ${name} journaled:\n${lines.join('\n')}`
  const nearest = closest.length === 0 ? '' : `\nclosest of the ${others.length} other requests:\n${closest.join('\n')}`
  throw new Error(`api.verify('${name}'): expected ${count}${wanted}, ${matched} matched; ${listing}${nearest}`)
}
