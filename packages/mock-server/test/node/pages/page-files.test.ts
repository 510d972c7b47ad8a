import { describe, expect, it } from 'vitest'
import { useSuiteServer } from '../suite-server.js'

// The two pages the standalone mock serves, /docs and the dashboard, answer alike (D18).
const server = useSuiteServer({ token: 'page-files-token', sessions: 1 })

describe('the pages over HTTP', () => {
  it.each([
    ['/docs', 'text/html; charset=utf-8'],
    ['/docs/init.js', 'text/javascript; charset=utf-8'],
    ['/docs/assets/swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['/docs/assets/swagger-ui.css', 'text/css; charset=utf-8'],
    ['/docs/assets/favicon-32x32.png', 'image/png'],
    ['/__mock/', 'text/html; charset=utf-8'],
    ['/__mock', 'text/html; charset=utf-8'],
    ['/__mock/assets/dashboard.js', 'text/javascript; charset=utf-8'],
    ['/__mock/assets/dashboard.css', 'text/css; charset=utf-8'],
  ])('D18: %s needs no token and answers %s, no-cache, nosniff', async (path, type) => {
    const answer = await fetch(`${server().origin}${path}`)
    const headers = ['Content-Type', 'Cache-Control', 'X-Content-Type-Options'].map((name) => answer.headers.get(name))
    expect([answer.status, ...headers]).toEqual([200, type, 'no-cache', 'nosniff'])
    await answer.arrayBuffer()
  })

  it.each([
    ['/docs', 'with inline styles (Swagger UI sets them)'],
    ['/__mock/', 'with no inline code at all'],
  ])('D18: %s allows scripts, styles and calls from its own origin only, %s, and names no other', async (path) => {
    const answer = await fetch(`${server().origin}${path}`)
    const policy = answer.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("connect-src 'self'")
    expect(policy.includes('unsafe-inline')).toBe(path === '/docs')
    expect(await answer.text()).not.toMatch(/https?:\/\//)
  })
})
