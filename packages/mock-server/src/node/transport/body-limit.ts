import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../http/api-error.js'

/**
 * Thrown by {@link readBody} when a request body is larger than the limit (D18: 413). An
 * {@link ApiError}, so that the pipeline answers it where D3 puts it (right after 401) when it asks
 * for the body.
 *
 * @example
 * ```ts
 * try { await readBody(request, 1024) } catch (error) { if (error instanceof PayloadTooLargeError) reply413() }
 * ```
 */
export class PayloadTooLargeError extends ApiError {
  constructor(readonly limit: number) {
    super('payload_too_large')
    this.name = 'PayloadTooLargeError'
  }
}

/**
 * Reads a request body of at most `limit` bytes. A declared `Content-Length` above the limit fails
 * before a byte is read; a body that grows past it fails as soon as it does, so no more than
 * `limit` bytes are ever held. Resolves `undefined` for an empty body.
 *
 * @example
 * ```ts
 * const body = await readBody(request, LIMITS.bodyBytes) // Uint8Array | undefined
 * ```
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.reject(new PayloadTooLargeError(limit))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.off('data', onData)
        chunks.length = 0
        reject(new PayloadTooLargeError(limit))
        return
      }
      chunks.push(chunk)
    }
    request.on('data', onData)
    request.once('error', reject)
    request.once('end', () => resolve(size === 0 ? undefined : Buffer.concat(chunks, size)))
  })
}
