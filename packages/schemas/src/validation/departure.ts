import type * as z from 'zod/mini'
import { fieldPath, ISSUE_WORDING } from '../format-issues.js'
import { parseJsonText } from '../json-text.js'

/**
 * How much a departure matters: `breaking` when the SDK would fail on it (or the mock refuse the
 * request with a 400); `informational` when it only differs from what the mock answers.
 */
export type Severity = 'breaking' | 'informational'

/** Each rule a departure can break, by its stable name (a tool can filter on it), with what it means. */
export const DEPARTURE_RULES = {
  'not-json': 'a body that must be JSON is not',
  'wrong-type': 'a field of the wrong type (e.g. a number sent as a string)',
  'missing-field': 'a field the contract lists is absent',
  'null-field': '`null` where the contract has no value (the SDK reads it as absent)',
  'unknown-field': 'a field the contract does not list',
  'unknown-value': 'a value outside the known ones (kind, status, mode, error code…)',
  constraint: 'a rule beyond the type (a format, a range, a length)',
  status: 'an HTTP status the contract does not document for the operation',
  'error-envelope': 'an error body other than `{error: {status, code, message}}`',
  'error-status': 'an error whose `status` or `code` does not match the HTTP status',
  'error-message': "a standard error whose message is not SPEC §7's text",
  header: "a header other than the contract's (Content-Type, WWW-Authenticate)",
  transport: 'no answer at all: the server is down, too slow, or dropped the connection',
  behaviour: 'an answer that does not do what DECISIONS says (paging D9, order D10, filters D11)',
} as const

/** The rule a departure breaks: a key of {@link DEPARTURE_RULES}. */
export type DepartureRule = keyof typeof DEPARTURE_RULES

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

/** A departure as one line of text, for a log. */
export function formatDeparture(departure: Departure): string {
  const { severity, operation, status, direction, path, rule, detail, expected, actual } = departure
  const wanted = [expected !== undefined && `expected ${expected}`, actual !== undefined && `got ${actual}`]
  const facts = wanted.filter(Boolean).join(', ')
  const where = [severity, operation, status ?? '-', direction, path].join(' ')
  return `${where} ${rule}: ${detail}${facts ? ` (${facts})` : ''}`
}

/** The departure of a request that got no answer at all: breaking, as the SDK gets nothing to read. */
export function transportDeparture(operation: string, detail: string): Departure {
  return { operation, direction: 'answer', path: '(connection)', rule: 'transport', detail, severity: 'breaking' }
}

export type Context = Pick<Departure, 'operation' | 'direction' | 'status'>

export function recordedBody(recorded: { body?: unknown; text?: string }): unknown {
  return recorded.body !== undefined || recorded.text === undefined ? recorded.body : parseJsonText(recorded.text)
}

const MAX_SHOWN = 60

export function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text
}

function ruleOf(issue: z.core.$ZodIssue, value: unknown): DepartureRule {
  if (value === undefined) return 'missing-field'
  if (value === null) return 'null-field'
  if (issue.code === 'invalid_type') return 'wrong-type'
  return issue.code === 'invalid_value' ? 'unknown-value' : 'constraint'
}

const DETAILS: Partial<Record<DepartureRule, string>> = {
  'missing-field': ISSUE_WORDING.missing,
  'null-field': ISSUE_WORDING.null,
  'wrong-type': ISSUE_WORDING.wrongType,
  'unknown-value': ISSUE_WORDING.unknownValue,
}

function expectedOf(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'invalid_type') return issue.expected
  if (issue.code === 'invalid_value') return issue.values.map((value) => shown(value)).join(' | ')
  return undefined
}

export function schemaDepartures(
  schema: z.ZodMiniType,
  root: unknown,
  read: { prefix?: string; severity: Severity; context: Context },
): Departure[] {
  const parsed = schema.safeParse(root)
  if (parsed.success) return []
  const { prefix = '', context } = read
  return parsed.error.issues.flatMap((issue): Departure[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        ...context,
        path: fieldPath([...issue.path, key], prefix),
        rule: 'unknown-field',
        detail: ISSUE_WORDING.unknownField,
        actual: shown(valueAt(root, [...issue.path, key])),
        // Only exact schemas reject unknown keys: informational in an answer, a 400 from the mock in a request.
        severity: read.severity,
      }))
    }
    const value = valueAt(root, issue.path)
    const rule = ruleOf(issue, value)
    // The SDK reads null for an optional field as absent; the mock refuses null in a request (D8).
    const lenient = rule === 'null-field' && context.direction === 'answer' && isOptionalAt(schema, issue.path)
    const expected = expectedOf(issue)
    return [
      {
        ...context,
        path: fieldPath(issue.path, prefix),
        rule,
        detail: DETAILS[rule] ?? issue.message,
        ...(expected !== undefined && { expected }),
        actual: shown(value),
        severity: lenient ? 'informational' : read.severity,
      },
    ]
  })
}

// zod's own definitions, so that the rules below follow the contract's schemas as they are.
interface Definition {
  type: string
  shape?: Record<string, z.ZodMiniType>
  element?: z.ZodMiniType
  innerType?: z.ZodMiniType
  in?: z.ZodMiniType
}

export const definitionOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Definition } })._zod.def

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'])

export function unwrapped(schema: z.ZodMiniType): z.ZodMiniType | undefined {
  const definition = definitionOf(schema)
  if (WRAPPERS.has(definition.type)) return definition.innerType
  return definition.type === 'pipe' ? definition.in : undefined
}

export function core(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema
  for (let inner = unwrapped(current); inner; inner = unwrapped(current)) current = inner
  return current
}

function child(schema: z.ZodMiniType, key: PropertyKey): z.ZodMiniType | undefined {
  const definition = definitionOf(core(schema))
  if (definition.type === 'array') return typeof key === 'number' ? definition.element : undefined
  return definition.type === 'object' && typeof key === 'string' ? definition.shape?.[key] : undefined
}

function isOptionalAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): boolean {
  let current: z.ZodMiniType | undefined = schema
  for (const key of path) current = current && child(current, key)
  return current !== undefined && definitionOf(current).type === 'optional'
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

export function walkObjects(
  schema: z.ZodMiniType,
  value: unknown,
  visit: (schema: z.ZodMiniType, object: Record<string, unknown>, path: PropertyKey[]) => void,
  path: PropertyKey[] = [],
): void {
  if (typeof value !== 'object' || value === null) return
  const inner = core(schema)
  const { type, shape } = definitionOf(inner)
  if (type === 'object' && !Array.isArray(value)) visit(inner, value as Record<string, unknown>, path)
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(shape ?? {})) {
    const field = child(inner, key)
    if (field) walkObjects(field, (value as Record<PropertyKey, unknown>)[key], visit, [...path, key])
  }
}
