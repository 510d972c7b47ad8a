import { describe, expect, it } from 'vitest'
import * as client from '../src/client.js'
import { isSecretHeader, MASKED, redactedHeaderValue } from '../src/mask.js'

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
