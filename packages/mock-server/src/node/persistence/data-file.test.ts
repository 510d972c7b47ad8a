import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { MAX_JSON_DEPTH, TOO_DEEP } from '@session-library/internal'
import { issueLines, LIMITS, writtenSession } from '@session-library/schemas'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storedSession, withPreviews } from '../../../test/support/library.js'
import type { LibrarySnapshot } from '../../store/records.js'
import { version } from '../../version.js'
import { DataFileError, loadDataFile, writeDataFile } from './data-file.js'

const session = storedSession({ id: 'ses_1', title: 'Night Drive', kind: 'ableton', tags: ['synth'], client: 'Acme' })
const lane = { sessionId: 'ses_1', variantId: 'pv_1', key: 'ses_1:pv_1', notes: [] }
const library = (nextId: number): LibrarySnapshot => ({ version: 1, nextId, sessions: [session], lanes: [] })

let directory: string
let path: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-data-'))
  path = join(directory, 'library.json')
})
afterEach(() => rm(directory, { recursive: true, force: true }))

describe('--data file', () => {
  it('loads nothing from a file that does not exist yet', async () => {
    expect(await loadDataFile(path)).toBeUndefined()
  })

  it('saves a library and loads it back', async () => {
    await writeDataFile(path, library(7))
    expect(await loadDataFile(path)).toEqual(library(7))
  })

  it('refuses a file that is not JSON, naming the file', async () => {
    await writeFile(path, '{"version": 1,')
    await expect(loadDataFile(path)).rejects.toThrow(DataFileError)
    await expect(loadDataFile(path)).rejects.toThrow(`--data ${path}: is not valid JSON`)
  })

  it('refuses a file nested past the one JSON depth limit, naming the limit', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    await writeFile(path, `{"version":1,"nextId":1,"sessions":[],"lanes":${deep(MAX_JSON_DEPTH)}}`)
    await expect(loadDataFile(path)).rejects.toThrow(`--data ${path}: ${TOO_DEEP}`)
    await writeFile(path, `{"version":1,"nextId":1,"sessions":[],"lanes":${deep(MAX_JSON_DEPTH - 1)}}`)
    await expect(loadDataFile(path)).rejects.toThrow('is not a library file')
  })

  it('D5: refuses a file whose sessions break the exact contract, naming the field', async () => {
    await writeFile(path, JSON.stringify({ ...library(2), sessions: [{ ...session, kind: '' }] }))
    await expect(loadDataFile(path)).rejects.toThrow('sessions[0].kind (record ses_1): must be a non-empty string')
  })

  const text = (length: number) => 'x'.repeat(length)
  const tags = (count: number) => Array.from({ length: count }, (_, at) => `tag ${at}`)

  it.each([
    ['D5: an empty title', { title: '' }, 'title (record ses_1): must be a non-empty string'],
    [
      'D5: a title past 200 characters',
      { title: text(LIMITS.titleLength + 1) },
      'title (record ses_1): must be at most 200',
    ],
    [
      'D5: an untrimmed title',
      { title: ' Night Drive' },
      'title (record ses_1): is not as a write stores it ("Night Drive")',
    ],
    ['D6: a tag with a comma', { tags: ['a,b'] }, 'tags[0] (record ses_1): must not contain a comma'],
    ['D6: an empty tag', { tags: [''] }, 'tags[0] (record ses_1): must be a non-empty string'],
    [
      'D6: a tag past 64 characters',
      { tags: [text(LIMITS.tagLength + 1)] },
      'tags[0] (record ses_1): must be at most 64',
    ],
    [
      'D6: a tag held twice',
      { tags: ['synth', 'synth'] },
      'tags (record ses_1): is not as a write stores it (["synth"])',
    ],
    ['D6: more than 100 tags', { tags: tags(LIMITS.tagsPerSession + 1) }, 'tags (record ses_1): must hold at most 100'],
    [
      'D7: notes past 100,000 characters',
      { notes: text(LIMITS.notesLength + 1) },
      'notes (record ses_1): must be at most 100000',
    ],
  ])('%s stops the load, naming the record and the field, and says how to go on', async (_, fields, problem) => {
    await writeFile(path, JSON.stringify({ ...library(2), sessions: [{ ...session, ...fields }] }))
    const refused = loadDataFile(path)
    await expect(refused).rejects.toThrow(DataFileError)
    await expect(refused).rejects.toThrow(`--data ${path}: is not a library file: sessions[0].${problem}`)
    await expect(refused).rejects.toThrow('edit or remove those records')
  })

  it('D5–D7: a record at every edge loads as it is', async () => {
    const edge = {
      ...session,
      title: text(LIMITS.titleLength),
      tags: [text(LIMITS.tagLength), ...tags(LIMITS.tagsPerSession - 1)],
      notes: text(LIMITS.notesLength),
    }
    await writeFile(path, JSON.stringify({ ...library(2), sessions: [edge] }))
    expect(await loadDataFile(path)).toEqual({ ...library(2), sessions: [edge] })
  })

  it('names the first five bad records and counts the rest', async () => {
    const bad = Array.from({ length: 8 }, (_, at) => ({ ...session, id: `ses_${at}`, title: '' }))
    await writeFile(path, JSON.stringify({ ...library(2), sessions: bad }))
    const refused = loadDataFile(path)
    await expect(refused).rejects.toThrow(
      'sessions[4].title (record ses_4): must be a non-empty string; and 3 more sessions records',
    )
  })

  it("D4: the compiled check of a file refuses what the contract refuses, with the contract's own message", async () => {
    const broken = [
      { ...session, accent: 'red' },
      { ...session, tags: ['synth', 3] },
      { ...session, lastOpened: 'yesterday' },
      { ...session, kind: 7 },
      { ...session, extra: true },
    ]
    for (const record of broken) {
      const file = { ...library(2), sessions: [session, record] }
      const expected = writtenSession.safeParse(record)
      expect(expected.success, JSON.stringify(record).slice(0, 80)).toBe(false)
      await writeFile(path, JSON.stringify(file))
      const rules = issueLines(expected.error?.issues ?? []).map((line) => line.slice(line.indexOf(': ')))
      const message = `--data ${path}: is not a library file: sessions[1]`
      await expect(loadDataFile(path)).rejects.toThrow(message)
      for (const rule of rules) await expect(loadDataFile(path)).rejects.toThrow(`(record ses_1)${rule}`)
    }
  })

  it('refuses unknown fields, a missing nextId, a repeated session id and a repeated lane key', async () => {
    for (const broken of [
      { ...library(2), extra: true },
      { version: 1, sessions: [], lanes: [] },
      { ...library(2), sessions: [session, session] },
      { ...library(2), lanes: [lane, lane] },
    ]) {
      await writeFile(path, JSON.stringify(broken))
      await expect(loadDataFile(path)).rejects.toThrow(DataFileError)
    }
  })

  it('D12: a preferredPreviewId naming no preview of its session stops the load, naming the session and the id', async () => {
    for (const dangling of [
      { ...session, preferredPreviewId: 'pv_gone' },
      storedSession({ ...withPreviews({ id: 'ses_1', preferredPreviewId: 'pv_gone' }) }),
    ]) {
      await writeFile(path, JSON.stringify({ ...library(2), sessions: [dangling] }))
      const refused = loadDataFile(path)
      await expect(refused).rejects.toThrow(DataFileError)
      await expect(refused).rejects.toThrow(
        `--data ${path}: is not a library file: sessions[0].preferredPreviewId (record ses_1): no preview pv_gone in its previews`,
      )
    }
  })

  it('writes one record a line, valid JSON, and leaves no temporary file', async () => {
    const many = { ...library(9), sessions: [session, { ...session, id: 'ses_2' }] }
    await writeDataFile(path, many)
    const text = await readFile(path, 'utf8')
    expect(JSON.parse(text)).toEqual(many)
    expect(text.split('\n').filter((line) => line.includes('"id":"ses_')).length).toBe(2)
    expect((await readdir(directory)).sort()).toEqual(['library.json', 'library.json.checked'])
  })

  describe('the seal of a check (<file>.checked)', () => {
    const checked = () => `${path}.checked`
    const sealFor = async (by = `session-library-mock ${version}`) => {
      const bytes = await readFile(path)
      return `${JSON.stringify({ bytes: bytes.length, crc32: crc32(bytes), checkedBy: by })}\n`
    }
    // D6: a tag holding a comma, which no write can leave.
    const badText = () => JSON.stringify({ ...library(2), sessions: [{ ...session, tags: ['a,b'] }] })

    it("is written with the file: the count and CRC-32 of the file's bytes and the mock's version", async () => {
      await writeDataFile(path, library(3))
      expect(await readFile(checked(), 'utf8')).toBe(await sealFor())
    })

    it('is written by a start that checked a file whole, and not for a file it refused', async () => {
      await writeFile(path, JSON.stringify(library(4)))
      expect(await loadDataFile(path)).toEqual(library(4))
      expect(await readFile(checked(), 'utf8')).toBe(await sealFor())
      await writeFile(path, badText())
      await expect(loadDataFile(path)).rejects.toThrow('tags')
      expect(await readFile(checked(), 'utf8')).not.toBe(await sealFor())
    })

    it('spares the check of a file under the seal of this version: the seal, not the records, decides', async () => {
      await writeFile(path, badText())
      await writeFile(checked(), await sealFor())
      expect((await loadDataFile(path))?.sessions[0]?.tags).toEqual(['a,b'])
    })

    it('D6: a file changed after its seal (its length kept), or sealed by another version, is checked whole', async () => {
      await writeDataFile(path, library(5))
      const text = await readFile(path, 'utf8')
      await writeFile(path, text.replace('"synth"', '"syn,h"'))
      expect((await readFile(path)).length).toBe(Buffer.byteLength(text))
      await expect(loadDataFile(path)).rejects.toThrow('sessions[0].tags[0] (record ses_1)')
      await writeFile(path, badText())
      await writeFile(checked(), await sealFor('session-library-mock 0.0.0-other'))
      await expect(loadDataFile(path)).rejects.toThrow('sessions[0].tags[0] (record ses_1)')
    })

    it('a seal that cannot be written costs only the next check: the file loads', async () => {
      await writeFile(path, JSON.stringify(library(6)))
      await mkdir(checked())
      expect(await loadDataFile(path)).toEqual(library(6))
    })
  })

  it('rejects a write that cannot be done, leaving nothing behind', async () => {
    await expect(writeDataFile(join(directory, 'missing-dir', 'library.json'), library(1))).rejects.toThrow()
    expect(await readdir(directory)).toEqual([])
  })
})
