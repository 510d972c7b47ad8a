import { describe, expect, it } from 'vitest'
import {
  compareSessions,
  compareText,
  LIMITS,
  missedFilter,
  missingTag,
  queryInput,
  SORT_KEYS,
  sessionFilter,
  sessionListQuery,
  variantQuery,
} from '../src/index.js'
import { messageOf, parsed } from './samples.js'

const input = (query: string) => queryInput(new URLSearchParams(query))
const list = (query: string) => parsed(sessionListQuery, input(query))
const listError = (query: string) => messageOf(sessionListQuery, input(query))

describe('queryInput', () => {
  it('gives a parameter seen once as a string and a repeated one as an array, in order', () => {
    expect(input('q=a&tags=x&tags=y&tags=x')).toEqual({ q: 'a', tags: ['x', 'y', 'x'] })
  })

  it('decodes values and keeps an empty one', () => {
    expect(input('q=night%20drive&kind=')).toEqual({ q: 'night drive', kind: '' })
  })

  it('keeps a parameter named __proto__ as an own value, never as a prototype', () => {
    const values = input('__proto__=x&constructor=y')
    expect(Object.getPrototypeOf(values)).toBeNull()
    expect(Object.entries(values)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ])
  })
})

describe('GET /sessions query', () => {
  it('D9: leaves limit and offset out when absent, for the server to default', () => {
    expect(list('')).toEqual({})
    expect(LIMITS.listLimitDefault).toBe(50)
  })

  it.each([
    ['limit', '1', 1],
    ['limit', '500', 500],
    ['limit', '007', 7],
    ['limit', '9007199254740991', 500],
    ['limit', '0009007199254740991', 500],
    ['offset', '0', 0],
    ['offset', '100000', 100_000],
    ['offset', '9007199254740991', 9_007_199_254_740_991],
    ['offset', '0009007199254740990', 9_007_199_254_740_990],
    ['offset', '8999999999999999', 8_999_999_999_999_999],
    ['offset', '999999999999999', 999_999_999_999_999],
  ] as const)('D9: reads %s=%s as %i (limit clamped to 500)', (key, value, expected) => {
    expect(list(`${key}=${value}`)[key]).toBe(expected)
  })

  it.each(['501', '900', '1000000000000000'])('D9: clamps limit=%s to 500', (value) => {
    expect(list(`limit=${value}`).limit).toBe(500)
  })

  const overSafe = [
    '9007199254740992',
    '9007199254740993',
    '9999999999999999',
    '10000000000000000',
    '99999999999999999999',
  ]
  it.each(['0', '00', '-1', '1.5', '1e2', '+5', '%205', '', 'ten', '0x10', ...overSafe])(
    'D9: rejects limit=%s (above 9007199254740991 included, never rounded)',
    (value) => {
      expect(listError(`limit=${value}`)).toBe(
        'limit: must be an integer ≥ 1 written in decimal digits, at most 9007199254740991',
      )
    },
  )

  it.each(['-1', '1.0', '', 'first', ...overSafe])(
    'D9: rejects offset=%s (above 9007199254740991 included)',
    (value) => {
      expect(listError(`offset=${value}`)).toBe(
        'offset: must be an integer ≥ 0 written in decimal digits, at most 9007199254740991',
      )
    },
  )

  it('D9: every offset from 9007199254740900 to 9007199254740991 is read exactly, the next 100 are 400', () => {
    for (let step = 0n; step < 192n; step += 1n) {
      const value = 9_007_199_254_740_900n + step
      const query = `offset=${value}`
      if (value <= BigInt(Number.MAX_SAFE_INTEGER)) expect(String(list(query).offset)).toBe(String(value))
      else expect(listError(query)).toMatch(/^offset: /)
    }
  })

  it.each(['q', 'kind', 'daw', 'recent', 'sort', 'limit', 'offset'])('D9–D11: rejects %s given twice', (name) => {
    expect(listError(`${name}=1&${name}=1`)).toBe(`${name}: must be given once`)
  })

  it('D11: accepts kind and daw alone or together when equal', () => {
    expect(list('kind=logic')).toEqual({ kind: 'logic' })
    expect(list('daw=logic')).toEqual({ daw: 'logic' })
    expect(list('kind=logic&daw=logic')).toEqual({ kind: 'logic', daw: 'logic' })
  })

  it('D11: rejects kind and daw that differ', () => {
    expect(listError('kind=logic&daw=ableton')).toBe('daw: must equal kind when both are given')
  })

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('D11: reads recent=%s as %s', (value, recent) => {
    expect(list(`recent=${value}`).recent).toBe(recent)
  })

  it.each(['yes', 'TRUE', '', '2'])('D11: rejects recent=%s', (value) => {
    expect(listError(`recent=${value}`)).toBe('recent: must be true, false, 1 or 0')
  })

  it.each(SORT_KEYS.flatMap((key) => [key, `-${key}`]))('D10: accepts sort=%s', (sort) => {
    expect(list(`sort=${sort}`).sort).toBe(sort)
  })

  it.each(['name', '--title', '+title', 'Title', '', '-'])('D10: rejects sort=%s, listing the allowed keys', (sort) => {
    expect(listError(`sort=${encodeURIComponent(sort)}`)).toBe(
      'sort: must be one of title, lastOpened, kind, status, with a leading - for descending',
    )
  })

  it('D11: splits tags on commas and trims them', () => {
    expect(list('tags=drums,%20vox%20').tags).toEqual(['drums', 'vox'])
  })

  it('D11: joins repeated and comma-separated tags, dropping empty parts', () => {
    expect(list('tags=a,,b,&tags=c&tags=').tags).toEqual(['a', 'b', 'c'])
  })

  it('D11: keeps q as sent', () => {
    expect(list('q=%20Night%20').q).toBe(' Night ')
  })

  it('D11: ignores unknown parameters', () => {
    expect(list('page=2&foo=a&foo=b')).toEqual({})
  })
})

