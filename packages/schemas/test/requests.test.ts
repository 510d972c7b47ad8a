import { describe, expect, it } from 'vitest'
import { noPreview } from '../../../test-support/fixtures/session-record.js'
import {
  importBody,
  notesBody,
  previewDefaults,
  SERVER_MANAGED_FIELDS,
  SESSION_DEFAULTS,
  session,
  sessionCreateBody,
  sessionUpdateBody,
  tagsBody,
  waveformNotesBody,
} from '../src/index.js'
import { distinct, messageOf, parsed } from './samples.js'

const writableFields = Object.keys(sessionCreateBody.def.shape)
const pad = (text: string) => `  ${text}\t`

describe('POST /sessions body', () => {
  it('D5: needs only a title and fills the documented defaults', () => {
    expect(parsed(sessionCreateBody, { title: 'Night Drive' })).toEqual({ title: 'Night Drive', ...SESSION_DEFAULTS })
    expect(SESSION_DEFAULTS).toEqual({
      kind: 'other',
      status: 'idea',
      accent: '',
      tags: [],
      notes: '',
      projectPath: '',
    })
  })

  it('D5: keeps every writable field of SPEC §4.4 as sent', () => {
    const body = {
      title: 'Night Drive',
      kind: 'custom-daw',
      status: 'on-hold',
      accent: '#A1b2C3',
      tags: ['drums'],
      notes: 'n',
      projectPath: '/p.als',
    }
    expect(parsed(sessionCreateBody, body)).toEqual(body)
  })

  it('D5: trims the title and accepts 200 characters after trimming', () => {
    expect(parsed(sessionCreateBody, { title: pad('a'.repeat(200)) }).title).toBe('a'.repeat(200))
  })

  it('D5: rejects a title of 201 characters after trimming', () => {
    expect(messageOf(sessionCreateBody, { title: pad('a'.repeat(201)) })).toBe('title: must be at most 200 characters')
  })

  it('D5: counts characters as code points, as JSON Schema does: 200 emoji are a title, 201 are not', () => {
    expect(parsed(sessionCreateBody, { title: pad('🎹'.repeat(200)) }).title).toBe('🎹'.repeat(200))
    expect(messageOf(sessionCreateBody, { title: '🎹'.repeat(201) })).toBe('title: must be at most 200 characters')
  })

  it.each(['kind', 'status'])('D5: counts the 64 characters of a %s as code points', (name) => {
    expect(parsed(sessionCreateBody, { title: 'A', [name]: '𝄞'.repeat(64) })[name as 'kind']).toBe('𝄞'.repeat(64))
    expect(messageOf(sessionCreateBody, { title: 'A', [name]: '𝄞'.repeat(65) })).toBe(
      `${name}: must be at most 64 characters`,
    )
  })

  it('D5: rejects a blank title', () => {
    expect(messageOf(sessionCreateBody, { title: ' \n ' })).toBe('title: must be a non-empty string')
  })

  it('D5: rejects a body without a title', () => {
    expect(messageOf(sessionCreateBody, { kind: 'logic' })).toBe('title: is required')
  })

  it.each(['kind', 'status'])('D5: accepts a %s of 64 characters, any string', (name) => {
    expect(parsed(sessionCreateBody, { title: 't', [name]: 'x'.repeat(64) })[name as 'kind']).toBe('x'.repeat(64))
  })

  it.each(['kind', 'status'])('D5: rejects a %s of 65 characters', (name) => {
    expect(messageOf(sessionCreateBody, { title: 't', [name]: 'x'.repeat(65) })).toBe(
      `${name}: must be at most 64 characters`,
    )
  })

  it.each(['kind', 'status'])('D5: rejects an empty %s', (name) => {
    expect(messageOf(sessionCreateBody, { title: 't', [name]: '' })).toBe(`${name}: must be a non-empty string`)
  })

  it.each(['#abc', 'ff8800', '#ff88001', '#gg8800', 'red'])('D5: rejects the accent %j', (accent) => {
    expect(messageOf(sessionCreateBody, { title: 't', accent })).toBe('accent: must be "" or a #rrggbb colour')
  })

  it('D7: accepts notes of 100,000 characters', () => {
    expect(parsed(sessionCreateBody, { title: 't', notes: 'n'.repeat(100_000) }).notes).toHaveLength(100_000)
  })

  it('D7: rejects notes of 100,001 characters', () => {
    expect(messageOf(sessionCreateBody, { title: 't', notes: 'n'.repeat(100_001) })).toBe(
      'notes: must be at most 100000 characters',
    )
  })

  it('D6: applies the tag rules to the tags of a new session', () => {
    expect(parsed(sessionCreateBody, { title: 't', tags: [' a', 'a'] }).tags).toEqual(['a'])
    expect(messageOf(sessionCreateBody, { title: 't', tags: ['a,b'] })).toBe('tags[0]: must not contain a comma')
  })

  it('D4: rejects an unknown field, naming it', () => {
    expect(messageOf(sessionCreateBody, { title: 't', client: 'ACME' })).toBe('client: is not a known field')
  })

  it.each(SERVER_MANAGED_FIELDS)('D4: rejects the server-managed field %s, naming it', (name) => {
    expect(messageOf(sessionCreateBody, { title: 't', [name]: 'x' })).toBe(`${name}: is managed by the server`)
  })

  it('D4: names every session field that is not writable as server-managed', () => {
    const readOnly = Object.keys(session.fields).filter((name) => !writableFields.includes(name))
    expect([...SERVER_MANAGED_FIELDS].sort()).toEqual(readOnly.sort())
  })

  it.each(writableFields)('D8: rejects null as the %s of a new session', (name) => {
    expect(messageOf(sessionCreateBody, { title: 't', [name]: null })).toMatch(new RegExp(`^${name}: must be a`))
  })

  it('D4: names every failing field at once', () => {
    expect(messageOf(sessionCreateBody, { title: '', tags: 'drums', id: 'x' })).toBe(
      'title: must be a non-empty string; tags: must be an array; id: is managed by the server',
    )
  })

  it.each([null, [], 'title', 3])('D4: rejects the body %j, which is not a JSON object', (body) => {
    expect(messageOf(sessionCreateBody, body)).toBe('body: must be a JSON object')
  })
})

