import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { serveHandlers, urlHost } from '../../../src/node/transport/http-server.js'

describe('serveHandlers', () => {
  it('MOCK.md: close() lets the answer under way finish, and no kept-alive connection holds it up', async () => {
    let arrived = () => {}
    const served = await serveHandlers({
      port: 0,
      handlers: [
        http.get('*/slow', async () => {
          arrived()
          await delay(300)
          return HttpResponse.json({ done: true })
        }),
      ],
    })
    await (await fetch(`${served.origin}/slow`)).json() // leaves a kept-alive connection
    // close() once the second request is under way, however loaded the machine is.
    const underWay = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const answer = fetch(`${served.origin}/slow`)
    await underWay
    const started = performance.now()
    await served.close()
    expect(performance.now() - started).toBeLessThan(3_000) // not the 5 s keep-alive
    const finished = await answer
    expect(finished.headers.get('connection')).toBe('close')
    expect(await finished.json()).toEqual({ done: true })
  })

  it('D18: binds 127.0.0.1 by default', async () => {
    const served = await serveHandlers({ port: 0, handlers: [] })
    expect(served.origin).toBe(`http://127.0.0.1:${served.port}`)
    await served.close()
  })

  it('gives an address to reach for IPv6 and wildcard binds', () => {
    expect(urlHost('::1')).toBe('[::1]')
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1')
    expect(urlHost('::')).toBe('[::1]')
  })
})
