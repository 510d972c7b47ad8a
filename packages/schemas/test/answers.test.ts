import { describe, expect, expectTypeOf, it } from 'vitest'
import * as contract from '../src/index.js'
import {
  endpoints,
  envelope,
  field,
  health,
  importResult,
  LIMITS,
  preview,
  resource,
  session,
  sessionPage,
  sessionWaveform,
  tagCount,
  tagCountList,
  waveform,
  waveformNote,
  waveformNoteLane,
  z,
} from '../src/index.js'
import {
  at,
  healthSample,
  importResultSample,
  messageOf,
  parsed,
  previewSample,
  sessionSample,
  waveformNoteSample,
  waveformSample,
} from './samples.js'

// What the table needs of a resource or envelope: both strengths, the exact one an object.
type AnyResource = { tolerant: z.ZodMiniType<Record<string, unknown>>; exact: z.ZodMiniObject }

const previewFields = {
  id: 'ses_1',
  previewStatus: 'ready',
  preferredPreviewId: 'pv_1',
  previewUrl: '',
  previewAudioUrl: '',
  previewAudioMime: 'audio/wav',
  previews: [previewSample],
}
// Each resource's sample, by the name it has in the contract.
const resourceSamples = {
  session: sessionSample,
  preview: previewSample,
  waveform: waveformSample,
  waveformNote: waveformNoteSample,
  tagCount: { tag: 'drums', count: 3 },
  importResult: importResultSample,
  health: healthSample,
  recentRequest: healthSample.recentRequests[0] as Record<string, unknown>,
  deleted: { deleted: true, id: 'ses_1' },
  sessionTags: { id: 'ses_1', tags: ['drums'] },
  sessionNotes: { id: 'ses_1', notes: '' },
  sessionPreview: previewFields,
  sessionWaveform: { sessionId: 'ses_1', variantId: 'pv_1', waveform: waveformSample },
  waveformNoteLane: { sessionId: 'ses_1', variantId: 'pv_1', key: 'wf_1', notes: [waveformNoteSample] },
  listMeta: { total: 120, limit: 50, offset: 100 },
} satisfies Partial<Record<keyof typeof contract, Record<string, unknown>>>
const contractByName = new Map<string, unknown>(Object.entries(contract))
const samples: [string, AnyResource, Record<string, unknown>][] = [
  ...Object.entries(resourceSamples).map(([name, sample]): [string, AnyResource, Record<string, unknown>] => [
    name,
    contractByName.get(name) as AnyResource,
    sample,
  ]),
  ['envelope(session)', envelope(session), { data: sessionSample }],
  ['sessionPage', sessionPage, { data: [sessionSample], meta: { total: 1, limit: 50, offset: 0 } }],
  ['tagCountList', tagCountList, { data: [{ tag: 'drums', count: 3 }] }],
]

// lastError is the one optional field (DECISIONS preamble, D17); the samples leave it out.
const requiredFields = (schema: AnyResource) => Object.keys(schema.exact.def.shape).filter((k) => k !== 'lastError')

describe.each(samples)('%s answer', (_name, schema, sample) => {
  it('SPEC: both strengths accept the documented sample', () => {
    expect(parsed(schema.exact, sample)).toEqual(sample)
    expect(parsed(schema.tolerant, sample)).toEqual(sample)
  })

  it('SPEC: lists exactly the documented fields', () => {
    expect(requiredFields(schema).sort()).toEqual(Object.keys(sample).sort())
  })

  it('DECISIONS preamble: the tolerant one keeps an unknown field', () => {
    expect(parsed(schema.tolerant, { ...sample, addedLater: { x: 1 } }).addedLater).toEqual({ x: 1 })
  })

  it('DECISIONS preamble: the exact one rejects an unknown field, naming it', () => {
    expect(messageOf(schema.exact, { ...sample, addedLater: 1 })).toBe('addedLater: is not a known field')
  })
})

describe('tolerant answers (DECISIONS preamble)', () => {
  it('accept unknown kind, status and preview statuses', () => {
    const odd = {
      ...sessionSample,
      kind: 'tracker',
      status: 'on-hold',
      previewStatus: 'queued',
      previews: [{ ...previewSample, status: 'rendering' }],
    }
    expect(parsed(session.tolerant, odd)).toEqual(odd)
  })

  it('accept unknown modes and a missing lastError', () => {
    const odd = { ...healthSample, configuredMode: 'full_automation', effectiveMode: 'kiosk' }
    expect(parsed(health.tolerant, odd)).toEqual(odd)
  })

  it('read lastError: null as absent, and keep a string lastError', () => {
    const answer = parsed(health.tolerant, { ...healthSample, lastError: null })
    expect(answer.lastError).toBeUndefined()
    expect(parsed(health.tolerant, { ...healthSample, lastError: 'disk full' }).lastError).toBe('disk full')
    expect(messageOf(health.tolerant, { ...healthSample, lastError: 3 })).toMatch(/^lastError: /)
  })

  it('keep unknown fields of nested resources', () => {
    const nested = { ...sessionSample, previews: [{ ...previewSample, durationMs: 5 }] }
    expect(parsed(session.tolerant, nested).previews[0]).toEqual({ ...previewSample, durationMs: 5 })
  })

  it('still reject a field of the wrong type', () => {
    expect(messageOf(session.tolerant, { ...sessionSample, tags: 'drums' })).toMatch(/^tags: /)
    expect(messageOf(health.tolerant, { ...healthSample, running: 'yes' })).toMatch(/^running: /)
  })
})

