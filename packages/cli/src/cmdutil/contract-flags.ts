// The lazily loaded part of the command line (see contract.ts): the contract's main entry, named
// export by export (a namespace import would keep all of zod in the bundle), and the flags derived
// from its schemas with zod's JSON Schema conversion.
import { kebabCase } from '@session-library/internal'
import type { Operation } from '@session-library/schemas'
import { toJSONSchema, type z } from 'zod/mini'
import type { Flag } from './flags.js'

export { checkInput, endpoints, matchOperation, type Operation, queryInput } from '@session-library/schemas'

type JsonSchema = {
  type?: string
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  default?: unknown
  pattern?: string
  description?: string
  enum?: unknown[]
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
}

/** How a flag's text becomes the field's value (`digits`: a whole number the query sends as typed). */
type FieldKind = 'string' | 'digits' | 'number' | 'integer' | 'boolean' | 'strings' | 'json'

/**
 * One field of an operation's query or body, as a flag: derived from the contract's exact schema,
 * so that a new field in the contract is a new flag.
 */
export interface FieldFlag {
  readonly flag: string
  readonly field: string
  readonly location: 'query' | 'body'
  readonly kind: FieldKind
  readonly required: boolean
  /** What the contract says the field is, in words for people (its schema's description). */
  readonly description: string | undefined
  /** What the contract says of its values: constraints, default, the shape of JSON values. */
  readonly rule: string
  /** The values it takes, when the contract lists them (an enum). */
  readonly choices: readonly string[] | undefined
  /** Takes null (`--notes null` sends null, which clears them). */
  readonly nullable: boolean
}

const isStrings = (schema: JsonSchema) =>
  schema.type === 'string' || (schema.type === 'array' && schema.items?.type === 'string')

// A query field that takes the text of a boolean (`recent=true`) is a boolean flag: `--recent`, `--no-recent`.
function booleanText(schema: JsonSchema): boolean {
  if (schema.type !== 'string' || schema.pattern === undefined) return false
  const pattern = new RegExp(schema.pattern)
  return pattern.test('true') && pattern.test('false') && !pattern.test('maybe')
}

// A query field that takes decimal digits (`limit=50`): sent as typed, so the server's rule judges
// it (D9), but a number for people.
function digitsText(schema: JsonSchema): boolean {
  if (schema.type !== 'string' || schema.pattern === undefined) return false
  const pattern = new RegExp(schema.pattern)
  return pattern.test('1') && pattern.test('42') && !pattern.test('a') && !pattern.test('-1')
}

function kindOf(schema: JsonSchema): FieldKind {
  if (booleanText(schema)) return 'boolean'
  if (digitsText(schema)) return 'digits'
  const variants = (schema.anyOf ?? [schema]).filter((variant) => variant.type !== 'null')
  if (variants.some((variant) => variant.type === 'array') && variants.every(isStrings)) return 'strings'
  const type = variants.length === 1 ? variants[0]?.type : undefined
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' ? type : 'json'
}

const range = (min: number | undefined, max: number | undefined, unit: string) => {
  const upper = max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined
  if (min !== undefined && upper !== undefined) return `${min}–${upper} ${unit}`
  if (min !== undefined && min > 0) return `at least ${min} ${unit}`
  return upper === undefined ? '' : `at most ${upper} ${unit}`
}

function shapeOf(schema: JsonSchema): string {
  const item = schema.items ?? schema
  const fields = Object.keys(item.properties ?? {})
    .filter((name) => (item.properties?.[name]?.type ?? '') !== '')
    .map((name) => (item.required?.includes(name) ? `${name}*` : name))
  const object = `{${fields.join(', ')}}`
  return schema.type === 'array' ? `JSON array of ${object}` : `JSON ${object}`
}

function mainOf(schema: JsonSchema, kind: FieldKind): { main: JsonSchema; item: JsonSchema } {
  const variants = schema.anyOf ?? [schema]
  const main = variants.find((variant) => variant.type !== 'null') ?? schema
  const item = kind === 'strings' ? (variants.find((variant) => variant.type === 'array')?.items ?? main) : main
  return { main, item }
}

