/** The path prefix of every operation (SPEC §1, §9); the table's paths are relative to it. */
export const API_PREFIX = '/api/v1'

/** The base URL of the SDK, the mock and the CLI when none is named: the standalone mock's default address. */
export const DEFAULT_BASE_URL = `http://127.0.0.1:4777${API_PREFIX}`

/** A pathname relative to {@link API_PREFIX}, still encoded; `undefined` outside it (`/api/v10` is). */
export function apiPath(pathname: string): string | undefined {
  if (pathname === API_PREFIX) return ''
  return pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : undefined
}

/** The names of the `{param}` placeholders of a path template, as a union type. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

/** The values of a template's placeholders. */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string }

/** The placeholder names of a path template, in order. */
export function pathParamNames<Path extends string>(template: Path): PathParamNames<Path>[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParamNames<Path>)
}

/** Whether a path parameter is `.` or `..`, which URL parsers resolve (`%2e` too): `/sessions/../tags` is `/tags`. */
export const isDotSegment = (value: string): boolean => value === '.' || value === '..'

/** Fills a path template, each value percent-encoded as one segment; `.` or `..` throws a `TypeError`. */
export function buildPath<Path extends string>(template: Path, params: PathParams<Path>): string {
  const values = params as Record<string, string>
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new TypeError(`buildPath: missing path parameter "${name}" for ${template}`)
    if (isDotSegment(value)) throw new TypeError(`buildPath: "${value}" cannot be the path parameter "${name}"`)
    return encodeURIComponent(value)
  })
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

type Segment = { text: string; name?: string }

// Parsed once: routing tries every operation's template on every request.
const parsedTemplates = new Map<string, readonly Segment[]>()

function templateSegments(template: string): readonly Segment[] {
  let parsed = parsedTemplates.get(template)
  if (!parsed) {
    parsed = template.split('/').map((text) => ({ text, name: /^\{(\w+)\}$/.exec(text)?.[1] }))
    parsedTemplates.set(template, parsed)
  }
  return parsed
}

/** The decoded parameters of a still-encoded path matching a template, else `undefined` (as do empty segments). */
export function matchPath<Path extends string>(template: Path, path: string): PathParams<Path> | undefined {
  const expected = templateSegments(template)
  // Walks the path itself: splitting it made an array and a string per segment on every request.
  const params: Record<string, string> = {}
  let start = 0
  for (let index = 0; index < expected.length; index += 1) {
    const slash = path.indexOf('/', start)
    const last = index === expected.length - 1
    if (last !== (slash === -1)) return undefined
    const end = last ? path.length : slash
    const { text, name } = expected[index] as Segment
    if (name === undefined) {
      if (end - start !== text.length || !path.startsWith(text, start)) return undefined
    } else {
      const raw = path.slice(start, end)
      // Only a %-escape changes in decoding.
      const value = raw === '' ? undefined : raw.includes('%') ? decodeSegment(raw) : raw
      if (value === undefined) return undefined
      params[name] = value
    }
    start = end + 1
  }
  return params as PathParams<Path>
}

/** A route of a table: a method (`*` for any) and a path template (`/sessions/{id}`, `/assets/{name}`). */
export interface RouteEntry {
  readonly method: string
  readonly path: string
}

/**
 * The one router of every table (the API's, the mock's control surface and pages): the first route
 * matching path and method, with its parameters; else the methods the path has (empty: no such path).
 */
export function findRoute<R extends RouteEntry>(
  routes: readonly R[],
  method: string,
  path: string,
): { route: R; params: Record<string, string>; allowed?: undefined } | { route?: undefined; allowed: string[] } {
  const allowed: string[] = []
  const wanted = method.toUpperCase()
  for (const route of routes) {
    const params = matchPath(route.path, path)
    if (!params) continue
    if (route.method === '*' || route.method === wanted) return { route, params }
    allowed.push(route.method)
  }
  return { allowed }
}

/** A query string as a query schema's input: a parameter seen once is a string, a repeated one an array. */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    input[key] = values.length === 1 ? (values[0] as string) : values
  }
  return input
}

/** A query object as sent (the inverse of {@link queryInput}): a list one parameter per item, `undefined` left out. */
export function searchParams(query: Readonly<Record<string, unknown>> = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  return params
}
