import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { citations, citationsIn, headings } from './rules.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const rulesPage = readFileSync(new URL('../docs/rules.md', import.meta.url), 'utf8')
/** Where the code, its tests, examples and scripts live: every place a rule is cited. */
const SCANNED = [
  ...['cli', 'internal', 'mcp-server', 'mock-server', 'schemas', 'sdk'].flatMap((name) =>
    ['src', 'test', 'bench', 'bin', 'dashboard', 'scripts'].map((folder) => `packages/${name}/${folder}`),
  ),
  'examples',
  'test',
  'test-consumer',
  'test-support',
  'scripts',
]

describe('how a citation is read', () => {
  const rules = (text: string) => citationsIn(text).map(({ rule }) => rule)

  it('reads a decision however the code writes it', () => {
    expect(rules('(D9) D10: DECISIONS D11, `D12`')).toEqual(['D9', 'D10', 'D11', 'D12'])
  })

  it('counts every rule of a range', () => {
    expect(new Set(rules('what D9–D11 say; D5-D7; D1…D3; D14..16'))).toEqual(
      new Set(['D9', 'D10', 'D11', 'D5', 'D6', 'D7', 'D1', 'D2', 'D3', 'D14', 'D15', 'D16']),
    )
  })

  it('leaves words and numbers that hold a D alone', () => {
    expect(rules('ID1 0xD9F #D9D9D9 D9F sessionD3 /\\D1/ D3x')).toEqual([])
  })

  it('reads a section of the reference after SPEC, and the sections listed after it', () => {
    expect(rules('SPEC §1, §9; SPEC.md §4.1 and §7. SPEC § 4.2.')).toEqual([
      'SPEC §1',
      'SPEC §9',
      'SPEC §4.1',
      'SPEC §7',
      'SPEC §4.2',
    ])
  })

  it('leaves the sections of another document alone', () => {
    expect(rules('RFC 9110 §15.5')).toEqual([])
  })

  it('names the file and the line of a citation', () => {
    expect(citationsIn('first\nsecond (D4)')).toEqual([{ rule: 'D4', line: 2 }])
  })
})

describe('docs/rules.md states every rule the code cites', () => {
  const stated = headings(rulesPage)

  it('has one heading per rule', () => {
    expect(stated.filter((rule, index) => stated.indexOf(rule) !== index)).toEqual([])
    expect(stated).toEqual(expect.arrayContaining(['D1', 'D21', 'SPEC §1', 'SPEC §4.3', 'SPEC §9']))
  })

  it('has a heading for every D<n> and SPEC §<n> cited in the code, tests, examples and scripts', () => {
    const found = citations(root, SCANNED)
    expect(found.length).toBeGreaterThan(500)
    const missing = new Map<string, string[]>()
    for (const { rule, where } of found) {
      if (!stated.includes(rule)) missing.set(rule, [...(missing.get(rule) ?? []), where])
    }
    // Each rule without a heading, with the first places that cite it.
    expect(Object.fromEntries([...missing].map(([rule, where]) => [rule, where.slice(0, 5)]))).toEqual({})
  })
})
