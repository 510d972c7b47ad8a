import { BodyReadStopped, type ByteSource, nestedDeeperThan, readBounded, TOO_DEEP } from '@session-library/internal'
import { checkInput, LIMITS, type Operation } from '@session-library/schemas'
import type * as z from 'zod/mini'
import type { HeaderSource } from '../runtime/journal-bodies.js'
import { ApiError } from './api-error.js'

/** What the request path reads of a request: of a fetch `Request`, or of node:http's `IncomingMessage`. */
export interface RequestView {
  readonly method: string
  readonly url: URL
  /** A header's value, as fetch's `Headers.get`. */
  header(name: string): string | null
  /** The whole body, at most 1 MiB (else a 413); read when first asked (D3: after the 401). */
  bytes(): Promise<Uint8Array>
  readonly headers?: HeaderSource
  /** The fetch `Request`, built when asked for. */
  toRequest(): Promise<Request>
}

/** A body that could not be read (the client went away, or a 408): the transport knows what became of it. */
export class UnreadableBody extends Error {
  constructor(cause: unknown) {
    super('The request body could not be read.', { cause })
    this.name = 'UnreadableBody'
  }
}

const EMPTY = new Uint8Array(0)

/** A body through the one bounded reader: past `limit` (D18) a 413. */
export function boundedBytes(source: ByteSource | null, declared: string | null, limit = LIMITS.bodyBytes) {
  // No body (a GET): no promise chain for the most common request.
  if (source === null) return Promise.resolve(EMPTY)
  return readBounded(source, { limit, declared }).catch((error: unknown) => {
    if (error instanceof BodyReadStopped) throw new ApiError('payload_too_large')
    throw error instanceof ApiError || error instanceof UnreadableBody ? error : new UnreadableBody(error)
  })
}

export function fetchRequestView(request: Request): RequestView {
  let body: Promise<Uint8Array> | undefined
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headers: request.headers,
    bytes: () => {
      body ??= boundedBytes(request.body, request.headers.get('content-length'))
      return body
    },
    // Once read, its body is gone from the `Request`: the copy carries the bytes read.
    toRequest: async () => {
      if (!body || request.body === null) return request
      const { method, headers } = request
      return new Request(request.url, { method, headers, body: (await body) as Uint8Array<ArrayBuffer> })
    },
  }
}

/** A request target's URL on an origin: concatenated, never resolved (`//other.host/x` stays a path). */
export const targetUrl = (origin: string, target: string): string =>
  `${origin}${target.startsWith('/') ? target : `/${target}`}`

export const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/')

const decoder = new TextDecoder('utf-8', { fatal: true })

/** A body nested past the one JSON depth limit: refused before anything parses it. */
export function refuseTooDeep(bytes: Uint8Array): void {
  if (nestedDeeperThan(bytes)) throw new ApiError('invalid_json', `Request body ${TOO_DEEP}.`)
}

/** A body that is no JSON text, or no UTF-8 at all: D4's "Request body must be valid JSON." */
function parseJson(bytes: Uint8Array): unknown {
  refuseTooDeep(bytes)
  try {
    return JSON.parse(decoder.decode(bytes))
  } catch {
    throw new ApiError('invalid_json')
  }
}

const checked = (operation: Operation, part: 'query' | 'body', input: unknown): unknown => {
  const result = checkInput(operation, part, input)
  if (!result.ok) throw new ApiError('invalid_json', result.message)
  return result.value
}

/** The operation's query and body through the contract's one request check (D4), or its 400. */
export async function readInput(
  operation: Operation,
  request: RequestView,
): Promise<{ query: unknown; body: unknown }> {
  const query = checked(operation, 'query', request.url.searchParams)
  if (!operation.body) return { query, body: undefined }
  return { query, body: checked(operation, 'body', parseJson(await request.bytes())) }
}

/** A body read against a schema of the mock's own (the control surface's), with the same check. */
export function checkBody(schema: z.ZodMiniType, bytes: Uint8Array): unknown {
  return checked({ body: schema } as unknown as Operation, 'body', parseJson(bytes))
}
