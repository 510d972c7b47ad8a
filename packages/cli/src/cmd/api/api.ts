import { didYouMean, type FlagValues, UsageError } from '@session-library/internal'
import { API_PREFIX, isRecord, type OperationName, usages } from '@session-library/schemas/client'
import type { RawAnswer } from '@session-library/sdk'
import { type Command, type Context, checkSegment } from '../../cmdutil/command.js'
import { ASKS, confirm, YES_FLAG } from '../../cmdutil/confirm.js'
import { loadContract } from '../../cmdutil/contract.js'
import type { Flag } from '../../cmdutil/flags.js'
import { checkRequest, type OperationInput, readJson, readValue } from '../../cmdutil/input.js'

const WORDS = ['api']
const fail = (message: string) => new UsageError(message, WORDS)

// gh's typed field: true, false, null and numbers as JSON; @file (or -) read as text; anything else a string.
async function typed(text: string, label: string, io: Context['io']): Promise<unknown> {
  if (text === 'true' || text === 'false' || text === 'null') return JSON.parse(text)
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  return text.startsWith('@') || text === '-' ? readValue(text, label, io) : text
}

/** The fields of `-f` (as typed) and `-F` (typed), in order: `key=value`, `key[]=value` for an array item. */
async function fieldsOf(values: FlagValues, io: Context['io']): Promise<[string, unknown, boolean][]> {
  const given = [
    ...((values['raw-field'] as string[] | undefined) ?? []).map((text) => [text, false] as const),
    ...((values.field as string[] | undefined) ?? []).map((text) => [text, true] as const),
  ]
  return Promise.all(
    given.map(async ([text, isTyped]): Promise<[string, unknown, boolean]> => {
      const at = text.indexOf('=')
      if (at <= 0) throw fail(`${isTyped ? '-F' : '-f'} ${text}: not key=value`)
      const [key, value] = [text.slice(0, at), text.slice(at + 1)]
      const array = key.endsWith('[]')
      return [array ? key.slice(0, -2) : key, isTyped ? await typed(value, key, io) : value, array]
    }),
  )
}

// The path as typed, relative to the base URL (`/api/v1` may be written) and split from its query.
function split(path: string): { path: string; query: URLSearchParams } {
  const [pathname = '', search = ''] = path.split(/\?(.*)/s)
  const relative = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname
  return { path: relative.startsWith('/') ? relative : `/${relative}`, query: new URLSearchParams(search) }
}

async function bodyOf(values: FlagValues, fields: [string, unknown, boolean][], io: Context['io']) {
  if (typeof values.input === 'string') return readJson(values.input === '-' ? '-' : `@${values.input}`, '--input', io)
  if (fields.length === 0) return undefined
  const body: Record<string, unknown> = {}
  for (const [key, value, array] of fields)
    body[key] = array ? [...(Array.isArray(body[key]) ? body[key] : []), value] : value
  return body
}

const keyValueFlag = (short: string, description: string, value = '<key=value>'): Flag => {
  return { type: 'string', short, multiple: true, whole: true, value, description }
}

// `-H 'Name: value'`, each header once; the token is the connection's, never a header's (gh keeps its own too).
function headersOf(values: FlagValues): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const text of (values.header as string[] | undefined) ?? []) {
    const at = text.indexOf(':')
    const name = text.slice(0, at).trim()
    if (at <= 0) throw fail(`-H ${text}: not Name: value`)
    if (/^authorization$/i.test(name))
      throw fail('-H Authorization: the token comes from --token, SESSION_LIBRARY_TOKEN or auth login, not a header')
    headers[name] = text.slice(at + 1).trim()
  }
  return headers
}

// `api <path>` as gh, or `api <METHOD> <path>`: -X names the method, else GET, or POST with fields or --input.
function methodOf([first = '', path]: readonly string[], values: FlagValues, fields: number): [string, string] {
  const flag = typeof values.method === 'string' ? values.method.toUpperCase() : undefined
  const typed = path === undefined ? undefined : first.toUpperCase()
  if (flag && typed && flag !== typed) throw fail(`-X ${flag}: the method is also given as ${typed}`)
  const byFields = fields > 0 || values.input !== undefined ? 'POST' : 'GET'
  return [flag ?? typed ?? byFields, path ?? first]
}

// gh's -i: the status line and the answer's headers, before the body (the token masked as everywhere).
const head = ({ status, statusText, headers }: Response) =>
  [`HTTP/1.1 ${status} ${statusText}`, ...[...headers].map(([name, value]) => `${name}: ${value}`), ''].join('\n')

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const PATHS = [...new Set(usages.map(({ route }) => route.path))]

