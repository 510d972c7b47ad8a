import { readFile } from 'node:fs/promises'
import type { FlagValues } from '@session-library/internal'
import { UsageError } from '@session-library/internal'
import type { OperationName } from '@session-library/schemas/client'
import type { InStream } from './cli-context.js'
import type { FieldFlag } from './contract-flags.js'
import type { Flag } from './flag.js'
import { readStdin } from './terminal.js'

/**
 * The flag that gives an operation's whole body.
 *
 * @example `{ ...flags, ...BODY_FLAG }`
 */
export const BODY_FLAG = {
  body: {
    type: 'string',
    value: '<json|@file|->',
    description: 'The whole body: JSON text, @file.json, or - for stdin. Field flags given too win over it.',
    file: true,
  },
} as const satisfies Record<string, Flag>

/**
 * Reads a JSON value given on the command line: `-` is stdin, `@path` a file, anything else the JSON
 * text itself.
 *
 * @example `await readJsonArgument('@body.json', '--body', context.stdin)`
 */
export async function readJsonArgument(text: string, flag: string, stdin: InStream): Promise<unknown> {
  let source = text
  if (text === '-') source = await readStdin(stdin)
  else if (text.startsWith('@')) {
    source = await readFile(text.slice(1), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`${flag}: cannot read ${text.slice(1)} (${error.code ?? error.message})`)
    })
  }
  try {
    return JSON.parse(source)
  } catch (error) {
    throw new UsageError(`${flag}: not valid JSON (${(error as Error).message})`)
  }
}

function numberOf(text: string, field: FieldFlag): number {
  const value = Number(text)
  const integer = field.kind === 'integer'
  if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${field.flag}: "${text}" is not ${integer ? 'an integer' : 'a number'}`)
  }
  return value
}

async function fieldValue(field: FieldFlag, values: FlagValues, stdin: InStream): Promise<unknown> {
  const raw = values[field.flag]
  if (field.kind === 'boolean') return typeof raw === 'boolean' ? raw : undefined
  if (raw === undefined || typeof raw === 'boolean') return undefined
  if (field.kind === 'strings') return raw
  const text = String(raw)
  if (field.kind === 'number' || field.kind === 'integer') return numberOf(text, field)
  if (field.kind === 'json') return readJsonArgument(text, `--${field.flag}`, stdin)
  return text
}

async function baseBody(values: FlagValues, stdin: InStream): Promise<Record<string, unknown>> {
  if (typeof values.body !== 'string') return {}
  const body = await readJsonArgument(values.body, '--body', stdin)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UsageError('--body: must be a JSON object')
  }
  return body as Record<string, unknown>
}

/**
 * The input of one operation call: path parameters, and the query and body when it has them.
 *
 * @example `const input: OperationInput = { params: { id: 'ses_1' }, body: { title: 'Night Drive' } }`
 */
export interface OperationInput {
  params: Record<string, string>
  query?: Record<string, unknown>
  body?: Record<string, unknown>
}

/**
 * One operation ready to send: its name, its input from the command line, and how to print it.
 *
 * @example `await client.request(call.name, call.input)`
 */
export interface OperationCall {
  readonly name: OperationName
  readonly input: OperationInput
  readonly columns?: readonly string[]
}

/**
 * What an operation command sends: path parameters from the positionals, query and body from the
 * derived flags (the body on top of `--body`), for an operation with these parameters and with or
 * without a query and a body.
 *
 * @example `await operationInput({ params: ['id'], query: false, body: true }, fields, values, ['ses_1'], context.stdin)`
 */
export async function operationInput(
  operation: { params: readonly string[]; query: boolean; body: boolean },
  fields: readonly FieldFlag[],
  values: FlagValues,
  positionals: readonly string[],
  stdin: InStream,
): Promise<OperationInput> {
  const params = Object.fromEntries(operation.params.map((name, index) => [name, positionals[index] ?? '']))
  const query: Record<string, unknown> = {}
  const body = operation.body ? await baseBody(values, stdin) : undefined
  for (const field of fields) {
    const value = await fieldValue(field, values, stdin)
    if (value === undefined) continue
    if (field.location === 'query') query[field.field] = value
    else if (body) body[field.field] = value
  }
  return { params, ...(operation.query && { query }), ...(body && { body }) }
}
