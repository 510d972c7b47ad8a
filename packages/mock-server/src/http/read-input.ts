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

/**
 * A body that could not be read at all: the client went away, or the transport cut it short (and
 * answered it itself, e.g. a 408). Not an answer of the API: the pipeline lets it through to the
 * transport instead of answering it.
 *
 * @example
 * ```ts
 * if (caught instanceof UnreadableBody) throw caught
 * ```
 */
export class UnreadableBody extends Error {
  constructor(cause: unknown) {
    super('The request body could not be read.', { cause })
    this.name = 'UnreadableBody'
  }
}

/**
 * The request's body, 413 when it is over `LIMITS.bodyBytes` (D18). D3 asks for it right after the
 * token check, before the route: whatever the route, a body too large is refused before anything
 * else but a 401. A body that cannot be read is an {@link UnreadableBody}.
 *
 * @example
 * ```ts
 * const bytes = await limitedBytes(request)
 * ```
 */
export async function limitedBytes(request: RequestView): Promise<Uint8Array> {
  const declared = Number(request.header('content-length') ?? 0)
  if (declared > LIMITS.bodyBytes) throw new ApiError('payload_too_large')
  const bytes = await request.bytes().catch((error: unknown) => {
    throw error instanceof ApiError ? error : new UnreadableBody(error)
  })
  if (bytes.byteLength > LIMITS.bodyBytes) throw new ApiError('payload_too_large')
  return bytes
}

async function readText(request: RequestView): Promise<string> {
  const bytes = await limitedBytes(request)
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
