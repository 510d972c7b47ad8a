import { describe, expect, it } from 'vitest'
import * as client from '../src/client.js'
import { escapeRegExp, isSecretHeader, MASKED, maskToken, redactedHeaderValue, tokenMask } from '../src/mask.js'

describe('the one token mask (D2)', () => {
  it('D2: a one-character token masks whole values only, never a letter of a path or query', () => {
    const mask = tokenMask('t')
    expect(mask('/api/v1/sessions/ses_0qyc8m82/tags?sort=title')).toBe('/api/v1/sessions/ses_0qyc8m82/tags?sort=title')
    expect(mask('/api/v1/sessions/t')).toBe(`/api/v1/sessions/${MASKED}`)
    expect(mask('/api/v1/sessions?q=t&sort=title')).toBe(`/api/v1/sessions?q=${MASKED}&sort=title`)
    expect(maskToken('/api/v1/sessions', 'es')).toBe('/api/v1/sessions')
  })

  it('D2: a token is masked as sent and percent-encoded, in either hex case', () => {
    const token = 'a b/c+d'
    const mask = tokenMask(token)
    expect(mask(`/api/v1/sessions?q=${encodeURIComponent(token)}`)).toBe(`/api/v1/sessions?q=${MASKED}`)
    expect(mask('/x/a%20b%2fc%2bd')).toBe(`/x/${MASKED}`)
    expect(mask(`message with ${token} inside`)).toBe(`message with ${MASKED} inside`)
  })

  it('D2: a token is masked however a client percent-encodes it: one character, all of them, either hex case', () => {
    const token = 'Sekret-Token_123'
    const mask = tokenMask(token)
    const every = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')
    expect(mask('/api/v1/sessions/%53ekret-Token_123')).toBe(`/api/v1/sessions/${MASKED}`)
    expect(mask(`/api/v1/sessions?token=${every}`)).toBe(`/api/v1/sessions?token=${MASKED}`)
    expect(mask(`/api/v1/sessions?token=${every.toUpperCase()}`)).toBe(`/api/v1/sessions?token=${MASKED}`)
    expect(mask('/api/v1/sessions/%53ekret-Token_1234')).toBe('/api/v1/sessions/%53ekret-Token_1234')
    expect(maskToken('/x/%C3%A9t%c3%a9', 'été')).toBe(`/x/${MASKED}`)
  })

  it('D2: a token after an encoded separator is masked as the server reads the part: +, %20, %2C, %2F', () => {
    const mask = tokenMask('TOKEN')
    for (const before of ['notes+', 'notes%20', 'drums%2C', 'drums%2c', 'x%2F', 'a%3D', 'b%26'])
      expect(mask(`/api/v1/sessions?q=${before}TOKEN`), before).toBe(`/api/v1/sessions?q=${before}${MASKED}`)
    expect(mask('/api/v1/sessions/x%2FTOKEN%2Fy')).toBe(`/api/v1/sessions/x%2F${MASKED}%2Fy`)
    expect(mask('?q=TOKEN+notes')).toBe(`?q=${MASKED}+notes`)
    // An escape of a letter, digit or -._~ joins the word, as the character would.
    for (const before of ['%41', '%7a', '%30', '%2D', '%2e', '%5F', '%7E'])
      expect(mask(`?q=${before}TOKEN`)).toBe(`?q=${before}TOKEN`)
    expect(tokenMask('a b')('?q=a+b&x=1')).toBe(`?q=${MASKED}&x=1`)
  })

  it('D2: a token inside JSON text is masked in its escaped form (a quote or a backslash in it)', () => {
    const token = 'p@ss"w\\rd/x'
    const printed = JSON.stringify({ echoed: `Bearer ${token}` })
    expect(maskToken(printed, token)).toBe(`{"echoed":"Bearer ${MASKED}"}`)
    expect(maskToken(`Bearer ${token}`, token)).toBe(`Bearer ${MASKED}`)
  })

  it('D2: a token is masked however JSON escapes it (\\u in either hex case, a surrogate pair, \\/) and in any letter case', () => {
    const token = 'Sekret/Tök😀n'
    const escaped = JSON.stringify(token).replace(/[^"]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    const mask = tokenMask(token)
    expect(mask(`{"title":${escaped}}`)).toBe(`{"title":"${MASKED}"}`)
    expect(mask(`{"title":${escaped.toUpperCase().replace(/\\U/g, '\\u')}}`)).toBe(`{"title":"${MASKED}"}`)
    expect(mask('{"path":"Sekret\\/Tök\\ud83d\\ude00n"}')).toBe(`{"path":"${MASKED}"}`)
    expect(mask('{"lines":"a\\nSekret/Tök😀n"}')).toBe(`{"lines":"a\\n${MASKED}"}`)
    expect(mask(`http://${token.toLowerCase()}:4777`)).toBe(`http://${MASKED}:4777`)
    expect(mask(`x-echo: ${token.toUpperCase()}`)).toBe(`x-echo: ${MASKED}`)
    expect(mask('{"title":"\\u0041Sekret/Tök😀n"}')).toBe('{"title":"\\u0041Sekret/Tök😀n"}')
  })

  it('D2: several secrets, an empty one ignored; text without them is returned as is', () => {
    const mask = tokenMask(['secret-one', '', undefined, 'secret-two'])
    expect(mask('secret-one then "secret-two"')).toBe(`${MASKED} then "${MASKED}"`)
    expect(mask('secret-ones')).toBe('secret-ones')
    expect(tokenMask('')('anything')).toBe('anything')
  })

  it('D2: a token with regex characters is matched literally', () => {
    expect(maskToken('a.b* and axb', 'a.b*')).toBe(`${MASKED} and axb`)
  })
})

describe('the one rule for secret headers (D2), shared by the SDK logger and the mock journal', () => {
  it('D2: Authorization, Proxy-Authorization, Cookie, Set-Cookie and names holding key, token or secret are secret, in any case', () => {
    for (const name of [
      'Authorization',
      'PROXY-AUTHORIZATION',
      'cookie',
      'Set-Cookie',
      'X-Api-Key',
      'X-Session-Token',
      'X-Client-Secret',
    ])
      expect(isSecretHeader(name), name).toBe(true)
    for (const name of ['Accept', 'Content-Type', 'X-Trace']) expect(isSecretHeader(name), name).toBe(false)
    expect(isSecretHeader('X-Tenant', ['x-TENANT'])).toBe(true)
  })

  it('D2: an authorization value keeps a known scheme word only; anything else is hidden whole', () => {
    expect(redactedHeaderValue('authorization', 'Bearer abc', MASKED)).toBe('Bearer <token>')
    expect(redactedHeaderValue('Proxy-Authorization', 'basic cHJveHk=', MASKED)).toBe('basic <token>')
    expect(redactedHeaderValue('authorization', 'abc', MASKED)).toBe('<token>')
    expect(redactedHeaderValue('authorization', 'abc def', MASKED)).toBe('<token>')
    expect(redactedHeaderValue('cookie', 'Bearer abc', '[redacted]')).toBe('[redacted]')
  })

  it('is part of the client entry, which the SDK imports', () => {
    expect([client.isSecretHeader, client.redactedHeaderValue]).toEqual([isSecretHeader, redactedHeaderValue])
  })
})

describe('escapeRegExp', () => {
  it('makes a pattern that matches the text itself and nothing else, every special character included', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o'
    const pattern = new RegExp(`^${escapeRegExp(text)}$`)
    expect(pattern.test(text)).toBe(true)
    expect(pattern.test(text.replace('.', 'x'))).toBe(false)
    expect(new RegExp(escapeRegExp('http://127.0.0.1:4777')).test('http://127a0a0a1:4777')).toBe(false)
  })
})