describe('PATCH /sessions/{id} body', () => {
  it('D8: takes {} as a no-op', () => {
    expect(parsed(sessionUpdateBody, {})).toEqual({})
  })

  it('D8: carries only the fields sent, without defaults', () => {
    expect(parsed(sessionUpdateBody, { status: 'mixing' })).toEqual({ status: 'mixing' })
  })

  it.each(writableFields)('D8: rejects null as the %s', (name) => {
    expect(messageOf(sessionUpdateBody, { [name]: null })).toMatch(new RegExp(`^${name}: must be a`))
  })

  it('D5: applies the create rules to each field it carries', () => {
    expect(messageOf(sessionUpdateBody, { title: '   ' })).toBe('title: must be a non-empty string')
    expect(messageOf(sessionUpdateBody, { kind: 'k'.repeat(65) })).toBe('kind: must be at most 64 characters')
    expect(parsed(sessionUpdateBody, { title: pad('New') })).toEqual({ title: 'New' })
  })

  it('D4: rejects server-managed and unknown fields', () => {
    expect(messageOf(sessionUpdateBody, { lastOpened: '2026-11-21T10:00:00.000Z', color: 'red' })).toBe(
      'lastOpened: is managed by the server; color: is not a known field',
    )
  })
})

describe('PUT/PATCH /sessions/{id}/tags body', () => {
  it('D6: trims tags and drops duplicates, keeping the first and the order, case-sensitively', () => {
    expect(parsed(tagsBody, { tags: [' vox', 'drums', 'vox ', 'Vox'] }).tags).toEqual(['vox', 'drums', 'Vox'])
  })

  it('D6: accepts a tag of 64 characters after trimming', () => {
    expect(parsed(tagsBody, { tags: [pad('t'.repeat(64))] }).tags).toEqual(['t'.repeat(64)])
  })

  it('D6: rejects a tag of 65 characters', () => {
    expect(messageOf(tagsBody, { tags: ['ok', 't'.repeat(65)] })).toBe('tags[1]: must be at most 64 characters')
  })

  it('D6: rejects a blank tag', () => {
    expect(messageOf(tagsBody, { tags: ['  '] })).toBe('tags[0]: must be a non-empty string')
  })

  it('D6: rejects a tag with a comma', () => {
    expect(messageOf(tagsBody, { tags: ['drums,vox'] })).toBe('tags[0]: must not contain a comma')
  })

  it('D6: accepts 100 distinct tags', () => {
    expect(parsed(tagsBody, { tags: distinct(100) }).tags).toHaveLength(100)
  })

  it('D6: rejects 101 distinct tags', () => {
    expect(messageOf(tagsBody, { tags: distinct(101) })).toBe('tags: must hold at most 100 distinct tags')
  })

  it('D6: counts tags after dropping duplicates', () => {
    expect(parsed(tagsBody, { tags: [...distinct(100), ...distinct(50), ' t0 '] }).tags).toEqual(distinct(100))
  })

  it('D6: accepts an empty list, which clears the tags', () => {
    expect(parsed(tagsBody, { tags: [] })).toEqual({ tags: [] })
  })

  it('D4: rejects a body without tags or with another field', () => {
    expect(messageOf(tagsBody, {})).toBe('tags: is required')
    expect(messageOf(tagsBody, { tags: [], label: 'x' })).toBe('label: is not a known field')
  })
})

