import { describe, expect, expectTypeOf, it } from 'vitest'
import { field, resource, session, z } from '../src/index.js'

describe('resource() and field()', () => {
  it('field() with one schema uses it as both strengths, and types the exact one as that schema', () => {
    const pair = resource({ note: field(z.optional(z.string())), count: field(z.number(), z.int()) })
    expect(pair.fields.note.exact).toBe(pair.fields.note.tolerant)
    // Checked by tsc: inside resource(), the exact strength used to be typed `unknown`.
    expectTypeOf<z.output<typeof pair.exact>>().toEqualTypeOf<{ note?: string | undefined; count: number }>()
    expect(pair.exact.safeParse({ count: 1.5 }).success).toBe(false)
    expect(pair.tolerant.parse({ count: 1.5, extra: true })).toEqual({ count: 1.5, extra: true })
  })

  it('a derived resource pairs each field of its tolerant schema with the exact one', () => {
    expect(Object.keys(session.fields)).toEqual(Object.keys(session.tolerant.def.shape))
    expect(session.fields.lastOpened.tolerant).toBe(session.tolerant.def.shape.lastOpened)
    expect(session.fields.lastOpened.exact).toBe(session.exact.def.shape.lastOpened)
    // Not tightened: the tolerant schema again, with its text for the document.
    expect(z.globalRegistry.get(session.fields.title.exact)?.description).toBe(
      "The session's name: trimmed, then 1–200 characters (D5).",
    )
  })
})
