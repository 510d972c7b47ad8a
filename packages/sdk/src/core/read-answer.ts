import { fieldPath, NOT_JSON, parseJsonText, type Route } from '@session-library/schemas/client'
import type { RequestDetails } from '../errors/base.js'
import { ResponseValidationError } from '../errors/response-validation.js'
import { passes } from './compiled-check.js'

interface Issue {
  readonly code: string
  readonly path: readonly PropertyKey[]
  readonly message: string
  readonly expected?: unknown
}

function describeIssue(issue: Issue): string {
  const rule = issue.code === 'invalid_type' ? `expected ${String(issue.expected)}` : issue.message
  return `${fieldPath(issue.path, '', '(answer)')}: ${rule}`
}

/**
 * Reads a success answer's text: parses it once and, when `validate` is on, checks it against the
 * operation's tolerant schema (unknown fields and enum values pass): a compiled check first, zod
 * when that cannot vouch for it.
 *
 * @example `const data = readAnswer(text, routes['health.get'], true, request)`
 */
export function readAnswer(text: string, operation: Route, validate: boolean, request: RequestDetails): unknown {
  const body = parseJsonText(text)
  if (body === NOT_JSON) throw new ResponseValidationError(['(answer): is not JSON'], text, request)
  if (!validate || passes(operation.answer.tolerant, body)) return body
  const result = operation.answer.tolerant.safeParse(body)
  if (!result.success) throw new ResponseValidationError(result.error.issues.map(describeIssue), body, request)
  return result.data
}
