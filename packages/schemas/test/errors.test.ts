import { describe, expect, it } from 'vitest'
import { ERRORS, errorEnvelope, exactErrorEnvelope, NOT_FOUND_MESSAGES } from '../src/index.js'
import { messageOf, parsed } from './samples.js'
import { SPEC_ERRORS } from './spec-table.js'

const notFound = { error: { status: 404, code: 'not_found', message: 'session not found' } }

describe('error codes', () => {
  it('D4: carry SPEC §7 statuses and messages to the letter', () => {
    expect(ERRORS).toMatchObject(SPEC_ERRORS)
  })

  it('D4, D19, D20: add exactly payload_too_large 413, forbidden_host 403, internal_error 500, storage_unavailable 503, invalid_host 400, request_timeout 408 and headers_too_large 431', () => {
    const added = Object.entries(ERRORS).filter(([code]) => !(code in SPEC_ERRORS))
    expect(Object.fromEntries(added.map(([code, { status }]) => [code, status]))).toEqual({
      payload_too_large: 413,
      forbidden_host: 403,
      internal_error: 500,
      storage_unavailable: 503,
      invalid_host: 400,
      request_timeout: 408,
      headers_too_large: 431,
    })
  })

  it('D3, D12: name the 404 cases', () => {
    expect(NOT_FOUND_MESSAGES).toEqual({
      session: 'session not found',
      route: 'route not found',
      variant: 'preview variant not found',
      preview: 'preview not found',
    })
  })
})

describe('error envelope', () => {
  it('SPEC §7: both strengths accept {error: {status, code, message}}', () => {
    expect(parsed(exactErrorEnvelope, notFound)).toEqual(notFound)
    expect(parsed(errorEnvelope, notFound)).toEqual(notFound)
  })

  it('DECISIONS preamble: the tolerant one accepts an unknown code and keeps extra fields', () => {
    const odd = { error: { status: 429, code: 'rate_limited', message: 'Slow down.', retryAfter: 3 }, id: 'r1' }
    expect(parsed(errorEnvelope, odd)).toEqual(odd)
  })

  it('D4: the exact one rejects an unknown code', () => {
    expect(messageOf(exactErrorEnvelope, { error: { ...notFound.error, code: 'rate_limited' } })).toMatch(
      /^error\.code: /,
    )
  })

  it('D4: the exact one rejects an extra field', () => {
    expect(messageOf(exactErrorEnvelope, { error: { ...notFound.error, detail: 'x' } })).toBe(
      'error.detail: is not a known field',
    )
  })

  it('SPEC §7: both reject an envelope without a message', () => {
    const { message: _, ...withoutMessage } = notFound.error
    expect(messageOf(errorEnvelope, { error: withoutMessage })).toMatch(/^error\.message: /)
    expect(messageOf(exactErrorEnvelope, { error: withoutMessage })).toMatch(/^error\.message: /)
  })
})
