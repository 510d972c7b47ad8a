// What an error answer's body says, whatever its shape: the API's envelope (possibly missing
// fields), a problem+json document (RFC 9457, as gateways and Prism send), or plain text.
const MAX_LINE = 200

const stringAt = (value: unknown, key: string): string | undefined => {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : undefined
}

function firstLine(text: string): string | undefined {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '')
  // An HTML page's first line is markup, not a message.
  if (line === undefined || line.startsWith('<')) return undefined
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line
}

/**
 * The code and message an error body carries: from `error.code`/`error.message` when present,
 * else problem+json `title` and `detail`, else the first line of a text body.
 *
 * @example `describeErrorBody({ title: 'Unprocessable Entity', detail: 'title is required' }) // { message: 'Unprocessable Entity: title is required' }`
 */
export function describeErrorBody(body: unknown, text: string | undefined): { code?: string; message?: string } {
  if (text !== undefined) return { message: firstLine(text) }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  const code = stringAt(error, 'code')
  const message = stringAt(error, 'message') ?? (typeof error === 'string' ? error : undefined)
  if (code !== undefined || message !== undefined) return { code, message }
  const problem = [stringAt(body, 'title'), stringAt(body, 'detail')].filter((part) => part !== undefined)
  return { message: problem.length > 0 ? problem.join(': ') : undefined }
}
