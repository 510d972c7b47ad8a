import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import * as contract from '../src/index.js'
import {
  endpoints,
  errorEnvelope,
  exactErrorEnvelope,
  KNOWN_KINDS,
  KNOWN_STATUSES,
  MODES,
  type OperationName,
  PREVIEW_STATUSES,
} from '../src/index.js'

// Each property sees this many values; two cores run 34 properties.
const RUNS = 150
// The arbitraries below give exact values half the time or more (0.46–0.93 measured per property);
// a property that saw fewer than a fifth would prove little.
const MIN_ACCEPTED = 0.2

type Obj = Record<string, unknown>

const keyAt = (value: Obj, index: number) => Object.keys(value)[index % Object.keys(value).length] as string
const without = (value: Obj, key: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))

/** Mostly `valid`, sometimes the drift a newer or buggier server shows: a field added, lost or retyped. */
function drift<T extends Obj>(valid: fc.Arbitrary<T>): fc.Arbitrary<Obj> {
  return fc.oneof(
    { weight: 24, arbitrary: valid },
    { weight: 1, arbitrary: fc.tuple(valid, fc.string(), fc.jsonValue()).map(([v, k, x]) => ({ ...v, [k]: x })) },
    { weight: 1, arbitrary: fc.tuple(valid, fc.nat()).map(([v, i]) => without(v, keyAt(v, i))) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(), fc.jsonValue()).map(([v, i, x]) => ({ ...v, [keyAt(v, i)]: x })),
    },
  )
}

