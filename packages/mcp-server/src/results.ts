import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { UsageError } from '@session-library/internal'
import { ApiError } from '@session-library/sdk'

/** What to do about an API error, by its code, else by its status. */
const NEXT_STEP: Record<string, string> = {
  read_only: 'The library is not in full-automation mode: switch it in the application, or use a reading tool.',
  not_found: 'Check the id: sessions_list finds sessions.',
  unauthorized: "Set SESSION_LIBRARY_TOKEN or run 'session-library auth login', then start the server again.",
  invalid_json: 'Change the input as the message says.',
  payload_too_large: 'Send less at once (split the notes or the import).',
  501: 'This service is not available where the library runs: nothing to retry; tell the user.',
  429: 'Wait a moment, then call again.',
  500: 'The server failed: try again later.',
}

const nextStep = (error: ApiError) =>
  NEXT_STEP[String(error.code)] ?? NEXT_STEP[error.status] ?? (error.status >= 500 ? NEXT_STEP[500] : undefined)

/** A tool's answer: the validated answer as `structuredContent` and as text, with notes after it. */
export function answerResult(answer: object, notes: readonly string[] = []): CallToolResult {
  const text = [JSON.stringify(answer), ...notes].map((line) => ({ type: 'text' as const, text: line }))
  return { content: text, structuredContent: answer as Record<string, unknown> }
}

/**
 * A refusal as a tool error (`isError`): the status and code of the API when it answered, its
 * message and what to do, in text (a client checks `structuredContent` against the tool's output
 * schema even on an error, so there is none). `mask` hides the token.
 */
export function errorResult(error: unknown, mask: (text: string) => string): CallToolResult {
  const api = error instanceof ApiError ? error : undefined
  // The SDK's hint (a base URL without /api/v1 …), unless its message already ends with it.
  const hint = (error as { hint?: string } | undefined)?.hint
  const message = error instanceof Error ? error.message : String(error)
  const own = api ? nextStep(api) : error instanceof UsageError ? NEXT_STEP.invalid_json : undefined
  const todo = hint && !message.includes(hint) ? hint : own
  const text = [api && !message.startsWith(String(api.status)) ? `${api.status} ${api.code}: ` : '', message]
  const lines = [mask(text.join('')), ...(todo ? [`What to do: ${mask(todo)}`] : [])]
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] }
}
