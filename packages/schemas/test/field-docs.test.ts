import { beforeAll, describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { FIELD_TEXTS } from '../src/field-texts.js'
import * as contract from '../src/index.js'
import { core, definitionOf, unwrapped } from '../src/validation/departure.js'
import { createHover, type Hover } from './support/hover.js'

// Each field's text is written once, as its TSDoc, which an editor shows; field-texts.ts is copied
// from it by a script, and the schemas carry it from there to the OpenAPI document and the CLI's
// help. These tests ask TypeScript's language service, as an editor does.

/** A field's text, as the document reads it: its own, else that of the schema it wraps. */
const textOf = (schema: z.ZodMiniType): string | undefined => {
  const inner = unwrapped(schema)
  return contract.z.globalRegistry.get(schema)?.description ?? (inner && textOf(inner))
}

interface Spot {
  name: string
  /** A TypeScript type that holds the field, and the field's key. */
  type: string
  key: string
  text: string | undefined
}

/** Every field of a request schema, nested ones too. */
function requestFields(type: string, schema: z.ZodMiniType): Spot[] {
  const definition = definitionOf(core(schema))
  if (definition.type === 'array' && definition.element)
    return requestFields(`NonNullable<${type}>[number]`, definition.element)
  if (definition.type !== 'object') return []
  return Object.entries(definition.shape ?? {}).flatMap(([key, field]) => [
    { name: `${type}.${key}`, type, key, text: textOf(field) },
    ...requestFields(`NonNullable<${type}>['${key}']`, field),
  ])
}

const requests = contract.operations.flatMap((op) => [
  ...(op.body ? requestFields(`api.BodyOf<'${op.name}'>`, op.body) : []),
  ...(op.query ? requestFields(`api.QueryOf<'${op.name}'>`, op.query) : []),
])
const exported = new Map(Object.entries(contract))
// The answer resources, by the name of their schema (`session`), and the named type of each (`Session`).
const resources = Object.entries(FIELD_TEXTS).flatMap(([name, texts]) => {
  const resource = exported.get(name) as typeof contract.session | undefined
  if (!resource?.tolerant) return []
  return [{ type: `${name[0]?.toUpperCase()}${name.slice(1)}`, texts: texts as Record<string, string>, resource }]
})
const answers: Spot[] = resources.flatMap(({ type, texts }) =>
  Object.entries(texts).map(([key, text]) => ({ name: `${type}.${key}`, type: `api.${type}`, key, text })),
)
const NAMED = ['Session', 'SessionPage', 'Health']

// One probe for every spot: the language service checks it once.
let shown = new Map<string, Hover>()
beforeAll(() => {
  const spots = [...requests, ...answers]
  const lines = spots.map(
    (spot, index) => `declare const v${index}: NonNullable<${spot.type}>\nv${index}./*|*/${spot.key}`,
  )
  const named = NAMED.map((type) => `declare const n${type}: api.${type}\n/*|*/n${type}`)
  const hovers = createHover()([`import type * as api from '../src/index.js'`, ...lines, ...named].join('\n'))
  shown = new Map([...spots.map((spot) => spot.name), ...NAMED].map((name, index) => [name, hovers[index] as Hover]))
}, 60_000)

describe('field docs on hover', () => {
  it('D5: hovering accent of a create body shows what it takes', () => {
    expect(shown.get("api.BodyOf<'sessions.create'>.accent")?.docs).toBe('A colour as #rrggbb, or empty for none (D5).')
  })

  it('D9: hovering limit of the list query shows its default and its clamp', () => {
    expect(shown.get("api.QueryOf<'sessions.list'>.limit")?.docs).toBe(
      'How many sessions a page holds: a whole number ≥ 1 in decimal digits, 50 by default; above 500, 500 is used; above 2^53−1 refused (D9).',
    )
  })

  it.each(requests.map((spot) => [spot.name, spot] as const))(
    '%s: shows on hover the text the document and the CLI read',
    (name, spot) => {
      expect(spot.text, 'a text for people').toMatch(/\w/)
      expect(shown.get(name)?.docs).toBe(spot.text)
    },
  )

  it.each(answers.map((spot) => [spot.name, spot] as const))('%s: shows on hover its text', (name, spot) => {
    expect(shown.get(name)?.docs).toBe(spot.text)
  })

  it('gives every field of every answer type a text', () => {
    expect(resources.length).toBeGreaterThanOrEqual(16)
    for (const { type, texts, resource } of resources) {
      expect(Object.keys(texts).sort(), type).toEqual(Object.keys(resource.tolerant.def.shape).sort())
    }
  })

  it('the document gives each field of each component the same text', () => {
    const schemas = contract.createOpenApiDocument().components.schemas as Record<
      string,
      { properties?: Record<string, { description?: string; $ref?: string }> }
    >
    let compared = 0
    for (const { type, texts } of resources) {
      for (const [key, property] of Object.entries(schemas[type]?.properties ?? {})) {
        // A nested component ($ref) is described by its own fields.
        if (property.$ref) continue
        expect(property.description, `${type}.${key}`).toBe(texts[key])
        compared += 1
      }
    }
    expect(compared).toBeGreaterThanOrEqual(50)
  })

  it.each(NAMED)('names the type in a hover: %s, not its expanded fields', (type) => {
    expect(shown.get(type)?.display).toBe(`const n${type}: api.${type}`)
  })
})
