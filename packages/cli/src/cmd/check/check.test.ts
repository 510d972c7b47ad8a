import { type RunningServer, startServer } from '@session-library/mock-server/node'
import { operations } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DeviantServer, startDeviantServer } from '../../../../../test-support/deviant-server.js'
import { runCli, startCli } from '../../../test/support/cli.js'
import type { Target } from '../../probe/target.js'
import { runCheck } from './run.js'

const token = 'check-test-token'
const now = '2026-11-21T10:00:00.000Z'
const targetOf = (baseUrl: string, secret = token, timeout = 2_000): Target => ({ baseUrl, token: secret, timeout })
const keep = () => false
const library = (server: RunningServer) => {
  const { sessions, lanes, waveforms } = server.api.snapshot()
  return { sessions, lanes, waveforms }
}

describe('check against the standalone mock', () => {
  let mock: RunningServer
  beforeAll(async () => {
    mock = await startServer({ port: 0, token, sessions: 8, now })
  })
  afterAll(() => mock.close())

  it('reports no departure on every read, sort both ways, pages, filters, 401 and 404 (D3, D9, D10, D11)', async () => {
    const report = await runCheck(targetOf(mock.url), { writes: false, stopped: keep })
    expect(report.probes.flatMap((probed) => probed.departures)).toEqual([])
    expect([report.breaking, report.informational, report.writes]).toEqual([0, 0, 'off'])
    const reads = operations.filter((operation) => !operation.writes).map((operation) => operation.name)
    expect(new Set(report.probes.map((probed) => probed.operation))).toEqual(new Set([...reads, '(unknown route)']))
    const requests = report.probes.map((probed) => `${probed.request} ${probed.status}`)
    expect(requests).toContain('GET /sessions?sort=-lastOpened 200')
    expect(requests).toContain('GET /sessions?limit=1&offset=1 200')
    expect(requests).toContain('GET /tags 401')
    expect(requests).toContain('GET /session-library-check-no-such-route 404')
    expect(mock.api.journal().every((entry) => entry.method === 'GET')).toBe(true)
  })

  it('--writes: exercises every write and leaves the library as found (D1)', async () => {
    const before = library(mock)
    const report = await runCheck(targetOf(mock.url), { writes: true, stopped: keep })
    expect([report.breaking, report.informational, report.writes]).toEqual([0, 0, 'done'])
    const writes = operations.filter((operation) => operation.writes).map((operation) => operation.name)
    expect(report.probes.map((probed) => probed.operation)).toEqual(expect.arrayContaining(writes))
    expect(library(mock)).toEqual(before)
  })

  it('D1: --writes sends no write when the server is not in full-automation mode', async () => {
    mock.api.setMode('read-only')
    const seen = mock.api.journal().length
    try {
      const report = await runCheck(targetOf(mock.url), { writes: true, stopped: keep })
      expect(report.writes).toBe('read-only')
      expect(
        mock.api
          .journal()
          .slice(seen)
          .filter((entry) => entry.method !== 'GET'),
      ).toEqual([])
    } finally {
      mock.api.setMode('full-automation')
    }
  })
})

