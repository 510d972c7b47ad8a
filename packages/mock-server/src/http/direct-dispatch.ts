import type { RequestHandler } from 'msw'

/** What a mock's handlers answer, without msw: `undefined` when none of them matches. */
export type DirectResponder = (request: Request) => Promise<Response> | undefined

interface Registered {
  handlers: readonly RequestHandler[]
  respond: DirectResponder
}

const registered = new WeakMap<RequestHandler, Registered>()

/**
 * Registers what a mock's handlers answer, so that the node:http adapter can call it instead of
 * msw's `getResponse`: msw clones each request, parses its cookies and creates an AbortController
 * and a DOMException per request, which was about a third of a by-id request's time in the
 * standalone server. Only the exact list of handlers (same objects, same order) is answered
 * directly; any other list still goes through msw.
 *
 * @example
 * ```ts
 * registerDirectResponder(handlers, (request) => handleApiRequest(request, runtime))
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
 * const response = await (directResponder(handlers)?.(request) ?? getResponse(handlers, request))
 * ```
 */
export function directResponder(handlers: readonly RequestHandler[]): DirectResponder | undefined {
  const entry = handlers[0] && registered.get(handlers[0])
  if (!entry || entry.handlers.length !== handlers.length) return undefined
  return entry.handlers.every((handler, index) => handler === handlers[index]) ? entry.respond : undefined
}
