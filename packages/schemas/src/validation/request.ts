import { endpoints } from '../contract/endpoints.js'
import type { Operation } from '../contract/operation.js'
import type { OperationName } from '../contract/routes.js'
import { formatIssues, ISSUE_WORDING } from '../format-issues.js'
import { NOT_JSON } from '../json-text.js'
import { queryInput, searchParams } from '../paths.js'
import { type Context, type Departure, recordedBody, schemaDepartures } from './departure.js'

/** A request to check (see {@link validateRequest}), its body parsed (`body`) or as sent (`text`). */
export interface RecordedRequest {
  operation: OperationName
  /** The query string (with or without `?`) or its parameters. */
  query?: string | URLSearchParams
  body?: unknown
  text?: string
}

// The one reading of a request part for its exact schema, for `validateRequest` and `checkInput`.
const partValue = (part: 'query' | 'body', input: unknown) => (part === 'query' ? queryInput(asParams(input)) : input)

/**
 * Checks one request against the exact request schemas (DECISIONS D4–D15), as {@link checkInput}
 * does, each failure a `breaking` departure: the mock would refuse it with a 400.
 */
export function validateRequest(request: RecordedRequest): Departure[] {
  const operation = endpoints[request.operation] as Operation
  const context: Context = { operation: request.operation, direction: 'request' }
  const departuresOf = (part: 'query' | 'body', input: unknown): Departure[] => {
    const schema = operation[part]
    return schema
      ? schemaDepartures(schema, partValue(part, input), { prefix: part, severity: 'breaking', context })
      : []
  }
  const departures = departuresOf('query', request.query)
  if (!operation.body) return departures
  const body = recordedBody(request)
  // An empty text is no JSON value either: the mock answers it 400 invalid_json.
  if (body === NOT_JSON || (body === undefined && request.text !== undefined)) {
    return [
      ...departures,
      { ...context, path: 'body', rule: 'not-json', detail: ISSUE_WORDING.notJson, severity: 'breaking' },
    ]
  }
  return [...departures, ...departuresOf('body', body)]
}

/** What {@link checkInput} finds: the parsed value (defaults filled in), or the 400's message. */
export type InputCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string }

/**
 * The one request check of the mock, the CLI and the proxy: a query (as sent, in any form) or a parsed
 * body against the operation's exact schema, with D4's message; a part without a schema gives `undefined`.
 *
 * @example
 * ```ts
 * import { checkInput, endpoints } from '@session-library/schemas'
 * checkInput(endpoints['sessions.list'], 'query', 'limit=0') // { ok: false, message: 'limit: …' }
 * ```
 */
export function checkInput(operation: Operation, part: 'query' | 'body', input: unknown): InputCheck {
  const schema = operation[part]
  if (!schema) return { ok: true, value: undefined }
  const result = schema.safeParse(partValue(part, input))
  return result.success ? { ok: true, value: result.data } : { ok: false, message: formatIssues(result.error.issues) }
}

function asParams(query: unknown): URLSearchParams {
  if (query instanceof URLSearchParams || typeof query === 'string') return new URLSearchParams(query)
  return searchParams(query as Record<string, unknown> | undefined)
}
