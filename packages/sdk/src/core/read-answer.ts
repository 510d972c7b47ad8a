import { ISSUE_WORDING, issueLines, NOT_JSON, parseJsonText, type Route } from '@session-library/schemas/client'
import type { RequestDetails } from '../errors/base.js'
import { ResponseValidationError } from '../errors/response-validation.js'
import { passes } from './compiled-check.js'

/**
 * Reads a success answer's text: parses it once and, when `validate` is on, checks it against the
 * operation's tolerant schema (unknown fields and enum values pass): a compiled check first, zod
 * when that cannot vouch for it.
 *
 * @example `const data = readAnswer(text, routes['health.get'], true, request)`
 */
export function readAnswer(text: string, operation: Route, validate: boolean, request: RequestDetails): unknown {
  const body = parseJsonText(text)
  if (body === NOT_JSON) throw new ResponseValidationError([`(answer): ${ISSUE_WORDING.notJson}`], text, request)
  if (!validate || passes(operation.answer.tolerant, body)) return body
  const result = operation.answer.tolerant.safeParse(body)
  if (!result.success) throw new ResponseValidationError(issueLines(result.error.issues, '', '(answer)'), body, request)
  return result.data
}
