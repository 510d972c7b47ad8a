import { PaginationError } from '@session-library/sdk'
import { describe, expect, it } from 'vitest'
import { errorResult } from '../src/results.js'

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
