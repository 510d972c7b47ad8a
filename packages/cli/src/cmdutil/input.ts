import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type FlagValues, UsageError } from '@session-library/internal'
import { isRecord, type OperationName } from '@session-library/schemas/client'
import { contract } from './contract.js'
import type { FieldFlag } from './contract-flags.js'
import type { Flag } from './flags.js'
import { type CliContext, readStdin } from './iostreams.js'

type Io = Pick<CliContext, 'stdin' | 'cwd'>

export const BODY_FLAG = {
  body: {
    type: 'string',
    value: '<json|@file|->',
    description: 'The whole body as JSON: the text, @file, or - for stdin. Field flags given too win over it.',
    file: true,
  },
} as const satisfies Record<string, Flag>

/** How a long value is given, in the words of help and the README. */
export const VALUE_RULE =
  'A body field, --body, notes set: @path reads the file, - or @- stdin (one final newline dropped), @@text sends @text.'

const dropNewline = (text: string) => text.replace(/\r?\n$/, '')

/**
 * The one way every command reads a long value: `@path` is the file's text, `-` or `@-` stdin's,
 * `@@…` the text itself with one `@` dropped (so that a text may start with `@`), anything else as typed.
 */
export async function readValue(text: string, label: string, io: Io): Promise<string> {
  if (text === '-' || text === '@-') return dropNewline(await readStdin(io.stdin))
  if (!text.startsWith('@')) return text
  if (text.startsWith('@@')) return text.slice(1)
  const path = resolve(io.cwd, text.slice(1))
  const read = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${label}: cannot read ${text.slice(1)} (${error.code ?? error.message})`)
  })
  return dropNewline(read)
}

export async function readJson(text: string, label: string, io: Io): Promise<unknown> {
  const source = await readValue(text, label, io)
  try {
    return JSON.parse(source)
  } catch (error) {
    throw new UsageError(`${label}: not valid JSON (${(error as Error).message})`)
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

async function fieldValue(field: FieldFlag, values: FlagValues, io: Io): Promise<unknown> {
  const raw = values[field.flag]
  if (field.kind === 'boolean') return typeof raw === 'boolean' ? raw : undefined
  if (raw === undefined || typeof raw === 'boolean') return undefined
  if (field.kind === 'strings') return raw
  const text = String(raw)
  // One meaning of null for every body flag: the field's null where the API takes one (it clears),
  // else a mistake, never the text "null" stored by accident.
  if (text === 'null' && field.location === 'body') {
    if (field.nullable) return null
    throw new UsageError(`--${field.flag}: null is not a value of this field; to store the text null, use --body`)
  }
  if (field.kind === 'number' || field.kind === 'integer') return numberOf(text, field)
  if (field.kind === 'json') return readJson(text, `--${field.flag}`, io)
  return field.location === 'body' ? readValue(text, `--${field.flag}`, io) : text
}

async function baseBody(values: FlagValues, io: Io): Promise<Record<string, unknown>> {
  if (typeof values.body !== 'string') return {}
  const body = await readJson(values.body, '--body', io)
  if (!isRecord(body)) throw new UsageError('--body: must be a JSON object')
  return body
}

export interface OperationInput {
  params: Record<string, string>
  query?: Record<string, unknown>
  body?: Record<string, unknown>
}

/** One operation ready to send: its name, its input from the command line, and how to print it. */
export interface OperationCall {
  readonly name: OperationName
  readonly input: OperationInput
  readonly columns?: readonly string[]
}

export async function operationInput(
  operation: { params: readonly string[]; query: boolean; body: boolean },
  fields: readonly FieldFlag[],
  values: FlagValues,
  positionals: readonly string[],
  io: Io,
): Promise<OperationInput> {
  const params = Object.fromEntries(operation.params.map((name, index) => [name, positionals[index] ?? '']))
  const query: Record<string, unknown> = {}
  const body = operation.body ? await baseBody(values, io) : undefined
  for (const field of fields) {
    const value = await fieldValue(field, values, io)
    if (value === undefined) continue
    if (field.location === 'query') query[field.field] = value
    else if (body) body[field.field] = value
  }
  return { params, ...(operation.query && { query }), ...(body && { body }) }
}

/**
 * Checks a request before it is sent with the contract's `checkInput`: a refused query or body is a
 * usage error (exit 2) in the contract's words, and nothing is sent. Without the contract's main
 * entry loaded (a read given no contract flag, so with an empty query) there is nothing to check.
 */
export function checkRequest(name: OperationName, input: OperationInput, words: readonly string[]): void {
  const loaded = contract()
  if (!loaded) return
  const operation = loaded.endpoints[name]
  const problems = (['query', 'body'] as const).flatMap((part) => {
    if (input[part] === undefined) return []
    const checked = loaded.checkInput(operation, part, input[part])
    return checked.ok ? [] : [checked.message]
  })
  if (problems.length > 0) throw new UsageError(problems.join('; '), words)
}
