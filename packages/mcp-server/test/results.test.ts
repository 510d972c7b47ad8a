import { ApiError, PaginationError } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { errorResult, pageNote } from '../src/results.js'

const url = 'http://127.0.0.1:4777/api/v1/sessions'
const request = { operation: 'sessions.list', method: 'GET', path: '/api/v1/sessions', url } as const

describe('a page walk that stopped is a tool error (D9, D10)', () => {
  it("keeps the SDK's PaginationError message, offset and what the server did included", () => {
    const error = new PaginationError('repeated-page', 500, request, { noun: 'sessions', total: 1e9 })
    expect(errorResult(error, (text) => text)).toEqual({
      isError: true,
      content: [{ type: 'text', text: `GET ${url}: the page at offset 500 repeats sessions already read; stopped` }],
    })
  })
})

describe('where a page sits: the next offset counts the items received, and an empty page offers none', () => {
  it('says the next offset only while items remain', () => {
    expect(pageNote({ total: 1000, offset: 0 }, 20)).toBe('1–20 of 1000; next page: offset 20')
    expect(pageNote({ total: 30, offset: 20 }, 10)).toBe('21–30 of 30')
    expect(pageNote({ total: 1000, offset: 0 }, 0)).toBe('none at offset 0 (total 1000)')
    expect(pageNote({ total: 10, offset: 40 }, 0)).toBe('none: offset 40 is past the last of 10')
  })
})

describe("a tool error carries no terminal escape of a hostile server's message", () => {
  it('shows OSC 52 (clipboard), OSC 8 (link) and C1 controls escaped, as the CLI does; lines kept', () => {
    const message = 'bad\u001b]52;c;ZXZpbA==\u0007 \u001b]8;;http://evil\u001b\\x\u001b]8;;\u001b\\ \u009b2J\nnext'
    const error = new ApiError({ status: 400, code: 'invalid_json', message, body: {} }, request)
    const [content] = errorResult(error, (text) => text).content as { text: string }[]
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(content?.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    expect(content?.text).toContain('bad\\e]52;c;ZXZpbA==\\x07 \\e]8;;http://evil')
    expect(content?.text.split('\n')[1]).toBe('next (sessions.list GET /api/v1/sessions)')
  })
})
