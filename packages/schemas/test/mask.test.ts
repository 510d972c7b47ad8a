import { describe, expect, it } from 'vitest'
import { MASKED, maskToken, tokenMask } from '../src/mask.js'

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