describe('waveform variant query', () => {
  it('D12: reads an optional variantId and ignores other parameters', () => {
    expect(parsed(variantQuery, input('variantId=pv_1&x=1'))).toEqual({ variantId: 'pv_1' })
    expect(parsed(variantQuery, input(''))).toEqual({})
  })

  it('D4: rejects variantId given twice', () => {
    expect(messageOf(variantQuery, input('variantId=a&variantId=b'))).toBe('variantId: must be given once')
  })
})

describe('the session list order and filters', () => {
  const session = (id: string, title: string, lastOpened = '2026-01-01', tags: string[] = []) =>
    ({ id, title, lastOpened, kind: 'logic', status: 'idea', tags }) as const
  const ids = (sort: Parameters<typeof compareSessions>[0], ...sessions: ReturnType<typeof session>[]) =>
    sessions.sort(compareSessions(sort)).map(({ id }) => id)

  it('D10: orders by the key, titles in any case, -lastOpened by default, ties on id ascending both ways', () => {
    const all = () => [
      session('c', 'beta', '2026-03'),
      session('b', 'Alpha', '2026-02'),
      session('a', 'alpha', '2026-02'),
    ]
    expect(ids('title', ...all())).toEqual(['a', 'b', 'c'])
    expect(ids('-title', ...all())).toEqual(['c', 'a', 'b'])
    expect(ids(undefined, ...all())).toEqual(['c', 'a', 'b'])
    expect(ids('lastOpened', ...all())).toEqual(['a', 'b', 'c'])
  })

  it('D10: compareText orders by UTF-16 code units, not by locale: Z before a, é after z, equal is 0', () => {
    expect(['é', 'a', 'Z', 'z', 'ab', ''].sort(compareText)).toEqual(['', 'Z', 'a', 'ab', 'z', 'é'])
    expect(compareText('ses_2', 'ses_10')).toBeGreaterThan(0)
    expect(compareText('x', 'x')).toBe(0)
  })

  it('D11: reads kind or daw and the tags; misses the kind first, then the first tag lacking', () => {
    expect(sessionFilter(list(''))).toBeUndefined()
    const filter = sessionFilter(list('daw=logic&tags=drums,vox'))
    expect(filter).toEqual({ kind: 'logic', tags: ['drums', 'vox'] })
    if (filter === undefined) return
    expect(missedFilter(filter, session('a', 'x', '', ['vox', 'drums']))).toBeUndefined()
    expect(missedFilter(filter, { kind: 'reaper', tags: [] })).toBe('kind')
    expect(missedFilter(filter, session('a', 'x', '', ['drums']))).toBe('tags')
    expect(missingTag(filter, ['drums'])).toBe('vox')
  })
})
