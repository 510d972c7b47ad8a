import { formatIssues, LIMITS, type Operation, queryInput } from '@session-library/schemas'
import { ApiError } from './api-error.js'
import type { RequestView } from './request-view.js'

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * The validated query of an operation (D4, D9–D11), or a 400 naming each field and rule.
 *
 * @example
 * ```ts
 * const query = readQuery(operation, url)
 * ```
 */
export function readQuery(operation: Operation, url: URL): unknown {
  if (!operation.query) return undefined
  const result = operation.query.safeParse(queryInput(url.searchParams))
  if (!result.success) throw new ApiError('invalid_json', formatIssues(result.error.issues))
  return result.data
}

async function readText(request: RequestView): Promise<string> {
  const declared = Number(request.header('content-length') ?? 0)
  if (declared > LIMITS.bodyBytes) throw new ApiError('payload_too_large')
  const bytes = await request.bytes()
  if (bytes.byteLength > LIMITS.bodyBytes) throw new ApiError('payload_too_large')
  try {
    return decoder.decode(bytes)
  } catch {
    throw new ApiError('invalid_json')
  }
}

/**
 * The validated body of an operation: 413 over `LIMITS.bodyBytes`, 400 with SPEC's text when it
 * does not parse as JSON, else 400 naming each field and rule (D4).
 *
 * @example
 * ```ts
 * const body = await readBody(operation, request)
 * ```
 */
export async function readBody(operation: Operation, request: RequestView): Promise<unknown> {
  if (!operation.body) return undefined
  let json: unknown
  try {
    json = JSON.parse(await readText(request))
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError('invalid_json')
  }
  const result = operation.body.safeParse(json)
  if (!result.success) throw new ApiError('invalid_json', formatIssues(result.error.issues))
  return result.data
}
