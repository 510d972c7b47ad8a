import { type IncomingMessage, ServerResponse } from 'node:http'
import { isEventStream } from './http-adapter.js'

/** What a closing server does to the answers under way (see {@link closingResponses}). */
export interface ClosingResponses {
  /** The response class to give `createServer`. */
  ServerResponse: typeof ServerResponse<IncomingMessage>
  /** Starts closing: answers still to be written go out with `Connection: close`; event streams are cut. */
  close(): void
}

const KEEP_ALIVE = Symbol('keepAlive')

/**
 * Responses that know when their server is closing: an answer written after that goes out with
 * `Connection: close`, so that no kept-alive connection holds the close up, and an event stream,
 * which never ends by itself, is cut (its subscription with it). Asked of the response when its
 * head is written, not tracked per request: a listener and a set entry on every answer cost a
 * by-id read a few percent.
 */
export function closingResponses(): ClosingResponses {
  let closing = false
  const streams = new Set<ServerResponse>()
  class ClosingResponse extends ServerResponse {
    override flushHeaders(): void {
      super.flushHeaders()
      if (!isEventStream({ get: (name) => this.getHeader(name)?.toString() ?? null })) return
      streams.add(this)
      this.once('close', () => streams.delete(this))
    }
  }
  // An accessor where node:http has a plain property: Node reads it when it writes the head.
  Object.defineProperty(ClosingResponse.prototype, 'shouldKeepAlive', {
    get(this: Record<symbol, boolean>) {
      return this[KEEP_ALIVE] !== false && !closing
    },
    set(this: Record<symbol, boolean>, value: boolean) {
      this[KEEP_ALIVE] = value
    },
  })
  return {
    ServerResponse: ClosingResponse,
    close() {
      closing = true
      for (const res of streams) res.destroy()
    },
  }
}
