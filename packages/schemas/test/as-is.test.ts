import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { sessionRecord } from '../../../test-support/fixtures/session-record.js'
import {
  acceptsAsIs,
  LIMITS,
  session,
  storedWaveform,
  waveformNoteLane,
  writtenLibrary,
  writtenSession,
} from '../src/index.js'

const RUNS = 400

/** What `acceptsAsIs` must answer: zod accepts the value and gives it back as it is. */
function zodAsIs(schema: z.ZodMiniType, value: unknown): boolean {
  const parsed = schema.safeParse(value)
  return parsed.success && isDeepStrictEqual(parsed.data, value)
}

// Texts at and past every edge of the write rules: empty, blank, padded, commas, astral
// characters, each length of LIMITS and one either side.
const unit = fc.constantFrom('a', 'Z', '0', ' ', ',', '\t', 'é', '🎹', '#', 'f')
const lengths = [0, 1, 2, ...Object.values(LIMITS).flatMap((n) => (n <= LIMITS.notesLength ? [n - 1, n, n + 1] : []))]
const text = fc.oneof(
  fc.string({ unit, maxLength: 6 }),
  fc.tuple(fc.constantFrom(...lengths), unit, fc.constantFrom('', ' ', ',')).map(([n, u, pad]) => pad + u.repeat(n)),
  fc.constantFrom(
    '#a1b2c3',
    '#A1B2C3',
    '#abc',
    '2026-11-20T10:00:00.000Z',
    '2026-02-29T10:00:00.000Z',
    'none',
    'ready',
  ),
)
const tagList = fc.oneof(
  fc.array(text, { maxLength: 4 }),
  fc.array(fc.constantFrom('drums', 'synth', ' synth'), { maxLength: 4 }),
  fc
    .integer({ min: LIMITS.tagsPerSession - 1, max: LIMITS.tagsPerSession + 1 })
    .map((count) => Array.from({ length: count }, (_, at) => `tag ${at % (LIMITS.tagsPerSession - 1)}`)),
)
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined))
const preview = fc.record(
  { id: text, name: text, path: text, status: fc.constantFrom('ready', 'pending', 'gone') },
  { noNullPrototype: true },
)

const FIELDS = ['title', 'kind', 'status', 'accent', 'tags', 'notes', 'lastOpened', 'previewStatus', 'previews']

/** A stored session with up to two fields replaced by edge values, and maybe one retyped, removed or added. */
const sessionLike = fc
  .tuple(
    fc.record(
      {
        title: text,
        kind: text,
        status: text,
        accent: text,
        tags: tagList,
        notes: text,
        lastOpened: text,
        previewStatus: text,
        previews: fc.array(preview, { maxLength: 2 }),
      },
      { noNullPrototype: true },
    ),
    fc.subarray(FIELDS, { maxLength: 2 }),
    fc.option(fc.tuple(fc.constantFrom('title', 'id', 'client', 'extra', 'tags'), anyValue)),
  )
  .map(([fields, replaced, odd]) => {
    const record: Record<string, unknown> = sessionRecord({ id: 'ses_a', title: 'A', client: '' })
    for (const key of replaced) record[key] = fields[key as keyof typeof fields]
    if (odd) {
      const [key, value] = odd
      if (value === undefined) delete record[key]
      else record[key] = value
    }
    return record
  })

describe('acceptsAsIs: the fast exact check gives the answer of the zod parse', () => {
  it.each([
    ['a stored session under the write rules (D5–D7)', writtenSession, sessionLike],
    ['an answered session', session.exact, sessionLike],
    ['a waveform note lane', waveformNoteLane.exact, fc.jsonValue({ maxDepth: 3 })],
    ['a stored waveform', storedWaveform, fc.jsonValue({ maxDepth: 4 })],
  ] as const)('%s: true exactly when zod accepts the value and keeps it as it is', (_, schema, values) => {
    const check = acceptsAsIs(schema)
    let accepted = 0
    fc.assert(
      fc.property(values as fc.Arbitrary<unknown>, (value) => {
        const expected = zodAsIs(schema, value)
        if (expected) accepted += 1
        expect(check(value)).toBe(expected)
      }),
      { numRuns: RUNS },
    )
    if (schema === writtenSession) expect(accepted).toBeGreaterThan(RUNS / 10)
  })

  it('where eval is not allowed (zod jitless), its loop gives the same answers', () => {
    z.config({ jitless: true })
    try {
      const check = acceptsAsIs(z.extend(writtenSession, {}))
      fc.assert(
        fc.property(sessionLike, (value) => {
          expect(check(value)).toBe(zodAsIs(writtenSession, value))
        }),
        { numRuns: RUNS },
      )
    } finally {
      z.config({ jitless: false })
    }
  })

  it('where code cannot be made (a Content-Security-Policy without unsafe-eval), its loop gives the same answers', () => {
    const made = globalThis.Function
    let refused = 0
    globalThis.Function = function refusedEval() {
      refused += 1
      throw new EvalError('Code generation from strings disallowed for this context')
    } as unknown as FunctionConstructor
    let check: (value: unknown) => boolean
    try {
      check = acceptsAsIs(z.extend(writtenSession, {}))
    } finally {
      globalThis.Function = made
    }
    expect(refused).toBeGreaterThan(0)
    fc.assert(
      fc.property(sessionLike, (value) => {
        expect(check(value)).toBe(zodAsIs(writtenSession, value))
      }),
      { numRuns: RUNS },
    )
  })

  it('a whole library: true exactly when zod accepts it as it is', () => {
    const library = fc.record(
      {
        version: fc.constantFrom(1, 2),
        nextId: fc.constantFrom(0, 1, 7, 1.5, Number.MAX_SAFE_INTEGER + 2),
        sessions: fc.array(sessionLike, { maxLength: 3 }),
        lanes: fc.constant([]),
      },
      { noNullPrototype: true },
    )
    fc.assert(
      fc.property(library, (value) => {
        expect(acceptsAsIs(writtenLibrary)(value)).toBe(zodAsIs(writtenLibrary, value))
      }),
      { numRuns: RUNS },
    )
  })

  it('D6: tags held twice are accepted by the parse but not as they are (a write keeps one)', () => {
    const record = sessionRecord({ id: 'ses_a', title: 'A', client: '', tags: ['a', 'a'] })
    expect(writtenSession.safeParse(record).success).toBe(true)
    expect(acceptsAsIs(writtenSession)(record)).toBe(false)
    expect(acceptsAsIs(writtenSession)({ ...record, tags: ['a'] })).toBe(true)
  })

  it('refuses to build for a kind of schema it does not know, rather than guess', () => {
    expect(() => acceptsAsIs(z.union([z.string(), z.number()]))).toThrow('a union schema is not supported')
  })
})
