import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DeviantServer, startDeviantServer } from '../../../../../test-support/deviant-server.js'
import { runCli } from '../../../test/support/cli.js'
import { recordSuite, SUITE } from '../../../test/support/recorded-suite.js'
import type { ReplayReport } from './run.js'

const folder = await mkdtemp(join(tmpdir(), 'replay-'))
const file = join(folder, 'recording.json')
const env = { SESSION_LIBRARY_TOKEN: SUITE.token }
const writesSent = (server: RunningServer) => server.api.journal().filter((entry) => entry.method !== 'GET')
const reportOf = (stdout: string) => JSON.parse(stdout) as ReplayReport

beforeAll(() => recordSuite(file))
afterAll(() => rm(folder, { recursive: true, force: true }))

describe('session-library replay of a vitest suite’s recording', () => {
  let mock: RunningServer
  beforeAll(async () => {
    mock = await startServer({ port: 0, ...SUITE })
  })
  afterAll(() => mock.close())

  it('D1: reads only by default: every read sent is equal, no write is sent, reads of what a write made are skipped', async () => {
    const run = await runCli(['replay', file, '--json', '--url', mock.url], { env })
    expect(run.code).toBe(0)
    const { replayed, departed } = reportOf(run.stdout)
    expect(departed).toBe(0)
    expect(writesSent(mock)).toEqual([])
    const skipped = replayed.filter((one) => one.skipped).map((one) => one.skipped?.replace(/ses_\w+/, 'ID'))
    expect(skipped).toEqual([
      'recorded in read-only mode, the server is in full-automation',
      'a write (--writes sends it)',
      'reads ID, changed by a write not sent',
      'a write (--writes sends it)',
      'reads ID, changed by a write not sent',
      'a write (--writes sends it)',
      'lists what a write not sent changed',
    ])
    expect(replayed.filter((one) => !one.skipped)).toHaveLength(5)
  })

  it('D1: --writes on a pipe without --yes refuses, naming the server and the number of writes; nothing is written', async () => {
    const run = await runCli(['replay', file, '--writes', '--url', mock.url], { env })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`Send 3 writes to ${mock.url}?`)
    expect(run.stderr).toContain('add --yes')
    expect(writesSent(mock)).toEqual([])
  })

  it('D1: --writes on a terminal asks, naming the server and the number of writes; anything but yes sends none', async () => {
    const run = await runCli(['replay', file, '--writes', '--url', mock.url], { env, tty: true, stdin: 'n\n' })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`Send 3 writes to ${mock.url}? They change its library. [y/N] `)
    expect(run.stderr).toContain('cancelled; nothing was sent')
    expect(writesSent(mock)).toEqual([])
  })

  it('refuses a file that is not a recording of this version, exit 2, nothing sent', async () => {
    const other = join(folder, 'other.json')
    await writeFile(other, JSON.stringify({ recording: 2, recordedAt: '', exchanges: [] }))
    const run = await runCli(['replay', other, '--url', mock.url], { env })
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(`${other}: not a recording of this version`)])
  })

  it('D1: --writes never writes to a server that is not in full-automation mode', async () => {
    mock.api.setMode('read-only')
    try {
      const run = await runCli(['replay', file, '--writes', '--yes', '--url', mock.url], { env })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('is in read-only mode: no write is sent (D1)')
      expect(writesSent(mock)).toEqual([])
    } finally {
      mock.api.setMode('full-automation')
    }
  })

  it('--writes --yes: every request equal, the id the server gave the created session used by the later ones', async () => {
    // A session made and deleted first: the server's next id is not the recording's.
    const made = await fetch(`${mock.url}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SUITE.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Earlier' }),
    }).then((answer) => answer.json())
    await fetch(`${mock.url}/sessions/${made.data.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${SUITE.token}` },
    })
    const before = mock.api.journal().length
    const run = await runCli(['replay', file, '--writes', '--yes', '--json', '--url', mock.url], { env })
    expect(run.code).toBe(0)
    const { replayed, departed } = reportOf(run.stdout)
    expect([departed, replayed.filter((one) => one.skipped).length]).toEqual([0, 1])
    const recorded = JSON.parse(await readFile(file, 'utf8')).exchanges
    const create = recorded.findIndex((exchange: { operation: string }) => exchange.operation === 'sessions.create')
    const recordedId = recorded[create].answer.body.data.id
    const sent = mock.api.journal().slice(before)
    const createdId = sent.find((entry) => entry.operation === 'sessions.create')?.answer.body
    const liveId = (createdId as { data: { id: string } }).data.id
    expect(liveId).not.toBe(recordedId)
    expect(sent.filter((entry) => entry.path.includes(recordedId))).toEqual([])
    expect(sent.filter((entry) => entry.path.includes(liveId)).map((entry) => entry.operation)).toEqual([
      'sessions.get',
      'tags.put',
      'notes.get',
      'sessions.delete',
    ])
  })

  it('prints a line per request: its status, the contract, the fields that differ and the result', async () => {
    const run = await runCli(['replay', file, '--url', mock.url], { env: { ...env, NO_COLOR: '1' }, tty: true })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^request\s+status\s+contract\s+fields\s+result\n/)
    expect(run.stdout).toMatch(/GET \/api\/v1\/health\s+200\s+valid\s+equal\n/)
    expect(run.stdout).toMatch(/POST \/api\/v1\/sessions\s+201\s+skipped: a write \(--writes sends it\)\n/)
    expect(run.stderr).toContain(`replayed 5 of 12 requests against ${mock.url}: 5 equal, 0 departed, 7 skipped`)
  })
})

describe('session-library replay against a server that renames a field', () => {
  let deviant: DeviantServer
  let path: string
  beforeAll(async () => {
    const recording = JSON.parse(await readFile(file, 'utf8'))
    const get = recording.exchanges.find((exchange: { operation: string }) => exchange.operation === 'sessions.get')
    path = get.path
    const { title, ...rest } = get.answer.body.data
    deviant = await startDeviantServer({
      token: SUITE.token,
      answers: { [`GET ${path}`]: { data: { ...rest, name: title } } },
    })
  })
  afterAll(() => deviant.close())

  it('reports the renamed field on that request and exits 4', async () => {
    const run = await runCli(['replay', file, '--json', '--url', deviant.url], { env })
    expect(run.code).toBe(4)
    const { replayed } = reportOf(run.stdout)
    const renamed = replayed.find((one) => one.request === `GET ${path}`)
    expect(renamed).toMatchObject({ status: 200, recorded: 200, breaking: 1 })
    expect(renamed?.differences.map((difference) => difference.path)).toEqual(['data.title', 'data.name'])
    expect(run.stderr).toContain('requests departed from the recording')
    expect(deviant.received.filter((request) => !request.startsWith('GET '))).toEqual([])
  })
})