describe('PUT/PATCH /sessions/{id}/notes body', () => {
  it.each(['', null])('D7: clears the notes with %j', (notes) => {
    expect(parsed(notesBody, { notes })).toEqual({ notes: '' })
  })

  it('D7: accepts 100,000 characters', () => {
    expect(parsed(notesBody, { notes: 'n'.repeat(100_000) }).notes).toHaveLength(100_000)
  })

  it('D7: rejects 100,001 characters', () => {
    expect(messageOf(notesBody, { notes: 'n'.repeat(100_001) })).toBe('notes: must be at most 100000 characters')
  })

  it('D4: rejects a missing or non-string value', () => {
    expect(messageOf(notesBody, {})).toBe('notes: is required')
    expect(messageOf(notesBody, { notes: 5 })).toBe('notes: must be a string')
  })
})

describe('PUT/PATCH /sessions/{id}/waveform-notes body', () => {
  const note = (over: Record<string, unknown> = {}) => ({ timestamp: 1.5, text: 'drop', ...over })
  const lane = (notes: unknown[]) => ({ notes })

  it('D14: accepts a note without an id and keeps a sent id', () => {
    expect(parsed(waveformNotesBody, lane([note(), note({ id: 'wn_1' })]))).toEqual(
      lane([note(), note({ id: 'wn_1' })]),
    )
  })

  it('D14: ignores createdAt and updatedAt, whatever they hold', () => {
    expect(parsed(waveformNotesBody, lane([note({ createdAt: 'yesterday', updatedAt: 5 })]))).toEqual(lane([note()]))
  })

  it('D14: accepts a timestamp of 0 seconds', () => {
    expect(parsed(waveformNotesBody, lane([note({ timestamp: 0 })])).notes[0]?.timestamp).toBe(0)
  })

  it('D14: rejects a negative timestamp', () => {
    expect(messageOf(waveformNotesBody, lane([note({ timestamp: -0.001 })]))).toBe(
      'notes[0].timestamp: must be ≥ 0 seconds',
    )
  })

  it.each([Number.POSITIVE_INFINITY, Number.NaN, '1.5'])('D14: rejects the timestamp %j', (timestamp) => {
    expect(messageOf(waveformNotesBody, lane([note({ timestamp })]))).toBe(
      'notes[0].timestamp: must be a finite number',
    )
  })

  it('D14: accepts a text of 2,000 characters', () => {
    expect(parsed(waveformNotesBody, lane([note({ text: 'x'.repeat(2_000) })])).notes[0]?.text).toHaveLength(2_000)
  })

  it('D14: rejects a text of 2,001 characters', () => {
    expect(messageOf(waveformNotesBody, lane([note({ text: 'x'.repeat(2_001) })]))).toBe(
      'notes[0].text: must be at most 2000 characters',
    )
  })

  it('D14: rejects an empty text', () => {
    expect(messageOf(waveformNotesBody, lane([note({ text: '' })]))).toBe('notes[0].text: must be a non-empty string')
  })

  it('D14: accepts 1,000 notes in a lane', () => {
    expect(parsed(waveformNotesBody, lane(Array.from({ length: 1_000 }, () => note()))).notes).toHaveLength(1_000)
  })

  it('D14: rejects 1,001 notes in a lane', () => {
    expect(messageOf(waveformNotesBody, lane(Array.from({ length: 1_001 }, () => note())))).toBe(
      'notes: must hold at most 1000 notes',
    )
  })

  it('D14: accepts an empty lane', () => {
    expect(parsed(waveformNotesBody, lane([]))).toEqual(lane([]))
  })

  it('D14: rejects a repeated note id', () => {
    expect(messageOf(waveformNotesBody, lane([note({ id: 'a' }), note({ id: 'b' }), note({ id: 'a' })]))).toBe(
      'notes: must not repeat a note id',
    )
  })

  it('D14: rejects an empty note id', () => {
    expect(messageOf(waveformNotesBody, lane([note({ id: '' })]))).toBe('notes[0].id: must be a non-empty string')
  })

  it('D4: rejects an unknown field of a note, naming its path', () => {
    expect(messageOf(waveformNotesBody, lane([note(), note({ colour: 'red' })]))).toBe(
      'notes[1].colour: is not a known field',
    )
  })
})

