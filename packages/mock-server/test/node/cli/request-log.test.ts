import { describe, expect, it } from 'vitest'
import { requestLogLine } from '../../../src/node/cli/request-log.js'

const exchange = (url: string, status = 200) => ({ method: 'GET', url, status, ms: 4 })

describe('request log line', () => {
  it('gives method, path and query, status and duration', () => {
    expect(requestLogLine('secret-token')(exchange('/api/v1/sessions?limit=5'))).toBe(
      'GET /api/v1/sessions?limit=5 200 4ms',
    )
  })

  it('D2: masks a token put in the URL, as sent or percent-encoded', () => {
    const line = requestLogLine('s3cret/token+1')
    expect(line(exchange('/api/v1/sessions?q=s3cret/token+1'))).toBe('GET /api/v1/sessions?q=[token] 200 4ms')
    expect(line(exchange('/api/v1/sessions?q=s3cret%2Ftoken%2B1'))).toBe('GET /api/v1/sessions?q=[token] 200 4ms')
  })

  it('leaves the line alone for a token too short to mask without garbling it', () => {
    expect(requestLogLine('t')(exchange('/api/v1/health'))).toBe('GET /api/v1/health 200 4ms')
  })

  it('says dropped for a connection dropped by a network fault', () => {
    expect(requestLogLine('secret-token')(exchange('/api/v1/health', 0))).toBe('GET /api/v1/health dropped 4ms')
  })
})