describe('exact answers (what the mock may send)', () => {
  it('D17: accept a health snapshot with and without lastError', () => {
    expect(parsed(health.exact, { ...healthSample, lastError: 'Import service is unavailable.' }).lastError).toBe(
      'Import service is unavailable.',
    )
    expect(parsed(health.exact, healthSample)).not.toHaveProperty('lastError')
  })

  it('D17: reject lastError: null (the mock leaves the field out instead)', () => {
    expect(messageOf(health.exact, { ...healthSample, lastError: null })).toMatch(/^lastError: /)
  })

  it('D1: reject a mode outside disabled, read-only, full-automation', () => {
    expect(messageOf(health.exact, { ...healthSample, effectiveMode: 'full_automation' })).toMatch(/^effectiveMode: /)
  })

  it('D5: reject a previewStatus outside none, pending, ready, failed', () => {
    expect(messageOf(session.exact, { ...sessionSample, previewStatus: 'queued' })).toMatch(/^previewStatus: /)
    expect(messageOf(preview.exact, { ...previewSample, status: 'rendering' })).toMatch(/^status: /)
  })

  it('D5: accept any kind and status of 1–64 characters, and reject 65', () => {
    expect(parsed(session.exact, { ...sessionSample, kind: 'k'.repeat(64), status: 's' }).kind).toHaveLength(64)
    expect(messageOf(session.exact, { ...sessionSample, kind: 'k'.repeat(65) })).toMatch(/^kind: /)
    expect(messageOf(session.exact, { ...sessionSample, status: '' })).toMatch(/^status: /)
  })

  it('D5: accept an empty accent or #rrggbb in either case, and reject other colours', () => {
    expect(parsed(session.exact, { ...sessionSample, accent: '' }).accent).toBe('')
    expect(parsed(session.exact, { ...sessionSample, accent: '#A1b2C3' }).accent).toBe('#A1b2C3')
    expect(messageOf(session.exact, { ...sessionSample, accent: 'red' })).toMatch(/^accent: /)
  })

  it('D18: reject a timestamp without milliseconds or not in UTC', () => {
    for (const lastOpened of ['2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000+01:00', 'yesterday']) {
      expect(messageOf(session.exact, { ...sessionSample, lastOpened })).toBe(
        'lastOpened: must be an ISO 8601 UTC timestamp with milliseconds',
      )
      expect(parsed(session.tolerant, { ...sessionSample, lastOpened }).lastOpened).toBe(lastOpened)
    }
  })

  it('D13: accept peaks of 0 and 1 and reject peaks outside [0, 1]', () => {
    expect(parsed(waveform.exact, { ...waveformSample, peaks: [0, 1, 0, 1] }).peaks).toEqual([0, 1, 0, 1])
    expect(messageOf(waveform.exact, { ...waveformSample, peaks: [1.01, 0, 0, 0] })).toMatch(/^peaks\[0\]: /)
    expect(messageOf(waveform.exact, { ...waveformSample, peaks: [0, -0.01, 0, 0] })).toMatch(/^peaks\[1\]: /)
  })

  it('D13: reject a duration or sampleRate that is not positive', () => {
    expect(messageOf(waveform.exact, { ...waveformSample, duration: 0 })).toMatch(/^duration: /)
    expect(messageOf(waveform.exact, { ...waveformSample, sampleRate: -1 })).toMatch(/^sampleRate: /)
  })

  it('D14: accept a note at 0 seconds and reject a negative timestamp', () => {
    expect(parsed(waveformNote.exact, { ...waveformNoteSample, timestamp: 0 }).timestamp).toBe(0)
    expect(messageOf(waveformNote.exact, { ...waveformNoteSample, timestamp: -1 })).toMatch(/^timestamp: /)
  })

  it('SPEC §2.6: reject counts that are negative or not integers', () => {
    expect(messageOf(importResult.exact, { ...importResultSample, total: -1 })).toMatch(/^total: /)
    expect(messageOf(importResult.exact, { ...importResultSample, durationMs: 1.5 })).toMatch(/^durationMs: /)
    expect(messageOf(tagCount.exact, { tag: 'drums', count: 0.5 })).toMatch(/^count: /)
  })

  it('SPEC §2.7: reject a non-integer statusCode in recentRequests', () => {
    const recentRequests = [{ method: 'GET', path: '/api/v1/health', statusCode: 200.5, at }]
    expect(messageOf(health.exact, { ...healthSample, recentRequests })).toMatch(/^recentRequests\[0\]\.statusCode: /)
  })

  it('SPEC §2.1: reject a session that lacks a field', () => {
    const { previews: _previews, ...withoutPreviews } = sessionSample
    expect(messageOf(session.exact, withoutPreviews)).toMatch(/^previews: /)
  })
})

