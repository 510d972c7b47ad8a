import type { Operation } from '@session-library/schemas'
import { toJSONSchema, type z } from 'zod/mini'
import type { Flag } from './command.js'

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

/** How a flag's text becomes the field's value. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'strings' | 'json'

/**
 * One field of an operation's query or body, as a flag: derived from the contract's exact schema,
 * so that a new field in the contract is a new flag.
 *
 * @example `{ flag: 'project-path', field: 'projectPath', location: 'body', kind: 'string', required: false }`
 */
export interface FieldFlag {
  readonly flag: string
  readonly field: string
  readonly location: 'query' | 'body'
  readonly kind: FieldKind
  readonly required: boolean
  /** What the contract says of its values: constraints, default, the shape of JSON values. */
  readonly rule: string
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const isStrings = (schema: JsonSchema) =>
  schema.type === 'string' || (schema.type === 'array' && schema.items?.type === 'string')

function kindOf(schema: JsonSchema): FieldKind {
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

function ruleOf(schema: JsonSchema, kind: FieldKind): string {
  const variants = schema.anyOf ?? [schema]
  const main = variants.find((variant) => variant.type !== 'null') ?? schema
  const item = kind === 'strings' ? (variants.find((variant) => variant.type === 'array')?.items ?? main) : main
  const each = kind === 'strings' ? 'each ' : ''
  const length = range(item.minLength, item.maxLength, 'characters')
  // A rule JSON Schema cannot state (a trimmed length) is in the contract's description, in words.
  const words = item.description?.replace(/\.$/, '')
  const parts = [
    kind === 'json' ? shapeOf(main) : '',
    words ? `${each}${words[0]?.toLowerCase()}${words.slice(1)}` : length && `${each}${length}`,
    item.enum ? `one of ${item.enum.join(', ')}` : '',
    item.pattern && !words ? `matches ${item.pattern}` : '',
    range(main.minItems, main.maxItems, 'items'),
    main.minimum !== undefined ? `≥ ${main.minimum}` : '',
    variants.some((variant) => variant.type === 'null') ? 'or null' : '',
    schema.default !== undefined && schema.default !== '' ? `default ${JSON.stringify(schema.default)}` : '',
  ]
  return parts.filter(Boolean).join('; ')
}

function fieldsOf(schema: z.ZodMiniType | undefined, location: FieldFlag['location']): FieldFlag[] {
  if (!schema) return []
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return Object.entries(json.properties ?? {}).map(([field, property]) => {
    const kind = kindOf(property)
    return {
      flag: kebab(field),
      field,
      location,
      kind,
      required: json.required?.includes(field) ?? false,
      rule: ruleOf(property, kind),
    }
  })
}

/**
 * The flags of an operation's query and body fields, from its exact schemas (their input side: what
 * a client sends).
 *
 * @example `contractFlags(endpoints['sessions.update']).map((flag) => flag.flag) // ['title', 'kind', …]`
 */
export function contractFlags(operation: Operation): FieldFlag[] {
  return [...fieldsOf(operation.query, 'query'), ...fieldsOf(operation.body, 'body')]
}

const PLACEHOLDER: Record<FieldKind, string> = {
  string: '<text>',
  number: '<number>',
  integer: '<integer>',
  boolean: '',
  strings: '<text>',
  json: '<json|@file|->',
}

/**
 * The `parseArgs` flags of derived fields: a boolean gets its `--no-` twin, a list may be repeated.
 *
 * @example `parseArgs({ options: flagsOf(contractFlags(endpoints['tags.put'])) })`
 */
export function flagsOf(fields: readonly FieldFlag[]): Record<string, Flag> {
  const flags: Record<string, Flag> = {}
  for (const field of fields) {
    const where = field.location === 'query' ? 'Query' : 'Body'
    const text = [field.required ? 'required' : '', field.rule].filter(Boolean).join('; ')
    const description = `${where} field ${field.field}${text ? ` (${text})` : ''}.`
    if (field.kind === 'boolean') {
      flags[field.flag] = { type: 'boolean', description }
      flags[`no-${field.flag}`] = { type: 'boolean', description: `Sends ${field.field}: false.` }
      continue
    }
    const repeat = field.kind === 'strings' ? ' Repeat the flag for more values.' : ''
    flags[field.flag] = {
      type: 'string',
      multiple: field.kind === 'strings',
      value: PLACEHOLDER[field.kind],
      description: `${description}${repeat}`,
    }
  }
  return flags
}