describe('POST /import body', () => {
  const item = (over: Record<string, unknown> = {}) => ({ projectPath: '/music/song.als', ...over })
  const items = (count: number) => Array.from({ length: count }, (_, i) => item({ projectPath: `/m/${i}.als` }))

  it('D15: accepts one item with only a projectPath and defaults generatePreviews to false', () => {
    expect(parsed(importBody, { items: [item()] })).toEqual({ generatePreviews: false, items: [item()] })
  })

  it('D15: keeps the optional fields of SPEC §4.13', () => {
    const full = {
      kind: 'reaper',
      generatePreviews: true,
      items: [item({ title: 'Song', projectType: 'als', previewAudioPath: '/m/song.wav' })],
    }
    expect(parsed(importBody, full)).toEqual(full)
  })

  it('D15: accepts 1,000 items', () => {
    expect(parsed(importBody, { items: items(1_000) }).items).toHaveLength(1_000)
  })

  it('D15: rejects 1,001 items', () => {
    expect(messageOf(importBody, { items: items(1_001) })).toBe('items: must hold at most 1000 items')
  })

  it('D15: rejects an empty item list', () => {
    expect(messageOf(importBody, { items: [] })).toBe('items: must hold at least 1 item')
  })

  it('D15: rejects an item without a projectPath or with an empty one', () => {
    expect(messageOf(importBody, { items: [{ title: 'x' }] })).toBe('items[0].projectPath: is required')
    expect(messageOf(importBody, { items: [item({ projectPath: '' })] })).toBe(
      'items[0].projectPath: must be a non-empty string',
    )
  })

  it('D5: rejects a kind of 65 characters', () => {
    expect(messageOf(importBody, { kind: 'k'.repeat(65), items: [item()] })).toBe('kind: must be at most 64 characters')
  })

  it('D4: rejects a non-boolean generatePreviews', () => {
    expect(messageOf(importBody, { generatePreviews: 'yes', items: [item()] })).toBe(
      'generatePreviews: must be a boolean',
    )
  })

  it('D4: rejects an unknown item field as unknown, not as a session field', () => {
    expect(messageOf(importBody, { items: [item({ id: 'x' })] })).toBe('items[0].id: is not a known field')
  })
})

describe('previewDefaults', () => {
  it('D5: a new session has no preview: status none, empty URLs and preferred id, no previews', () => {
    expect(previewDefaults()).toEqual(noPreview())
  })

  it('D5: each call gives a session its own previews array', () => {
    expect(previewDefaults().previews).not.toBe(previewDefaults().previews)
  })
})
