import { BodyReadStopped, readBounded } from '@session-library/internal'
import { API_PREFIX } from '@session-library/schemas'
import { ApiError } from '../../http/api-error.js'

/** Hop-by-hop headers, and those that describe a body no longer as received (fetch decodes it). */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'accept-encoding',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
])

/** What the proxied server answered, read whole. */
export interface Forwarded {
  status: number
  statusText: string
  headers: Headers
  bytes: Uint8Array<ArrayBuffer>
}

/** The proxied server gave no answer (D20): 504 past the time limit, 502 when unreachable or cut off. */
export const proxyFailure = (status: 502 | 504, message: string) =>
  new ApiError(status === 504 ? 'gateway_timeout' : 'bad_gateway', message, { status })

/** The origin of a `--proxy` URL, given with or without `/api/v1`. */
export function proxyOrigin(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return trimmed.endsWith(API_PREFIX) ? trimmed.slice(0, -API_PREFIX.length) : trimmed
}

/** The headers that pass the proxy: no hop-by-hop one, and of an answer no CORS header (D18: the mock adds its own). */
function headersOf(source: Headers, answer = false): Headers {
  const named = (source.get('connection') ?? '').toLowerCase().split(',')
  const dropped = (name: string) =>
    NOT_FORWARDED.has(name) ||
    named.some((token) => token.trim() === name) ||
    (answer && name.startsWith('access-control-'))
  const headers = new Headers()
  source.forEach((value, name) => {
    if (!dropped(name)) headers.append(name, value)
  })
  return headers
}

function failure(error: unknown, origin: string, timeout: number, maxBody: number): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof BodyReadStopped) {
    return proxyFailure(502, `The server at ${origin} answered more than ${maxBody} bytes.`)
  }
  if ((error as Error).name === 'TimeoutError') {
    return proxyFailure(504, `The server at ${origin} did not answer within ${timeout} ms.`)
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const reason = cause?.code ?? cause?.message ?? (error as Error).message
  return proxyFailure(502, `The server at ${origin} did not answer (${reason}).`)
}

/** Forwards a request to the proxied server and reads at most `maxBody` of its answer within `timeout` ms. */
export async function forward(
  request: Request,
  body: Uint8Array<ArrayBuffer> | undefined,
  target: { origin: string; timeout: number; maxBody: number },
): Promise<Forwarded> {
  const url = new URL(request.url)
  const signal = AbortSignal.timeout(target.timeout)
  try {
    const response = await fetch(`${target.origin}${url.pathname}${url.search}`, {
      method: request.method,
      headers: headersOf(request.headers),
      ...(body?.byteLength && { body }),
      redirect: 'manual',
      signal,
    })
    const { status, statusText } = response
    // fetch takes any status to 999; a Response, and D20, only an HTTP one.
    if (status < 200 || status > 599) {
      await response.body?.cancel()
      throw proxyFailure(502, `The server at ${target.origin} answered status ${status}, which is no HTTP status.`)
    }
    const declared = response.headers.get('content-length')
    const bytes = (await readBounded(response.body, { limit: target.maxBody, declared })) as Uint8Array<ArrayBuffer>
    return { status, statusText, headers: headersOf(response.headers, true), bytes }
  } catch (error) {
    throw failure(error, target.origin, target.timeout, target.maxBody)
  }
}
