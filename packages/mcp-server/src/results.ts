import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { escapeMessage, UsageError } from '@session-library/internal'
import { ApiError, NetworkError, TimeoutError } from '@session-library/sdk'

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
  network_error:
    'The API does not answer: start the Session Library application (or this server with --mock), or check SESSION_LIBRARY_URL.',
  timeout: 'The API answered too slowly: try again, with a smaller page (limit) if it was a list.',
}

function nextStep(error: unknown): string | undefined {
  // The SDK's own hint says why when it can tell (a base URL without /api/v1, a Retry-After).
  if (error instanceof ApiError)
    return (
      error.hint ??
      NEXT_STEP[String(error.code)] ??
      NEXT_STEP[error.status] ??
      (error.status >= 500 ? NEXT_STEP[500] : undefined)
    )
  if (error instanceof NetworkError) return NEXT_STEP.network_error
  if (error instanceof TimeoutError) return NEXT_STEP.timeout
  return error instanceof UsageError ? NEXT_STEP.invalid_json : undefined
}

/**
 * A tool's answer: `structuredContent` is the validated answer; the text a compact rendering of it
 * (what a client that reads only text gives the model), not a second copy of the JSON.
 */
export function answerResult(answer: object, lines: readonly string[]): CallToolResult {
  return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: answer as Record<string, unknown> }
}

// A value on a line: a plain word as it is, anything else (spaces, quotes, lists, objects) as JSON.
const valueText = (value: unknown) =>
  typeof value === 'string' && /^[^\s"=,[\]{}]+$/.test(value) ? value : JSON.stringify(value)

/** One item as one line: its `id` first, then `key=value` for each of its other fields. */
export function itemLine(item: unknown): string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return valueText(item)
  const { id, ...rest } = item as Record<string, unknown>
  const pairs = Object.entries(rest).map(([key, value]) => `${key}=${valueText(value)}`)
  return [...(id === undefined ? [] : [valueText(id)]), ...pairs].join(' ')
}

/** Where a page of a list sits, and the offset of the next page when there is one. */
export function pageNote({ total, offset }: { total: number; offset: number }, count: number): string {
  if (count === 0)
    return offset >= total
      ? `none: offset ${offset} is past the last of ${total}`
      : `none at offset ${offset} (total ${total})`
  const more = offset + count < total ? `; next page: offset ${offset + count}` : ''
  return `${offset + 1}–${offset + count} of ${total}${more}`
}

/**
 * A refusal as a tool error (`isError`): the status and code of the API when it answered, its
 * message and what to do, in text (a client checks `structuredContent` against the tool's output
 * schema even on an error, so there is none). `mask` hides the token; a server's terminal escapes are
 * shown escaped, as the CLI shows them.
 */
export function errorResult(error: unknown, mask: (text: string) => string): CallToolResult {
  const api = error instanceof ApiError ? error : undefined
  const full = error instanceof Error ? error.message : String(error)
  // The SDK ends its message with its hint: said once, as what to do.
  const message = api?.hint && full.endsWith(` — ${api.hint}`) ? full.slice(0, -` — ${api.hint}`.length) : full
  const todo = nextStep(error)
  const text = [api && !message.startsWith(String(api.status)) ? `${api.status} ${api.code}: ` : '', message]
  const lines = [mask(text.join('')), ...(todo ? [`What to do: ${mask(todo)}`] : [])]
  return { isError: true, content: [{ type: 'text', text: escapeMessage(lines.join('\n')) }] }
}
