const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE'
const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer'
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After'

/** What the CORS policy (D18) says of a request; a preflight is answered 204 before the API sees it. */
export interface CorsDecision {
  headers: Record<string, string>
  preflight: boolean
}

const NO_CORS: CorsDecision = Object.freeze({ headers: Object.freeze({}), preflight: false })

/** What a request says of CORS: its `Origin` and, on a preflight, `Access-Control-Request-Method`. */
type CorsHeaders = { origin?: string | null; 'access-control-request-method'?: string | null }

/** The CORS policy for the origins allowed (`'*'`: any), the standalone mock's `--cors` and `createMockApi`'s `cors`. */
export function corsPolicy(
  origins: readonly string[] | '*' = [],
): (headers: CorsHeaders, method?: string) => CorsDecision {
  const allowed = new Set(origins)
  return ({ origin, 'access-control-request-method': requested }, method) => {
    if (!origin || (origins !== '*' && !allowed.has(origin))) return NO_CORS
    const preflight = method === 'OPTIONS' && !!requested
    const common = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    if (!preflight) return { headers: { ...common, 'Access-Control-Expose-Headers': EXPOSED_HEADERS }, preflight }
    const allow = { 'Access-Control-Allow-Methods': ALLOWED_METHODS, 'Access-Control-Allow-Headers': ALLOWED_HEADERS }
    return { headers: { ...common, ...allow, 'Access-Control-Max-Age': '600' }, preflight }
  }
}
