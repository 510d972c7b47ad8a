import { Readable } from 'node:stream'
import { UsageError } from '@session-library/internal'
import { endpoints, type Operation, z } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { contractFlags, flagsOf } from './contract-flags.js'
import { operationInput } from './input.js'

// The table's create operation with fields of every kind added to its body: what a change of the
// contract would bring, without writing a flag.
const extended = {
  ...endpoints['sessions.create'],
  body: z.object({
    title: z.string(),
    rating: z.optional(z.number()),
    plays: z.optional(z.int()),
    pinned: z.optional(z.boolean()),
    moods: z.optional(z.array(z.string())),
    cover: z.optional(z.object({ url: z.string() })),
  }),
} as Operation

const stdin = { stdin: Readable.from([]), cwd: process.cwd() }

describe('flags derived from the contract (in process)', () => {
  it('a new field in the contract is a new flag: each kind of field gets its flag, kebab-cased', () => {
    const fields = contractFlags(extended)
    expect(fields.map(({ flag, kind, required }) => [flag, kind, required])).toEqual([
      ['title', 'string', true],
      ['rating', 'number', false],
      ['plays', 'integer', false],
      ['pinned', 'boolean', false],
      ['moods', 'strings', false],
      ['cover', 'json', false],
    ])
    const flags = flagsOf(fields)
    expect(Object.keys(flags)).toEqual(['title', 'rating', 'plays', 'pinned', 'moods', 'cover'])
    expect(flags.moods).toMatchObject({ type: 'string', multiple: true })
    expect(flags.pinned?.description).toContain('--no-pinned sends false')
    expect(flags.cover?.description).toContain('JSON {url*}')
  })

  it('flag values become typed body fields; a bad number is a usage error', async () => {
    const fields = contractFlags(extended)
    const shape = { params: [], query: false, body: true }
    const values = {
      title: 'T',
      rating: '4.5',
      plays: '12',
      pinned: false,
      moods: ['calm', 'dark'],
      cover: '{"url":"u"}',
    }
    expect((await operationInput(shape, fields, values, [], stdin)).body).toEqual({
      title: 'T',
      rating: 4.5,
      plays: 12,
      pinned: false,
      moods: ['calm', 'dark'],
      cover: { url: 'u' },
    })
    await expect(operationInput(shape, fields, { plays: '1.5' }, [], stdin)).rejects.toThrow(
      new UsageError('--plays: "1.5" is not an integer'),
    )
    await expect(operationInput(shape, fields, { rating: 'x' }, [], stdin)).rejects.toThrow('is not a number')
  })

  it('the real table: the list query (D9–D11) and the variant query become flags, path parameters do not', () => {
    expect(contractFlags(endpoints['sessions.list']).map((field) => field.flag)).toEqual([
      'q',
      'kind',
      'daw',
      'tags',
      'recent',
      'sort',
      'limit',
      'offset',
    ])
    expect(contractFlags(endpoints['waveformNotes.put']).map(({ flag, location }) => [flag, location])).toEqual([
      ['variant-id', 'query'],
      ['notes', 'body'],
    ])
    expect(contractFlags(endpoints['sessions.get'])).toEqual([])
  })

  it('D9: a number field shows <number> in help (limit, offset as decimal digits; a JSON number or integer too), a text field <text>', () => {
    const list = flagsOf(contractFlags(endpoints['sessions.list']))
    expect([list.limit?.value, list.offset?.value, list.sort?.value]).toEqual(['<number>', '<number>', '<text>'])
    const created = flagsOf(contractFlags(extended))
    expect([created.rating?.value, created.plays?.value]).toEqual(['<number>', '<integer>'])
  })

  it('D6: a list flag says once how a list is given: in the field’s words when they say it, else in ours', () => {
    const list = flagsOf(contractFlags(endpoints['sessions.list'])).tags?.description ?? ''
    const create = flagsOf(contractFlags(endpoints['sessions.create'])).tags?.description ?? ''
    expect(list.match(/comma-separated/gi)).toHaveLength(1)
    expect(create.match(/comma-separated/gi)).toHaveLength(1)
    expect(create).toMatch(/ Comma-separated, or repeat the flag\.$/)
  })

  it('D9: --limit is sent as typed (decimal digits), so the contract judges it and a bad one is a usage error', async () => {
    const fields = contractFlags(endpoints['sessions.list'])
    const shape = { params: [], query: true, body: false }
    expect((await operationInput(shape, fields, { limit: '007' }, [], stdin)).query).toEqual({ limit: '007' })
  })
})
