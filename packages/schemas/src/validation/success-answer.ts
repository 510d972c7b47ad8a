import type * as z from 'zod/mini'
import * as exact from '../answers/exact.js'
import { fieldPath } from '../field-path.js'
import { KNOWN_KINDS, KNOWN_STATUSES } from '../known-values.js'
import type { Departure } from './departure.js'
import { type Context, issueDepartures, shown } from './issue-departures.js'
import { walkObjects } from './schema-walk.js'

// Strings the exact schemas leave open (D5: any 1–64 characters) but whose known values the
// SDK offers as suggestions: a value outside them is worth knowing about, nothing more.
const KNOWN_VALUES = new Map<z.ZodMiniType, Record<string, readonly string[]>>([
  [exact.session, { kind: KNOWN_KINDS, status: KNOWN_STATUSES }],
])

function unknownValues(schema: z.ZodMiniType, body: unknown, context: Context, reported: Set<string>): Departure[] {
  const departures: Departure[] = []
  walkObjects(schema, body, (objectSchema, object, path) => {
    for (const [key, known] of Object.entries(KNOWN_VALUES.get(objectSchema) ?? {})) {
      const value = object[key]
      const where = fieldPath([...path, key], '')
      if (typeof value !== 'string' || known.includes(value) || reported.has(where)) continue
      departures.push({
        ...context,
        path: where,
        rule: 'unknown-value',
        detail: 'is not one of the known values',
        expected: known.join(' | '),
        actual: shown(value),
        severity: 'informational',
      })
    }
  })
  return departures
}

/**
 * The departures of a success answer's JSON body: what the tolerant schema rejects is breaking
 * (the SDK would throw); what only the exact schema rejects, and unknown kinds and statuses, is
 * informational. A field reported once is not reported again by the weaker rule.
 */
export function successDepartures(
  answer: { tolerant: z.ZodMiniType; exact: z.ZodMiniType },
  body: unknown,
  context: Context,
): Departure[] {
  const read = (schema: z.ZodMiniType, severity: Departure['severity']) => {
    const result = schema.safeParse(body)
    return result.success
      ? []
      : issueDepartures(result.error.issues, { root: body, schema, prefix: '', severity, context })
  }
  const departures = read(answer.tolerant, 'breaking')
  const reported = new Set(departures.map((departure) => departure.path))
  for (const departure of read(answer.exact, 'informational')) {
    if (reported.has(departure.path)) continue
    reported.add(departure.path)
    departures.push(departure)
  }
  return [...departures, ...unknownValues(answer.exact, body, context, reported)]
}
