import type * as z from 'zod/mini'
import { fieldPath } from '../field-path.js'
import { ISSUE_WORDING } from '../format-issues.js'
import type { Departure, DepartureRule, Severity } from './departure.js'
import { isOptionalAt, valueAt } from './schema-walk.js'

/** What every departure of one request or answer shares. */
export type Context = Pick<Departure, 'operation' | 'direction' | 'status'>

const MAX_SHOWN = 60

/** A value as a departure shows it: JSON, cut short. */
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

/**
 * Turns the issues of one validation into departures, of `severity`: one per unknown key, one per
 * other issue, each with its field path, rule, expected and actual value. In an answer, `null` for
 * an optional field counts as absent (the SDK reads it so), so it is never `breaking`.
 */
export function issueDepartures(
  issues: readonly z.core.$ZodIssue[],
  read: { root: unknown; schema: z.ZodMiniType; prefix: string; severity: Severity; context: Context },
): Departure[] {
  const { root, schema, prefix, context } = read
  return issues.flatMap((issue): Departure[] => {
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
