import type { IncomingHttpHeaders } from 'node:http'

/** Methods a browser may use across origins: every method of the endpoint table. */
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE'
const ALLOWED_HEADERS = 'Authorization, Content-Type'
/** Headers a browser script may read besides the safelisted ones. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After'

/**
 * What the CORS policy (D18: headers only for origins allowed explicitly) says about one request.
 * `headers` is empty for an origin that is not allowed; `preflight` is true when the request is an
 * allowed origin's preflight, which the transport answers itself with 204.
 */
export interface CorsDecision {
  headers: Record<string, string>
  preflight: boolean
}

/** The decision for every request not from an allowed origin: shared, never changed. */
const NO_CORS: CorsDecision = Object.freeze({ headers: Object.freeze({}), preflight: false })

/** Builds the CORS policy for a list of allowed origins (`--cors`). An empty list never adds a header. */
export function corsPolicy(
  origins: readonly string[] = [],
): (headers: IncomingHttpHeaders, method?: string) => CorsDecision {
  const allowed = new Set(origins)
  return (headers, method) => {
    const origin = headers.origin
    if (origin === undefined || !allowed.has(origin)) return NO_CORS
    const preflight = method === 'OPTIONS' && headers['access-control-request-method'] !== undefined
    const common = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    if (!preflight) return { headers: { ...common, 'Access-Control-Expose-Headers': EXPOSED_HEADERS }, preflight }
    return {
      headers: {
        ...common,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      },
      preflight,
    }
  }
}
