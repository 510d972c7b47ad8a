import type { RequestHandler } from 'msw'
import type { RequestView } from './request-view.js'
import type { PlainAnswer } from './respond.js'

/**
 * A request as the node:http adapter hands it to a mock's handlers: a {@link RequestView}, plus the
 * fetch `Request` for the parts that want one (the control surface), built only when asked. Its body
 * is read only when asked for too (`bytes()`, or the `Request`), so that the pipeline can answer 401
 * before reading it (D3).
 *
 * @example
 * ```ts
 * const request: DirectRequest = { ...fetchRequestView(fetchRequest), toRequest: async () => fetchRequest }
 * ```
 */
export interface DirectRequest extends RequestView {
  /** The fetch `Request`, once the body is read; rejects as `bytes()` does. */
  toRequest(): Promise<Request>
}

/**
 * What a mock's handlers answer without msw: a {@link PlainAnswer} from the API's pipeline, a
 * `Response` from the control surface (`Response.error()` drops the connection), or `undefined`
 * when none of them matches.
 *
 * @example
 * ```ts
 * const respond: DirectResponder = (request) => answerApiRequest(request, runtime)
 * ```
 */
export type DirectResponder = (request: DirectRequest) => Promise<PlainAnswer | Response | 'dropped'> | undefined

interface Registered {
  handlers: readonly RequestHandler[]
  respond: DirectResponder
}

const registered = new WeakMap<RequestHandler, Registered>()

/**
 * Registers what a mock's handlers answer, so that the node:http adapter can call it instead of
 * msw's `getResponse`: msw clones each request, parses its cookies and creates an AbortController
 * and a DOMException per request, and a fetch `Request` and `Response` per request cost as much
 * again. Only the exact list of handlers (same objects, same order) is answered directly; any
 * other list still goes through msw.
 *
 * @example
 * ```ts
 * registerDirectResponder(handlers, (request) => answer(request))
 * ```
 */
export function registerDirectResponder(handlers: readonly RequestHandler[], respond: DirectResponder): void {
  const entry = { handlers: [...handlers], respond }
  for (const handler of handlers) registered.set(handler, entry)
}

/**
 * The direct responder of exactly these handlers, if they are a mock's unchanged list.
 *
 * @example
 * ```ts
 * const answer = await (directResponder(handlers)?.(request) ?? getResponse(handlers, await request.toRequest()))
 * ```
 */
export function directResponder(handlers: readonly RequestHandler[]): DirectResponder | undefined {
  const entry = handlers[0] && registered.get(handlers[0])
  if (!entry || entry.handlers.length !== handlers.length) return undefined
  return entry.handlers.every((handler, index) => handler === handlers[index]) ? entry.respond : undefined
}