/** Mostly `valid`, rarely `odd`. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 30, arbitrary: valid }, { weight: 1, arbitrary: odd })

const text = fc.string({ maxLength: 12 })
const count = mostly(fc.nat({ max: 100_000 }), fc.double())
const positive = mostly(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), fc.double())
const instant = mostly(
  fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc.constantFrom('2026-11-21T10:00:00Z', '2026-11-21'),
)
// Known values, other strings the mock may use (D5), and rarely an empty or overlong one.
const openValue = (known: readonly string[]) =>
  mostly(fc.oneof(fc.constantFrom(...known), fc.string({ minLength: 1, maxLength: 64 })), fc.string({ maxLength: 70 }))
const closedValue = (known: readonly string[]) => mostly(fc.constantFrom(...known), text)
const colour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`)
const list = <T>(item: fc.Arbitrary<T>, maxLength = 3) => fc.array(item, { maxLength })

const arbitraries = (() => {
  const previewArb = drift(fc.record({ id: text, name: text, path: text, status: closedValue(PREVIEW_STATUSES) }))
  const previewFields = {
    previewStatus: closedValue(PREVIEW_STATUSES),
    previewUrl: text,
    previewAudioUrl: text,
    previewAudioMime: text,
    preferredPreviewId: text,
    previews: list(previewArb, 2),
  }
  const sessionArb = drift(
    fc.record({
      id: text,
      title: text,
      kind: openValue(KNOWN_KINDS),
      status: openValue(KNOWN_STATUSES),
      accent: mostly(fc.oneof(fc.constant(''), colour), text),
      tags: list(text),
      notes: text,
      lastOpened: instant,
      projectPath: text,
      projectOriginalPath: text,
      ...previewFields,
    }),
  )
  // D13: bucketCount is mostly the number of peaks, rarely off by any amount.
  const waveformArb = drift(
    fc
      .record({
        key: text,
        offBy: mostly(fc.constant(0), fc.double()),
        duration: positive,
        sampleRate: positive,
        audioVersion: text,
        peaks: list(mostly(fc.double({ min: 0, max: 1, noNaN: true }), fc.double()), 6),
      })
      .map(({ offBy, ...wave }) => ({ ...wave, bucketCount: wave.peaks.length + offBy })),
  )
  const noteArb = drift(
    fc.record({
      id: text,
      timestamp: mostly(fc.double({ min: 0, max: 1e4, noNaN: true }), fc.double()),
      text,
      createdAt: instant,
      updatedAt: instant,
    }),
  )
  const recentArb = drift(
    fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      path: text,
      statusCode: mostly(fc.integer({ min: 100, max: 599 }), fc.double()),
      at: instant,
    }),
  )
  const healthModel = {
    status: fc.constant('ok'),
    configuredMode: closedValue(MODES),
    effectiveMode: closedValue(MODES),
    running: mostly(fc.constant(true), fc.boolean()),
    port: fc.integer({ min: 0, max: 65_535 }),
    // D17: baseUrl ends in /api/v1.
    baseUrl: mostly(
      text.map((origin) => `${origin}/api/v1`),
      text,
    ),
    docsUrl: text,
    requestCount: count,
    recentRequests: list(recentArb),
    lastError: text,
  }
  const { lastError: _, ...always } = healthModel
  return {
    session: sessionArb,
    preview: previewArb,
    waveform: waveformArb,
    waveformNote: noteArb,
    tagCount: drift(fc.record({ tag: text, count })),
    importResult: drift(
      fc.record({
        importId: text,
        total: count,
        completed: count,
        failed: count,
        skipped: count,
        done: fc.boolean(),
        durationMs: count,
      }),
    ),
    recentRequest: recentArb,
    health: drift(fc.record(healthModel, { requiredKeys: Object.keys(always) as (keyof typeof always)[] })),
    deleted: drift(fc.record({ deleted: fc.boolean(), id: text })),
    sessionTags: drift(fc.record({ id: text, tags: list(text) })),
    sessionNotes: drift(fc.record({ id: text, notes: text })),
    sessionPreview: drift(fc.record({ id: text, ...previewFields })),
    sessionWaveform: drift(fc.record({ sessionId: text, variantId: text, waveform: waveformArb })),
    waveformNoteLane: drift(fc.record({ sessionId: text, variantId: text, key: text, notes: list(noteArb) })),
    listMeta: drift(fc.record({ total: count, limit: count, offset: count })),
  }
})()

// Each resource the arbitraries model, by the name it has in the contract.
type Pair = { exact: z.ZodMiniType; tolerant: z.ZodMiniType }
const resources = (Object.entries(contract) as [string, unknown][]).filter(
  (entry): entry is [string, Pair] => entry[0] in arbitraries,
)

const data = (inner: fc.Arbitrary<unknown>) => drift(fc.record({ data: inner }))
const a = arbitraries

// Typed by operation name, so that a new operation cannot go untested.
const answers: Record<OperationName, fc.Arbitrary<unknown>> = {
  'health.get': data(a.health),
  'sessions.list': drift(fc.record({ data: list(a.session), meta: a.listMeta })),
  'sessions.create': data(a.session),
  'sessions.get': data(a.session),
  'sessions.update': data(a.session),
  'sessions.delete': data(a.deleted),
  'tags.get': data(a.sessionTags),
  'tags.put': data(a.sessionTags),
  'tags.patch': data(a.sessionTags),
  'notes.get': data(a.sessionNotes),
  'notes.put': data(a.sessionNotes),
  'notes.patch': data(a.sessionNotes),
  'preview.get': data(a.sessionPreview),
  'waveform.get': data(a.sessionWaveform),
  'waveformNotes.put': data(a.waveformNoteLane),
  'waveformNotes.patch': data(a.waveformNoteLane),
  'imports.start': data(a.importResult),
  'tagCounts.list': drift(fc.record({ data: list(a.tagCount, 4) })),
}

const errorArb = drift(
  fc.record({
    error: drift(
      fc.record({
        status: fc.constantFrom(400, 401, 403, 404, 413, 500, 501),
        code: closedValue(['invalid_json', 'unauthorized', 'read_only', 'not_found', 'import_unavailable']),
        message: text,
      }),
    ),
  }),
)

/** Asserts that whatever `exact` accepts `tolerant` accepts too, over mostly exact values. */
function expectExactWithinTolerant(exact: z.ZodMiniType, tolerant: z.ZodMiniType, values: fc.Arbitrary<unknown>) {
  let accepted = 0
  fc.assert(
    fc.property(values, (value) => {
      if (!exact.safeParse(value).success) return true
      accepted += 1
      return tolerant.safeParse(value).success
    }),
    { numRuns: RUNS },
  )
  expect(accepted).toBeGreaterThan(RUNS * MIN_ACCEPTED)
  expect(accepted).toBeLessThan(RUNS)
}

describe('exact answers are tolerant answers (DECISIONS preamble)', () => {
  it('models every resource it checks', () => {
    expect(resources.map(([name]) => name).sort()).toEqual(Object.keys(arbitraries).sort())
  })

  it.each(resources)('%s: every exact value is a tolerant one', (name, schema) => {
    expectExactWithinTolerant(schema.exact, schema.tolerant, arbitraries[name as keyof typeof arbitraries])
  })

  it.each(Object.values(endpoints).map((op) => [op.name, op] as const))(
    '%s answer: every exact envelope is a tolerant one',
    (name, op) => {
      expectExactWithinTolerant(op.answer.exact, op.answer.tolerant, answers[name])
    },
  )

  it('error envelope: every exact one is a tolerant one', () => {
    expectExactWithinTolerant(exactErrorEnvelope, errorEnvelope, errorArb)
  })
})
