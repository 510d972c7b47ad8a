import { type Session, SessionLibrary } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { searchDocs } from '../src/code-docs.js'
import type { ServerOptions } from '../src/index.js'
import { type Asker, call, connect, TOKEN, useMock } from './connect.js'

// The demo library of --mock: 24 sessions opened over the last 90 days.
const mock = useMock({ sessions: 24 })
const LIMITS = { timeMs: 1_000, memoryBytes: 8 * 2 ** 20 }
const codeMode = (options: Omit<ServerOptions, 'client'> = {}, asker?: Asker) =>
  connect(mock(), { ...options, codeMode: { baseUrl: mock().url, limits: LIMITS } }, asker)
const execute = async (code: string, options: Omit<ServerOptions, 'client'> = {}, asker?: Asker) =>
  call(await codeMode(options, asker), 'execute', { code })
const sessions = () => mock().api.snapshot().sessions

/** The README's job: tag every session opened in the last 7 days with `wip`, in one `execute` call. */
export const TAG_LAST_WEEK = `const since = Date.now() - 7 * 24 * 60 * 60 * 1000
const tagged: string[] = []
for (let offset = 0; ; ) {
  const page = await client.sessions.list({ sort: '-lastOpened', limit: 100, offset })
  const recent = page.data.filter((session: { lastOpened: string }) => Date.parse(session.lastOpened) >= since)
  for (const session of recent) {
    await client.tags.add(session.id, ['wip'])
    tagged.push(session.title)
  }
  offset += page.data.length
  if (recent.length < page.data.length || offset >= page.meta.total) break
}
console.log(\`tagged \${tagged.length} of the library\`)
return tagged`

describe('code mode: search_docs, from the contract', () => {
  it('lists every SDK method with the parameters the SDK takes, each from the same contract', () => {
    const docs = searchDocs('')
    const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN })
    expect(docs.length).toBe(19)
    for (const doc of docs) {
      const [, path, params] = doc.match(/^client\.([\w.]+)\((.*)\)$/m) ?? []
      const [group, verb] = (path as string).split('.') as [string, string?]
      const owner = (client as unknown as Record<string, Record<string, unknown>>)[group]
      const method = (verb ? owner?.[verb] : owner) as (...args: unknown[]) => unknown
      // The SDK's own parameter names, from its source: ours name the same ones, in order.
      const source = String(method).match(/^[^(]*\(([^)]*)\)/)?.[1] ?? ''
      const theirs = source.split(/,(?![^{]*\})/).map((param) => param.trim().match(/^\w+/)?.[0] ?? 'options')
      const ours = (params as string).split(/, (?![^{]*\})/).map((param) => param.replace(/[?:].*$/, ''))
      expect(ours.length, path).toBe(theirs.length)
      // A whole body and the options are named as the SDK likes (`changes`, `variant`); the rest as it does.
      for (const [index, name] of ours.entries())
        if (name !== 'body' && name !== 'options') expect(name, path).toBe(theirs[index])
    }
  })

  it('finds the methods whose texts hold every word, with their arguments and rules', () => {
    const [replace, ...rest] = searchDocs('replace tags')
    expect(rest).toEqual([])
    expect(replace).toMatch(/^client\.tags\.replace\(id, tags, options\?\)\n {2}Replaces the whole tag list\./)
    expect(replace).toContain('body.tags: ')
    expect(searchDocs('no such word')).toEqual([])
  })
})

describe('code mode: execute runs a snippet against the SDK in a sandbox', () => {
  it('one execute call tags every session opened in the last 7 days (a whole-library job)', async () => {
    const since = Date.now() - 7 * 24 * 60 * 60 * 1000
    const recent = (list: readonly Session[]) => list.filter((session) => Date.parse(session.lastOpened) >= since)
    const newestFirst = (a: Session, b: Session) => b.lastOpened.localeCompare(a.lastOpened) || a.id.localeCompare(b.id)
    const expected = recent(sessions() as Session[]).sort(newestFirst)
    expect(expected.length).toBeGreaterThan(0)
    const result = await execute(TAG_LAST_WEEK)
    expect(result.isError).toBeFalsy()
    expect(result.text).toBe(
      `tagged ${expected.length} of the library\n→ ${JSON.stringify(expected.map((session) => session.title))}`,
    )
    for (const session of sessions())
      expect(session.tags.includes('wip'), session.title).toBe(expected.some(({ id }) => id === session.id))
  })

  it('types are stripped; console output and the return value make the answer, each cut past 20,000 characters', async () => {
    const result = await execute('const n: number = 2\nconsole.log("n is", n, { twice: n * 2 })\nreturn { n }')
    expect(result.text).toBe('n is 2 {"twice":4}\n→ {"n":2}')
    const long = await execute('console.log("a".repeat(20_000)); console.log("b"); return "c".repeat(19_998)')
    expect(long.text).toBe(`${'a'.repeat(20_000)}\n→ "${'c'.repeat(19_998)}"`)
    const longer = await execute('console.log("a".repeat(20_001)); return "c".repeat(19_999)')
    expect(longer.text).toBe(`${'a'.repeat(20_000)}…\n→ "${'c'.repeat(19_999)}… (1 more characters: return less)`)
  })

  it('a snippet that reads a file, opens another host or spawns a process fails with a clear error', async () => {
    const attempts: [string, RegExp][] = [
      ['return require("node:fs").readFileSync("/etc/passwd", "utf8")', /ReferenceError: 'require' is not defined/],
      ['return (await import("node:fs")).readFileSync("/etc/passwd")', /could not load module 'node:fs'/],
      ['return await fetch("http://127.0.0.1:9/")', /ReferenceError: 'fetch' is not defined/],
      ['return new XMLHttpRequest()', /ReferenceError: 'XMLHttpRequest' is not defined/],
      ['return process.env', /ReferenceError: 'process' is not defined/],
      ['return require("node:child_process").execSync("id")', /ReferenceError: 'require' is not defined/],
      ['return await client.sessions.nope()', /not a function/],
    ]
    for (const [code, error] of attempts) {
      const result = await execute(code)
      expect(result.isError, code).toBe(true)
      expect(result.text, code).toMatch(new RegExp(`^error: .*${error.source}`))
    }
  })

  it('time: a snippet within the limit ends; one computing or waiting past it is stopped', async () => {
    const busy = (ms: number) => `const end = Date.now() + ${ms}; while (Date.now() < end) {}; return 'done'`
    expect((await execute(busy(LIMITS.timeMs / 2))).text).toBe('→ "done"')
    for (const code of ['while (true) {}', 'await new Promise(() => {})']) {
      const result = await execute(code)
      expect(result.isError, code).toBe(true)
      expect(result.text).toBe(`error: time limit: the snippet ran past ${LIMITS.timeMs} ms`)
    }
  })

  it('memory: a snippet within the limit ends; one that needs more fails', async () => {
    expect((await execute('return "x".repeat(2 * 2 ** 20).length')).text).toBe(`→ ${2 * 2 ** 20}`)
    const result = await execute('return "x".repeat(16 * 2 ** 20).length')
    expect(result.isError).toBe(true)
    expect(result.text).toBe('error: memory limit: the snippet needed more than 8 MB')
  })

  it('--read-only refuses every write the snippet tries; reads go on', async () => {
    const [first] = sessions()
    const read = await execute('return (await client.sessions.list({ limit: 1 })).meta.total', { readOnly: true })
    expect(read.text).toBe(`→ ${sessions().length}`)
    const write = await execute(`await client.tags.add(${JSON.stringify(first?.id)}, ['x'])`, { readOnly: true })
    expect(write.text).toBe('error: refused: client.tags.add writes, and this server is read-only (--read-only)')
    expect(sessions()[0]?.tags).toEqual(first?.tags)
  })
})

