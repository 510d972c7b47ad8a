import { didYouMean, type FlagValues, UsageError } from '@session-library/internal'
import { API_PREFIX, isRecord, type OperationName } from '@session-library/schemas/client'
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

const keyValueFlag = (short: string, description: string): Flag => {
  return { type: 'string', short, multiple: true, whole: true, value: '<key=value>', description }
}

export const api: Command = {
  words: WORDS,
  json: true,
  summary: 'Send a request to any operation of the API by its method and path',
  description:
    "As gh api: the method and the path (relative to the base URL; /api/v1 may be written, a query too). The fields of -f and -F are the query of a GET or a DELETE, else the JSON body (the query when --input gives the body); key[]=value adds to an array. The request is checked against the contract's operation before it is sent (a refused one is a usage error, nothing sent); a path outside the contract is refused. Prints the answer as JSON; with --paginate, every item of a list, one JSON line each. " +
    ASKS,
  positionals: [
    {
      name: 'method',
      description: 'GET, POST, PUT, PATCH or DELETE.',
      choices: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    },
    { name: 'path', description: 'The path, e.g. /sessions/ses_1/tags or /sessions?limit=2.' },
  ],
  flags: () => ({
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
    ...YES_FLAG,
  }),
  examples: [
    'session-library api GET /sessions --paginate   # every session, one JSON line each',
    'session-library api GET /sessions -f sort=-title -f limit=2',
    'session-library api PATCH /sessions/ses_1 -f title=Night -F tags[]=drums',
    'session-library api PUT /sessions/ses_1/notes -F notes=null --yes   # clear the notes',
    'echo \'{"tags":["drums"]}\' | session-library api PUT /sessions/ses_1/tags --input -',
  ],
  async run(context) {
    const { positionals, values, io, output, client } = context
    const [method = '', typedPath = ''] = positionals
    const { endpoints, matchOperation, queryInput } = await loadContract()
    const verb = method.toUpperCase()
    const { path, query } = split(typedPath)
    const matched = matchOperation(verb, path)
    if (!matched.operation) {
      const known = Object.values(endpoints).map((operation) => operation.path)
      if (matched.allowed.length > 0) throw fail(`${verb} ${path}: the path takes ${matched.allowed.join(', ')}`)
      throw fail(`${verb} ${path}: no operation of the API${didYouMean(path, known)}`)
    }
    const { operation, params } = matched
    for (const [name, value] of Object.entries(params)) checkSegment(`${verb} ${path}: {${name}}`, value, WORDS)
    const fields = await fieldsOf(values, io)
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
      sdk.request(name, { ...input, query: { ...input.query, ...extra } } as never).withResponse()
    if (values.paginate !== true) return output.data((await send()).data)
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
    const offset = Number(query.get('offset') ?? 0)
    await output.stream(walkPages(read, { offset }))
  },
}
