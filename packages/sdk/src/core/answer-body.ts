import { BodyReadStopped, readBoundedText } from '@session-library/internal'
import type { Route } from '@session-library/schemas/client'
import { ISSUE_WORDING, isRecord, issueLines, NOT_JSON, parseJsonText } from '@session-library/schemas/client'
import type { RequestDetails } from '../errors/base.js'
import { ResponseValidationError, TimeoutError } from '../errors/sdk-errors.js'

interface AnswerRead {
  request: RequestDetails
  maxBytes: number
  timeout: number | false
  msLeft: number | undefined
  validate: boolean
}

// Bounded, unlike `response.text()`: an endless or dripping body cannot hold the caller or its memory.
export async function readAnswer(response: Response, operation: Route, read: AnswerRead): Promise<unknown> {
  const { request, maxBytes, timeout, msLeft } = read
  const declared = response.headers.get('content-length')
  const text = await readBoundedText(response.body, { limit: maxBytes, declared, msLeft }).catch((error: unknown) => {
    if (!(error instanceof BodyReadStopped)) throw error
    if (error.reason === 'timed-out') throw new TimeoutError(timeout || 0, request)
    throw new ResponseValidationError([`(answer): larger than ${maxBytes} bytes (maxAnswerBytes)`], undefined, request)
  })
  const body = parseJsonText(text)
  if (body === NOT_JSON) throw new ResponseValidationError([`(answer): ${ISSUE_WORDING.notJson}`], text, request)
  if (!read.validate || passes(operation.answer.tolerant, body)) return body
  const result = operation.answer.tolerant.safeParse(body)
  if (!result.success) throw new ResponseValidationError(issueLines(result.error.issues, '', '(answer)'), body, request)
  return result.data
}

// A check compiled once from a tolerant schema spares zod's parse (which copies every object) on a
// valid answer; any node it does not compile (a check, a nullable, a pipe) hands the value to zod.
type Check = (value: unknown) => boolean

interface Def {
  type: string
  checks?: readonly unknown[]
  shape?: Record<string, Schema>
  catchall?: Schema
  element?: Schema
  innerType?: Schema
}
type Schema = { _zod: { def: Def } }

const ASK_ZOD: Check = () => false
const LEAVES: Readonly<Record<string, Check>> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
}

function objectCheck(shape: Record<string, Schema>): Check {
  const checks = Object.entries(shape).map(([key, schema]) => [key, compile(schema)] as const)
  return (value) => isRecord(value) && checks.every(([key, check]) => check(value[key]))
}

function compile(schema: Schema): Check {
  const def = schema._zod.def
  if (def.checks?.length) return ASK_ZOD
  if (Object.hasOwn(LEAVES, def.type)) return LEAVES[def.type] as Check
  switch (def.type) {
    case 'array': {
      const item = compile(def.element as Schema)
      return (value) => Array.isArray(value) && value.every((element) => item(element))
    }
    case 'optional': {
      const inner = compile(def.innerType as Schema)
      return (value) => value === undefined || inner(value)
    }
    case 'object':
      // Unknown keys pass only where the schema keeps them (`looseObject`: a catchall of unknown).
      return def.catchall?._zod.def.type === 'unknown' ? objectCheck(def.shape ?? {}) : ASK_ZOD
    default:
      return ASK_ZOD
  }
}

const compiled = new WeakMap<object, Check>()

export function passes(schema: object, value: unknown): boolean {
  const check = compiled.get(schema) ?? compile(schema as Schema)
  compiled.set(schema, check)
  return check(value)
}
