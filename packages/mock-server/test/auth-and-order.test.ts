import { ERRORS, LIMITS, NOT_FOUND_MESSAGES } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'

describeTransports('D2 bearer token', (start) => {
  it('D2: a missing Authorization header is 401 unauthorized with WWW-Authenticate: Bearer', async () => {
    const h = await start()
    const response = await h.fetch('/api/v1/health', { token: null })
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
    await expectError(response, 'unauthorized', ERRORS.unauthorized.message, 401)
  })

  it('D2: a wrong token is 401 and the error never holds the token', async () => {
    const h = await start({ token: 'right-token' })
    const response = await h.fetch('/api/v1/sessions', { token: 'wrong-token' })
    const error = await expectError(response, 'unauthorized', undefined, 401)
    expect(JSON.stringify(error)).not.toContain('right-token')
  })

  it('D2: the scheme word is case-insensitive', async () => {
    const h = await start({ token: 't0k' })
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const response = await h.fetch('/api/v1/health', { token: null, headers: { authorization: `${scheme} t0k` } })
      expect(response.status).toBe(200)
    }
  })

  it('D2: a malformed header (other scheme, no token, token prefix) is 401', async () => {
    const h = await start({ token: 't0k' })
    for (const value of ['Basic t0k', 'Bearer', 'Bearer t0', 'Bearer t0kk', 't0k']) {
      const response = await h.fetch('/api/v1/health', { token: null, headers: { authorization: value } })
      await expectError(response, 'unauthorized', undefined, 401)
    }
  })

  it('D2: the token never appears in the journal or the health snapshot', async () => {
    const h = await start({ token: 'secret-xyz' })
    await h.fetch('/api/v1/sessions?probe=secret-xyz')
    await h.fetch('/api/v1/nope/secret-xyz')
    const health = await h.fetch('/api/v1/health')
    expect(await health.text()).not.toContain('secret-xyz')
    expect(JSON.stringify(h.api.journal())).not.toContain('secret-xyz')
  })
})

describeTransports('D3 order of checks', (start) => {
  it('D3: 401 comes before 404 route not found', async () => {
    const h = await start()
    await expectError(await h.fetch('/api/v1/unknown', { token: null }), 'unauthorized', undefined, 401)
  })

  it('D3: an unknown path or method under /api/v1 is 404 route not found', async () => {
    const h = await start()
    const cases: [string, string][] = [
      ['GET', '/api/v1/unknown'],
      ['GET', '/api/v1'],
      ['GET', '/api/v1/sessions/'],
      ['PUT', '/api/v1/sessions'],
      ['DELETE', '/api/v1/tags'],
      ['POST', '/api/v1/health'],
      ['GET', '/api/v1/sessions/x/waveform-notes'],
      ['GET', '/api/v1/sessions/%E0%A4%A/tags'],
    ]
    for (const [method, path] of cases) {
      await expectError(await h.fetch(path, { method }), 'not_found', NOT_FOUND_MESSAGES.route, 404)
    }
  })

  const overLimit = 'x'.repeat(LIMITS.bodyBytes + 1)

  it('D3: a body over 1 MiB without a valid token is 401, not 413', async () => {
    const h = await start({ token: 'right-token' })
    for (const token of [null, 'wrong-token']) {
      const response = await h.fetch('/api/v1/sessions', { method: 'POST', body: overLimit, token })
      await expectError(response, 'unauthorized', ERRORS.unauthorized.message, 401)
    }
  })

  it('D3: 413 comes right after 401, before 404 route, 403 read_only and 501', async () => {
    const h = await start({ mode: 'read-only', unavailable: ['import'] })
    for (const [method, path] of [
      ['POST', '/api/v1/nothing'],
      ['PUT', '/api/v1/sessions'],
      ['POST', '/api/v1/sessions'],
      ['POST', '/api/v1/import'],
    ] as const) {
      const response = await h.fetch(path, { method, body: overLimit })
      await expectError(response, 'payload_too_large', ERRORS.payload_too_large.message, 413)
    }
  })

  it('D3: a body of exactly 1 MiB goes on to 404 route, 403 read_only and 501 as before', async () => {
    const h = await start({ mode: 'read-only', unavailable: ['import'] })
    const atLimit = overLimit.slice(1)
    const send = (method: string, path: string) => h.fetch(path, { method, body: atLimit })
    await expectError(await send('POST', '/api/v1/nothing'), 'not_found', NOT_FOUND_MESSAGES.route, 404)
    await expectError(await send('POST', '/api/v1/sessions'), 'read_only', undefined, 403)
    await h.api.setMode('full-automation')
    await expectError(await send('POST', '/api/v1/import'), 'import_unavailable', undefined, 501)
  })

  it('D3: 404 route comes before 403 read_only', async () => {
    const h = await start({ mode: 'read-only' })
    await expectError(await h.fetch('/api/v1/nothing', { method: 'POST' }), 'not_found', NOT_FOUND_MESSAGES.route)
  })

  it('D3: 403 read_only comes before 501 and 400', async () => {
    const h = await start({ mode: 'read-only', unavailable: ['import'] })
    await expectError(await h.fetch('/api/v1/import', { method: 'POST', body: '{' }), 'read_only')
  })

  it('D3: 501 comes before 400 bad body', async () => {
    const h = await start({ unavailable: ['waveform-notes'] })
    const response = await h.fetch('/api/v1/sessions/none/waveform-notes', { method: 'PUT', body: 'not json' })
    await expectError(response, 'waveform_notes_unavailable', ERRORS.waveform_notes_unavailable.message, 501)
  })

  it('D3: 400 bad body comes before 404 unknown session', async () => {
    const h = await start()
    await expectError(await h.fetch('/api/v1/sessions/none/tags', { method: 'PUT', json: {} }), 'invalid_json')
  })

  it('D3: a valid body for an unknown session is 404 session not found', async () => {
    const h = await start()
    const response = await h.fetch('/api/v1/sessions/none/tags', { method: 'PUT', json: { tags: [] } })
    await expectError(response, 'not_found', NOT_FOUND_MESSAGES.session, 404)
  })
})

