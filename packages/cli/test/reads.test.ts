import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from './support/cli.js'

const mock = useMock()
const run = (...args: string[]) => runCli(args, { env: mock.env() })
const sessions = () => mock.server().api.snapshot().sessions as unknown as Session[]
const withPreview = () => sessions().find((session) => session.previews.length > 1) as Session

describe('read commands against the standalone mock, in both output forms', () => {
  it('health: a table of fields for people, the data as one JSON line with --json', async () => {
    const [table, answer] = await Promise.all([run('health'), run('health', '--json')])
    expect(table).toMatchObject({ code: 0, stderr: '' })
    expect(table.stdout).toMatch(/^status\s+ok$/m)
    expect(table.stdout).toMatch(/^effectiveMode\s+full-automation$/m)
    expect(answer.code).toBe(0)
    expect(answer.stdout.trim().split('\n')).toHaveLength(1)
    expect(json(answer)).toMatchObject({ status: 'ok', running: true, baseUrl: mock.server().url })
  })

  it('sessions list: its query flags come from the contract (kind, sort, limit) and --fields picks columns and keys', async () => {
    const [listed, picked, table] = await Promise.all([
      run('sessions', 'list', '--kind', 'ableton', '--sort', 'title', '--limit', '3', '--json'),
      run('sessions', 'list', '--limit', '2', '--json', '--fields', 'title,kind'),
      run('sessions', 'list', '--limit', '2', '--fields', 'title,kind'),
    ])
    const expected = sessions()
      .filter((session) => session.kind === 'ableton')
      .map((session) => session.title)
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .slice(0, 3)
    expect((json(listed) as Session[]).map((session) => session.title)).toEqual(expected)
    for (const session of json(picked) as object[]) expect(Object.keys(session)).toEqual(['title', 'kind'])
    // A pipe: tab-separated rows, no header (--header adds it).
    const rows = table.stdout.trim().split('\n')
    expect(rows).toHaveLength(2)
    for (const row of rows) expect(row).toMatch(/^[^\t]+\t[a-z-]+$/)
    expect(table.stderr).toBe(`1–2 of ${sessions().length}; --offset for more, --all for every page\n`)
    expect(picked.stderr).toBe('')
  })

  it('sessions list: a repeated --tags flag sends the tag filter once per value (D11: all of them)', async () => {
    const listed = await run('sessions', 'list', '--tags', 'drums', '--tags', 'vox', '--json', '--fields', 'tags')
    expect(listed.code).toBe(0)
    for (const { tags } of json(listed) as Session[]) expect(tags).toEqual(expect.arrayContaining(['drums', 'vox']))
  })

  it('sessions get, tags get, notes get, preview: one session by id, table and JSON', async () => {
    const session = withPreview()
    const [got, table, tags, notes, preview] = await Promise.all([
      run('sessions', 'get', session.id, '--json'),
      run('sessions', 'get', session.id),
      run('tags', 'get', session.id, '--json'),
      run('notes', 'get', session.id, '--json'),
      run('preview', session.id, '--json'),
    ])
    expect(json(got)).toMatchObject({ id: session.id, title: session.title })
    expect(table.stdout).toMatch(new RegExp(`^title\\s+${session.title}$`, 'm'))
    expect(json(tags)).toEqual({ id: session.id, tags: session.tags })
    expect(json(notes)).toEqual({ id: session.id, notes: session.notes })
    expect(json(preview)).toMatchObject({ id: session.id, preferredPreviewId: session.preferredPreviewId })
  })

  it('waveform: --variant (a shorter name of --variant-id) picks the preview variant (D12)', async () => {
    const session = withPreview()
    const variant = session.previews[1]?.id as string
    const [answer, long, table] = await Promise.all([
      run('waveform', session.id, '--variant', variant, '--json'),
      run('waveform', session.id, '--variant-id', variant, '--json', '--fields', 'variantId'),
      run('waveform', session.id),
    ])
    expect(json(answer)).toMatchObject({ sessionId: session.id, variantId: variant })
    expect(json(long)).toEqual({ variantId: variant })
    expect(table.stdout).toMatch(/^waveform\s+\{"key":/m)
  })

  it('tag-counts: the library-wide counts, most used first (D16), as rows or JSON', async () => {
    const [answer, table] = await Promise.all([run('tag-counts', '--json'), run('tag-counts', '--header')])
    const counts = json(answer) as { tag: string; count: number }[]
    expect(counts.length).toBeGreaterThan(0)
    expect(counts.map((entry) => entry.count)).toEqual([...counts.map((entry) => entry.count)].sort((a, b) => b - a))
    expect(table.stdout.split('\n')[0]).toBe('tag\tcount')
    expect(table.stdout).toContain(counts[0]?.tag)
  })

  it('an unknown session: exit 1 and one stderr line with status, code, message, method and path; stdout empty', async () => {
    const missing = await run('sessions', 'get', 'ses_missing')
    expect(missing).toMatchObject({ code: 1, stdout: '' })
    expect(missing.stderr).toBe(
      'error: 404 not_found: session not found (sessions.get GET /api/v1/sessions/ses_missing)\n',
    )
  })
})