// The exact rules of DECISIONS that an answer must keep beyond its fields' types, each at and past
// its edge; the tolerant twin accepts every value past the edge (DECISIONS preamble).
const entry = { method: 'GET', path: '/api/v1/health', statusCode: 200, at }
const recent = (count: number) => Array.from({ length: count }, () => entry)

describe('exact answers: DECISIONS rules beyond the types', () => {
  it('D13: accept a bucketCount equal to the number of peaks, and reject one more or one fewer', () => {
    expect(parsed(waveform.exact, { ...waveformSample, bucketCount: 4 }).bucketCount).toBe(4)
    for (const bucketCount of [3, 5]) {
      expect(messageOf(waveform.exact, { ...waveformSample, bucketCount })).toBe(
        'bucketCount: must equal the number of peaks',
      )
      expect(parsed(waveform.tolerant, { ...waveformSample, bucketCount }).bucketCount).toBe(bucketCount)
    }
  })

  it('D13: accept an empty waveform with bucketCount 0', () => {
    expect(parsed(waveform.exact, { ...waveformSample, bucketCount: 0, peaks: [] }).peaks).toEqual([])
  })

  it('D13: check bucketCount inside the waveform answer too', () => {
    const answer = { data: { sessionId: 's', variantId: 'v', waveform: { ...waveformSample, bucketCount: 5 } } }
    expect(messageOf(endpoints['waveform.get'].answer.exact, answer)).toBe(
      'data.waveform.bucketCount: must equal the number of peaks',
    )
    expect(messageOf(sessionWaveform.exact, answer.data)).toMatch(/^waveform\.bucketCount: /)
  })

  it('D14: accept note text of 1 and of 2,000 characters', () => {
    for (const text of ['x', 'x'.repeat(LIMITS.noteTextLength)]) {
      expect(parsed(waveformNote.exact, { ...waveformNoteSample, text }).text).toBe(text)
    }
  })

  it('D14: reject note text of 0 and of 2,001 characters, in a lane too', () => {
    expect(messageOf(waveformNote.exact, { ...waveformNoteSample, text: '' })).toBe('text: must be a non-empty string')
    const long = { ...waveformNoteSample, text: 'x'.repeat(LIMITS.noteTextLength + 1) }
    expect(messageOf(waveformNote.exact, long)).toBe('text: must be at most 2000 characters')
    const lane = { sessionId: 's', variantId: 'v', key: 'k', notes: [long] }
    expect(messageOf(waveformNoteLane.exact, lane)).toMatch(/^notes\[0\]\.text: /)
    expect(parsed(waveformNote.tolerant, long).text).toHaveLength(LIMITS.noteTextLength + 1)
  })

  it('D17: accept 50 recentRequests and reject 51', () => {
    expect(parsed(health.exact, { ...healthSample, recentRequests: recent(50) }).recentRequests).toHaveLength(50)
    expect(messageOf(health.exact, { ...healthSample, recentRequests: recent(51) })).toBe(
      'recentRequests: must hold at most 50 requests',
    )
    expect(parsed(health.tolerant, { ...healthSample, recentRequests: recent(51) }).recentRequests).toHaveLength(51)
  })

  it('D17: accept a baseUrl ending in /api/v1 and reject one that does not', () => {
    expect(parsed(health.exact, healthSample).baseUrl).toBe('http://127.0.0.1:4777/api/v1')
    for (const baseUrl of ['http://127.0.0.1:4777', 'http://127.0.0.1:4777/api/v1/', 'http://127.0.0.1:4777/api/v2']) {
      expect(messageOf(health.exact, { ...healthSample, baseUrl })).toBe('baseUrl: must end in /api/v1')
      expect(parsed(health.tolerant, { ...healthSample, baseUrl }).baseUrl).toBe(baseUrl)
    }
  })

  it('D17: reject a status other than ok and running other than true', () => {
    expect(messageOf(health.exact, { ...healthSample, status: 'degraded' })).toMatch(/^status: /)
    expect(messageOf(health.exact, { ...healthSample, running: false })).toMatch(/^running: /)
    expect(parsed(health.tolerant, { ...healthSample, status: 'degraded', running: false }).status).toBe('degraded')
  })
})

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