describeTransports('D1 modes', (start) => {
  const writes: [string, string, unknown][] = [
    ['POST', '/api/v1/sessions', { title: 'A' }],
    ['PATCH', '/api/v1/sessions/x', {}],
    ['DELETE', '/api/v1/sessions/x', undefined],
    ['PUT', '/api/v1/sessions/x/tags', { tags: [] }],
    ['PATCH', '/api/v1/sessions/x/notes', { notes: '' }],
    ['PUT', '/api/v1/sessions/x/waveform-notes', { notes: [] }],
    ['POST', '/api/v1/import', { items: [{ projectPath: '/a.als' }] }],
  ]

  for (const mode of ['read-only', 'disabled'] as const) {
    it(`D1: every write is 403 read_only in ${mode} mode`, async () => {
      const h = await start({ mode })
      for (const [method, path, json] of writes) {
        await expectError(await h.fetch(path, { method, json }), 'read_only', ERRORS.read_only.message, 403)
      }
    })

    it(`D1: reads work in ${mode} mode`, async () => {
      const h = await start({ mode })
      await expectAnswer(await h.fetch('/api/v1/sessions'), 'sessions.list')
      await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')
    })
  }

  it('D1: writes follow the effective mode, not the configured one', async () => {
    const h = await start({ mode: 'full-automation', effectiveMode: 'read-only' })
    await expectError(await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A' } }), 'read_only')
    h.api.setMode('read-only', 'full-automation')
    await expectAnswer(await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A' } }), 'sessions.create')
  })

  it('D1: the mock starts in full-automation and setMode changes both modes', async () => {
    const h = await start()
    let body = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect([body.data.configuredMode, body.data.effectiveMode]).toEqual(['full-automation', 'full-automation'])
    h.api.setMode('disabled')
    body = await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect([body.data.configuredMode, body.data.effectiveMode]).toEqual(['disabled', 'disabled'])
  })
})

describeTransports('SPEC §4.11–4.13 unavailable services', (start) => {
  it('SPEC: waveform, waveform-notes and import answer their 501 when unavailable, and work again after', async () => {
    const h = await start()
    const cases = [
      ['waveform', 'GET', '/api/v1/sessions/x/waveform', undefined, 'waveform_unavailable'],
      ['waveform-notes', 'PATCH', '/api/v1/sessions/x/waveform-notes', { notes: [] }, 'waveform_notes_unavailable'],
      ['import', 'POST', '/api/v1/import', { items: [{ projectPath: '/x.als' }] }, 'import_unavailable'],
    ] as const
    for (const [service, method, path, json, code] of cases) {
      h.api.setServiceAvailable(service, false)
      await expectError(await h.fetch(path, { method, json }), code, ERRORS[code].message, 501)
      h.api.setServiceAvailable(service, true)
      expect((await h.fetch(path, { method, json })).status).not.toBe(501)
    }
  })

  it('SPEC: other operations never answer 501', async () => {
    const h = await start({ unavailable: ['waveform', 'waveform-notes', 'import'] })
    await expectAnswer(await h.fetch('/api/v1/sessions'), 'sessions.list')
  })
})