describe('check against a deviant server', () => {
  let deviant: DeviantServer
  beforeAll(async () => {
    deviant = await startDeviantServer({
      slow: ['GET /api/v1/sessions/ses_1/notes'],
      drop: ['GET /api/v1/sessions/ses_1/preview'],
    })
  })
  afterAll(() => deviant.close())

  it('reports each departure with its field path and severity, slow and dropped answers too', async () => {
    const report = await runCheck(targetOf(deviant.url, deviant.token, 1_500), { writes: false, stopped: keep })
    const found = report.probes.flatMap((probed) =>
      probed.departures.map(({ operation, path, rule, severity, detail }) => ({
        operation,
        path,
        rule,
        severity,
        detail,
      })),
    )
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operation: 'health.get',
          path: 'data.port',
          rule: 'wrong-type',
          severity: 'breaking',
        }),
        expect.objectContaining({
          operation: 'health.get',
          path: 'data.lastError',
          rule: 'null-field',
          severity: 'informational',
        }),
        expect.objectContaining({
          operation: 'sessions.list',
          path: 'data[1].title',
          rule: 'missing-field',
          severity: 'breaking',
        }),
        expect.objectContaining({
          operation: 'sessions.list',
          path: 'data[0].rating',
          rule: 'unknown-field',
          severity: 'informational',
        }),
        expect.objectContaining({
          operation: 'sessions.list',
          path: 'data[0].kind',
          rule: 'unknown-value',
          severity: 'informational',
        }),
        expect.objectContaining({
          operation: 'tagCounts.list',
          path: 'error',
          rule: 'error-envelope',
          severity: 'informational',
        }),
        expect.objectContaining({ operation: 'sessions.get', path: 'error.message', rule: 'error-message' }),
        {
          operation: 'notes.get',
          path: '(connection)',
          rule: 'transport',
          severity: 'breaking',
          detail: 'no answer within 1500 ms',
        },
        expect.objectContaining({
          operation: 'preview.get',
          path: '(connection)',
          rule: 'transport',
          severity: 'breaking',
        }),
      ]),
    )
    expect(report.breaking).toBeGreaterThan(0)
  })

  it('session-library check exits 4 on breaking departures and prints them as --json', async () => {
    const run = await runCli(['check', '--json', '--timeout', '1500', '--url', deviant.url, '--token', deviant.token])
    expect(run.code).toBe(4)
    const report = JSON.parse(run.stdout)
    expect(report.breaking).toBeGreaterThan(0)
    expect(report.probes[0]).toMatchObject({ operation: 'health.get', request: 'GET /health', status: 200 })
    expect(run.stderr).toContain('breaking departures: the SDK would fail on these answers')
    expect(run.stdout + run.stderr).not.toContain(deviant.token)
  })

  it("session-library check exits 3 when the server is down, in the SDK's one NetworkError message (host:port and code)", async () => {
    const down = await startDeviantServer()
    await down.close()
    const run = await runCli(['check', '--url', down.url, '--token', 't'])
    expect(run.code).toBe(3)
    const { host } = new URL(down.url)
    const sdk = await runCli(['health', '--retries', '0', '--url', down.url, '--token', 't'])
    expect(run.stderr).toBe(`error: health.get: network error (GET ${down.url}/health): ECONNREFUSED ${host}\n`)
    expect(run.stderr).toBe(sdk.stderr)
  })
})

describe('session-library check --writes interrupted (Ctrl-C)', () => {
  it('deletes the session it created and leaves the library as found, snapshot before and after', async () => {
    const mock = await startServer({ port: 0, token, sessions: 4, now })
    try {
      const before = library(mock)
      // The tags write answers late, so that Ctrl-C comes while it is under way.
      mock.api.injectFault({ latency: 2_000, operation: 'tags.put' })
      const run = startCli(['check', '--writes', '--url', mock.url, '--token', token])
      // Ctrl-C once the tags write has reached the mock (its fault is used up), not before it is sent:
      // the journal records a request only when it is answered.
      await expect.poll(() => mock.api.faults(), { timeout: 15_000 }).toEqual([])
      run.interrupt()
      const ran = await run.finished
      expect(ran.code).toBe(130)
      const operations = () => mock.api.journal().map((entry) => entry.operation)
      expect(operations()).toContain('sessions.delete')
      // The interrupted tags write is journaled when the mock answers it, after its latency: by
      // then the session is gone, so it changes nothing (the library below is as found).
      await expect.poll(operations, { timeout: 5_000 }).toContain('tags.put')
      expect(operations()).not.toContain('notes.put')
      expect(library(mock)).toEqual(before)
      expect(ran.stderr).toContain('writes interrupted; the session it created was deleted again')
    } finally {
      await mock.close()
    }
  })
})

describe('session-library check against the mock, as a table', () => {
  it('prints a row per operation and exits 0', async () => {
    const mock = await startServer({ port: 0, token, sessions: 3, now })
    try {
      const run = await runCli(['check', '--url', mock.url], {
        env: { SESSION_LIBRARY_TOKEN: token, NO_COLOR: '1' },
        tty: true,
      })
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/^operation\s+requests\s+statuses\s+breaking\s+informational\n/)
      expect(run.stdout).toMatch(/\nhealth\.get\s+2\s+200 401\s+0\s+0\s*\n/)
      expect(run.stderr).toContain('0 breaking, 0 informational')
    } finally {
      await mock.close()
    }
  })
})
