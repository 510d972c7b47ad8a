import { createHostCheck, isValidHost } from '@session-library/internal/node'
import { describe, expect, it } from 'vitest'
import { createHostGate } from './host-check.js'

describe('the Host checks of every request, each value checked once', () => {
  it('D18, D20: gives the verdict of the checks themselves, for a value seen again and past the values it keeps', () => {
    const gate = createHostGate(['mock.test'])
    const allowed = createHostCheck(['mock.test'])
    const hosts = ['127.0.0.1:4777', 'mock.test', 'evil.example', 'bad host', '[::1]:99999', 'localhost']
    const many = Array.from({ length: 100 }, (_, index) => `host${index}.example`)
    for (const host of [...hosts, ...many, ...hosts, ...hosts]) {
      const expected = !isValidHost(host) ? 'invalid_host' : allowed(host) ? undefined : 'forbidden_host'
      expect(gate(host), host).toBe(expected)
    }
    expect(gate(undefined)).toBeUndefined()
  })
})
