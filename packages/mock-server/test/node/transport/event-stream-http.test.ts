import { once } from 'node:events'
import { type IncomingMessage, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { eventStream } from '../../../src/control/events.js'
import { serveHandlers } from '../../../src/node/transport/http-server.js'
import { startServer } from '../../../src/node.js'
import { Runtime } from '../../../src/runtime/runtime.js'
import { demoLibrary } from '../../../src/store/demo-library.js'
import { NOW } from '../../support/harness.js'

/** A server whose every answer is the runtime's event stream, through the real node:http adapter. */
async function streamServer() {
  const runtime = new Runtime({ now: NOW }, demoLibrary({ seed: 1, sessions: 2, now: new Date(NOW) }))
  const routes = Object.assign(() => eventStream(runtime), { answers: () => true })
  return { runtime, served: await serveHandlers({ handlers: [], routes, port: 0 }) }
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10))
  return check()
}

describe('the event stream over node:http', () => {
  it('is written as it comes (not buffered whole) and unsubscribed when the tab goes away', async () => {
    const { runtime, served } = await streamServer()
    const asked = request(`${served.origin}/__mock/events`)
    const answer = await new Promise<IncomingMessage>((resolve) => asked.on('response', resolve).end())
    expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8'])
    const [first] = (await once(answer, 'data')) as [Buffer]
    expect(first.toString()).toMatch(/^event: state\n/)
    expect(runtime.journal.subscribers).toBe(1)
    asked.destroy()
    await expect(until(() => runtime.journal.subscribers === 0)).resolves.toBe(true)
    await served.close()
  })

  it('does not hold the server up: closing cuts open streams and resolves', async () => {
    const { runtime, served } = await streamServer()
    const answer = await fetch(`${served.origin}/__mock/events`)
    await (answer.body as ReadableStream<Uint8Array>).getReader().read()
    await served.close()
    await expect(until(() => runtime.journal.subscribers === 0)).resolves.toBe(true)
  })

  it("startServer's close resolves with a dashboard stream open", async () => {
    const server = await startServer({ port: 0, token: 't', sessions: 1 })
    const answer = await fetch(`${server.origin}/__mock/events`, { headers: { Authorization: 'Bearer t' } })
    await (answer.body as ReadableStream<Uint8Array>).getReader().read()
    await server.close()
  })
})