export const api: Command = {
  words: WORDS,
  json: true,
  summary: 'Send a request to any operation of the API by its path',
  description:
    "As gh api: the path (relative to the base URL; /api/v1 may be written, a query too) and the method of -X: GET, or POST when fields or --input are given (`api <METHOD> <path>` works too). The fields of -f and -F are the query of a GET or a DELETE, else the JSON body (the query when --input gives the body); key[]=value adds to an array. The request is checked against the contract's operation before it is sent (a refused one is a usage error, nothing sent); a path outside the contract is refused. Prints the answer as JSON; with --paginate, every item of a list, one JSON line each (--slurp: one array). " +
    ASKS,
  positionals: [
    { name: 'method', optional: true, description: `${METHODS.join(', ')}: as -X.`, choices: METHODS },
    {
      name: 'path',
      description: 'The path, e.g. /sessions/ses_1/tags or /sessions?limit=2.',
      choices: PATHS,
    },
  ],
  flags: () => ({
    method: {
      type: 'string',
      short: 'X',
      value: '<method>',
      choices: METHODS,
      description: 'The method (default GET, or POST with fields).',
    },
    header: keyValueFlag('H', 'A request header (repeat the flag); not Authorization.', '<name:value>'),
    include: { type: 'boolean', short: 'i', description: "Print the status line and the answer's headers first." },
    silent: { type: 'boolean', description: 'Do not print the answer.' },
    'raw-field': keyValueFlag('f', 'A field as a string (repeat the flag).'),
    field: keyValueFlag(
      'F',
      'A typed field: true, false, null and numbers as JSON, @file or - read as text (repeat the flag).',
    ),
    input: { type: 'string', value: '<file|->', file: true, description: 'The JSON body from a file, or - for stdin.' },
    paginate: {
      type: 'boolean',
      description:
        'Walk every page of a list and print each item as a JSON line (stops on a server that repeats pages).',
    },
    slurp: { type: 'boolean', description: 'With --paginate, print every item in one JSON array.' },
    ...YES_FLAG,
  }),
  examples: [
    'session-library api /sessions --paginate   # every session, one JSON line each',
    "session-library api /sessions -X GET -f sort=-title -f limit=2 --jq '.data[].title'",
    'session-library api /sessions/ses_1 -X PATCH -f title=Night -F tags[]=drums',
    'session-library api -X PUT /sessions/ses_1/notes -F notes=null --yes   # clear the notes',
    'session-library api /health -i   # the status line and headers too',
    'echo \'{"tags":["drums"]}\' | session-library api PUT /sessions/ses_1/tags --input -',
  ],
  async run(context) {
    const { positionals, values, io, output, client } = context
    const fields = await fieldsOf(values, io)
    const [verb, typedPath] = methodOf(positionals, values, fields.length)
    const headers = headersOf(values)
    if (values.slurp === true && values.paginate !== true) throw fail('--slurp: only with --paginate')
    if (values.include === true && values.paginate === true) throw fail('-i: not with --paginate')
    const { matchOperation, queryInput } = await loadContract()
    const { path, query } = split(typedPath)
    const matched = matchOperation(verb, path)
    if (!matched.operation) {
      if (matched.allowed.length > 0) throw fail(`${verb} ${path}: the path takes ${matched.allowed.join(', ')}`)
      throw fail(`${verb} ${path}: no operation of the API${didYouMean(path, PATHS)}`)
    }
    const { operation, params } = matched
    for (const [name, value] of Object.entries(params)) checkSegment(`${verb} ${path}: {${name}}`, value, WORDS)
    const withBody = operation.body !== undefined
    if (!withBody && values.input !== undefined) throw fail(`--input: ${verb} ${path} takes no body`)
    // A write is sent with the body its schema checks: `{}` when no field is given.
    const body = withBody ? ((await bodyOf(values, fields, io)) ?? {}) : undefined
    if (!withBody || typeof values.input === 'string')
      for (const [key, value] of fields) query.append(key, String(value))
    const name = operation.name as OperationName
    const input = { params, query: queryInput(query), ...(withBody && { body }) }
    checkRequest(name, input as OperationInput, WORDS)
    await confirm(context, { name, input: input as OperationInput })
    const sdk = await client()
    const send = (extra: Record<string, string> = {}): Promise<RawAnswer<unknown>> =>
      sdk.request(name, { ...input, query: { ...input.query, ...extra } } as never, { headers }).withResponse()
    if (values.paginate !== true) {
      const { data, response } = await send()
      if (values.include === true) await output.text(head(response))
      return values.silent === true ? undefined : output.data(data)
    }
    const { DEFAULT_PAGE_SIZE, walkPages } = await import('@session-library/sdk')
    // The SDK's walk and page size, unless the query gives a limit.
    const limit: Record<string, string> = query.has('limit') ? {} : { limit: String(DEFAULT_PAGE_SIZE) }
    const read = async (offset: number) => {
      const { data: answer, response } = await send({ ...limit, offset: String(offset) })
      const meta = isRecord(answer) && isRecord(answer.meta) ? answer.meta : undefined
      const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : undefined
      if (!meta || !data) throw fail(`--paginate: ${verb} ${path} is not a list (no data and meta.total)`)
      const request = { operation: name, method: verb, path: new URL(response.url).pathname, url: response.url }
      return { data: data as unknown[], total: meta.total, request }
    }
    const items = walkPages(read, { offset: Number(query.get('offset') ?? 0) })
    if (values.slurp !== true && values.silent !== true) return output.stream(items)
    const all: unknown[] = []
    for await (const item of items) all.push(item)
    if (values.silent !== true) await output.data(all)
  },
}
