// A server that drips its answer must not hold a command past --timeout.
import { describe, expect, it } from 'vitest'
import { runCli, TOKEN } from '../../test/support/cli.js'
import { useRawServer } from '../../test/support/raw-server.js'
import { probe } from './probe.js'

// Headers at once, then a byte every 100 ms, never the end.
const dripping = useRawServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.write('{"data":')
  const drip = setInterval(() => response.write(' '), 100)
  response.on('close', () => clearInterval(drip))
})

// The commands that go through the SDK rely on its timeout covering the body.
describe('--timeout covers the whole answer, body included', () => {
  it('check against a server dripping its body: exit 3 (no answer in time), within seconds, not forever', async () => {
    const started = Date.now()
    const ran = await runCli(['check', '--timeout', '300', '--url', dripping(), '--token', TOKEN])
    expect(ran).toMatchObject({ code: 3, stdout: '' })
    expect(ran.stderr).toContain('no answer within 300 ms')
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('health (through the SDK) against a server dripping its body: exit 3, the timeout named, not the full drip', async () => {
    const started = Date.now()
    const ran = await runCli(['health', '--timeout', '300', '--retries', '0', '--url', dripping(), '--token', TOKEN])
    expect(ran).toMatchObject({ code: 3, stdout: '' })
    expect(ran.stderr).toBe(`error: health.get: no answer within 300 ms (GET ${dripping()}/health)\n`)
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

// An answer of exactly `size` bytes, the size asked in the path: /api/v1/<size>.
const sized = useRawServer((request, response) => {
  const size = Number(request.url?.split('/').at(-1))
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(`"${'x'.repeat(size - 2)}"`)
})

describe('a check or a clone reads at most maxAnswerBytes of one answer', () => {
  const read = (size: number) =>
    probe(
      { baseUrl: sized(), token: TOKEN, timeout: 5_000, maxAnswerBytes: 1_000 },
      { operation: undefined, method: 'GET', path: `/${size}` },
    )

  it('an answer at the limit is read whole; one byte past it is no answer, named so', async () => {
    const [at, past] = await Promise.all([read(1_000), read(1_001)])
    expect(at).toMatchObject({ status: 200, body: 'x'.repeat(998) })
    expect(past.status).toBeUndefined()
    expect(past.departures[0]).toMatchObject({
      rule: 'transport',
      detail: 'an answer larger than 1000 bytes',
    })
  })
})

// Two hundred thousand arrays deep, whatever the request.
const deep = useRawServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)
})

describe('an answer nested too deep to check is a departure, not a network error', () => {
  it('probe: a breaking constraint departure with the status, no transport failure', async () => {
    const probed = await probe(
      { baseUrl: deep(), token: TOKEN, timeout: 10_000 },
      { operation: 'health.get', method: 'GET', path: '/health' },
    )
    expect(probed).toMatchObject({ status: 200, body: undefined })
    expect(probed.failure).toBeUndefined()
    expect(probed.departures).toEqual([
      expect.objectContaining({ rule: 'constraint', detail: 'an answer nested too deep to check' }),
    ])
  })

  it('check: exit 4 (an answer that breaks the contract), never exit 3', async () => {
    const ran = await runCli(['check', '--url', deep(), '--token', TOKEN, '--timeout', '10000'])
    expect(ran.code).toBe(4)
    expect(ran.stdout + ran.stderr).toContain('an answer nested too deep to check')
    expect(ran.stdout + ran.stderr).not.toContain('network error')
  })
})
