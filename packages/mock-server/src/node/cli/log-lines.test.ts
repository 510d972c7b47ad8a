import { escapeControls } from '@session-library/internal'
import { describe, expect, it } from 'vitest'
import { requestLogLine } from './log-lines.js'

const exchange = (url: string, status = 200) => ({ method: 'GET', url, status, ms: 4 })

describe('request log line', () => {
  it('gives method, path and query, status and duration', () => {
    expect(requestLogLine('secret-token')(exchange('/api/v1/sessions?limit=5'))).toBe(
      'GET /api/v1/sessions?limit=5 200 4ms',
    )
  })

  it('D2: masks a token put in the URL, as sent or percent-encoded', () => {
    const line = requestLogLine('s3cret/token+1')
    expect(line(exchange('/api/v1/sessions?q=s3cret/token+1'))).toBe('GET /api/v1/sessions?q=<token> 200 4ms')
    expect(line(exchange('/api/v1/sessions?q=s3cret%2Ftoken%2B1'))).toBe('GET /api/v1/sessions?q=<token> 200 4ms')
  })

  it('D2: masks a short token only as a whole value, never inside a word of the path', () => {
    expect(requestLogLine('t')(exchange('/api/v1/tags?x=t'))).toBe('GET /api/v1/tags?x=<token> 200 4ms')
  })

  it('D2: escapes C0, DEL and C1 control characters of the target (\\e, \\x9b …) so a request cannot drive the terminal', () => {
    const line = requestLogLine('secret-token')(exchange('/api/v1/sessions/\u001b]0;OWNED\u0007\u009b2J\u007f'))
    expect(line).toBe('GET /api/v1/sessions/\\e]0;OWNED\\x07\\x9b2J\\x7f 200 4ms')
    // Nothing left to escape: no control character in the line.
    expect(escapeControls(line)).toBe(line)
  })

  it('says dropped for a connection dropped by a network fault', () => {
    expect(requestLogLine('secret-token')(exchange('/api/v1/health', 0))).toBe('GET /api/v1/health dropped 4ms')
  })
})