describe('code mode asks before a loss the snippet does not name, as every tool does (D6, D7)', () => {
  const created = async (title: string) => {
    const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN })
    return (await client.sessions.create({ title, tags: ['keep'], notes: 'n' })).id
  }
  const exists = (id: string) => sessions().some((session) => session.id === id)

  it('asks before a delete and waits: "yes" sends it and the snippet goes on, "no" ends the snippet there', async () => {
    const id = await created('Snippet target')
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: false } } }
    const code = `console.log('deleting'); await client.sessions.delete(${JSON.stringify(id)}); console.log('deleted'); return 1`
    const refused = await execute(code, {}, asker)
    expect(asker.asked).toEqual([`Delete session “Snippet target” (${id})?`])
    expect(refused.isError).toBe(true)
    expect(refused.text).toBe(
      `deleting\nerror: cancelled by the user; nothing more was sent (Delete session “Snippet target” (${id})?)`,
    )
    expect(exists(id)).toBe(true)
    asker.answer = { action: 'accept', content: { confirm: true } }
    const done = await execute(code, {}, asker)
    expect(done.text).toBe('deleting\ndeleted\n→ 1')
    expect(exists(id)).toBe(false)
    // Gone: nothing to ask about, and the API's own answer comes back.
    const again = await execute(code, {}, asker)
    expect(again.text).toMatch(/^deleting\nerror: 404 not_found: session not found/)
  })

  it('each loss of a snippet is asked in turn, and the snippet runs once (nothing is sent twice)', async () => {
    const ids = [await created('First'), await created('Second')]
    const asker: Asker = { asked: [], answer: { action: 'accept', content: { confirm: true } } }
    const code = `for (const id of ${JSON.stringify(ids)}) await client.notes.clear(id); return 'cleared'`
    expect((await execute(code, {}, asker)).text).toBe('→ "cleared"')
    expect(asker.asked).toEqual([
      `Clear the notes of session “First” (${ids[0]})?`,
      `Clear the notes of session “Second” (${ids[1]})?`,
    ])
    for (const id of ids) expect(sessions().find((session) => session.id === id)?.notes).toBe('')
  })

  it('losses side by side are asked in turn; after a "no" the others are not asked, and none is sent', async () => {
    const ids = [await created('Left'), await created('Right')]
    const asker: Asker = { asked: [], answer: { action: 'decline' } }
    const code = `await Promise.all(${JSON.stringify(ids)}.map((id) => client.sessions.delete(id)))`
    expect((await execute(code, {}, asker)).text).toMatch(/^error: cancelled by the user; nothing more was sent/)
    expect(asker.asked).toHaveLength(1)
    expect(ids.every(exists)).toBe(true)
  })

  it('a method that names what it removes (tags.remove) is not asked; without elicitation a loss is refused unless --yes', async () => {
    const id = await created('Unasked')
    const asker: Asker = { asked: [], answer: { action: 'decline' } }
    expect((await execute(`return await client.tags.remove('${id}', ['keep'])`, {}, asker)).isError).toBeFalsy()
    expect(asker.asked).toEqual([])
    const refused = await execute(`return await client.sessions.delete('${id}')`)
    expect(refused.text).toMatch(/^error: refused: Delete session “Unasked” .* start the server with --yes/)
    expect(exists(id)).toBe(true)
    expect((await execute(`return await client.sessions.delete('${id}')`, { yes: true })).isError).toBeFalsy()
    expect(exists(id)).toBe(false)
  })
})