const nullable = (schema: JsonSchema) => (schema.anyOf ?? []).some((variant) => variant.type === 'null')

// The rules JSON Schema states (the description says the rest in words; a raw pattern helps nobody).
function ruleOf(schema: JsonSchema, kind: FieldKind): string {
  const { main, item } = mainOf(schema, kind)
  const each = kind === 'strings' ? 'each ' : ''
  const length = range(item.minLength, item.maxLength, 'characters')
  const parts = [
    kind === 'json' ? shapeOf(main) : '',
    item.enum ? `one of ${item.enum.join(', ')}` : '',
    length && !item.description ? `${each}${length}` : '',
    range(main.minItems, main.maxItems, 'items'),
    main.minimum !== undefined ? `≥ ${main.minimum}` : '',
    nullable(schema) ? 'or null' : '',
    schema.default !== undefined && schema.default !== '' ? `default ${JSON.stringify(schema.default)}` : '',
  ]
  return parts.filter(Boolean).join('; ')
}

// The contract's texts name the rule behind each field for us (`(D9)`, `(D5, D15)`); a person
// reading help or a completion menu needs the words, not our rule numbers.
const forPeople = (text: string | undefined) => text?.replace(/\s*\(D\d+(?:,\s*D\d+)*\)/g, '').replace(/\.$/, '')

function fieldsOf(schema: z.ZodMiniType | undefined, location: FieldFlag['location']): FieldFlag[] {
  if (!schema) return []
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return Object.entries(json.properties ?? {}).map(([field, property]) => {
    const kind = kindOf(property)
    const { item } = mainOf(property, kind)
    return {
      flag: kebabCase(field),
      field,
      location,
      kind,
      required: json.required?.includes(field) ?? false,
      description: forPeople(property.description ?? item.description),
      rule: ruleOf(property, kind),
      choices: item.enum?.map(String),
      nullable: nullable(property),
    }
  })
}

/**
 * The flags of an operation's query and body fields, from its exact schemas (their input side: what
 * a client sends).
 */
export function contractFlags(operation: Operation): FieldFlag[] {
  return [...fieldsOf(operation.query, 'query'), ...fieldsOf(operation.body, 'body')]
}

/** Each kind's placeholder in help, and a value of it for an example. */
export const KIND_VALUES: Record<FieldKind, readonly [placeholder: string, example: string]> = {
  string: ['<text>', 'text'],
  digits: ['<number>', '1'],
  number: ['<number>', '1'],
  integer: ['<integer>', '1'],
  boolean: ['', ''],
  strings: ['<text>', 'a,b'],
  json: ['<json|@file|->', '@file.json'],
}

/**
 * The flags of derived fields, described in the contract's words: a boolean may be negated
 * (`--no-recent`), a list repeated or comma-separated, an enum completed, a JSON value read from a file.
 */
export function flagsOf(fields: readonly FieldFlag[]): Record<string, Flag> {
  const flags: Record<string, Flag> = {}
  for (const field of fields) {
    const what = field.description ?? `${field.location === 'query' ? 'Query' : 'Body'} field ${field.field}`
    const text = [field.required ? 'required' : '', field.rule].filter(Boolean).join('; ')
    const description = `${what}${text ? ` (${text})` : ''}.`
    if (field.kind === 'boolean') {
      const negated = `--${field.flag} false or --no-${field.flag} sends false.`
      flags[field.flag] = { type: 'boolean', spacedValue: true, description: `${description} ${negated}` }
      continue
    }
    // Said once: a field's own text may already say how a list is given.
    const said = /comma-separated/i.test(description)
    const list = field.kind === 'strings' && !said ? ' Comma-separated, or repeat the flag.' : ''
    flags[field.flag] = {
      type: 'string',
      multiple: field.kind === 'strings',
      value: KIND_VALUES[field.kind][0],
      description: `${description}${list}`,
      ...(field.choices && { choices: field.choices }),
      ...(field.field === 'tags' && { complete: 'tags' as const }),
      ...(field.kind === 'json' && { file: true }),
    }
  }
  return flags
}
