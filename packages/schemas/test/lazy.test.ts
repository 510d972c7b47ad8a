import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { lazy } from '../src/lazy.js'

const title = () => z.strictObject({ title: z.string().check(z.minLength(1, 'must be a non-empty string')) })

describe('lazy: a value built on its first use', () => {
  it('builds nothing before the first read, then once, whatever reads it', () => {
    const build = vi.fn(title)
    const body = lazy(build)
    expect(build).not.toHaveBeenCalled()
    expect(body.safeParse({ title: 'x' }).success).toBe(true)
    expect('def' in body && body.def.type).toBe('object')
    body.parse({ title: 'y' })
    expect(build).toHaveBeenCalledOnce()
  })

  it('parses, refuses and reports as the value it stands for, as a field of another schema too', () => {
    const eager = title()
    const body = lazy(title)
    for (const input of [{ title: 'x' }, { title: '' }, { title: 'x', extra: 1 }, 'text']) {
      expect(body.safeParse(input)).toEqual(eager.safeParse(input))
    }
    const wrapped = z.object({ inner: body })
    expect(wrapped.safeParse({ inner: { title: '' } }).error?.issues[0]?.path).toEqual(['inner', 'title'])
    expect(body.check(z.refine(() => false, 'never')).safeParse({ title: 'x' }).success).toBe(false)
    expect(body instanceof z.ZodMiniObject).toBe(true)
  })

  it("shows a schema's own keys before it is built, and its metadata after", () => {
    const described = lazy(() => z.string().check(z.describe('a title')))
    expect(Object.keys(described)).toEqual(Object.keys(z.string()))
    expect(z.globalRegistry.get(described)).toEqual({ description: 'a title' })
  })

  it('shows the keys it is given before it is built: a spread gets the built values', () => {
    const pair = lazy(() => ({ tolerant: z.string(), exact: z.string() }), { tolerant: true, exact: true })
    const spread = { ...pair }
    expect(Object.keys(spread)).toEqual(['tolerant', 'exact'])
    expect(spread.exact.safeParse('x').success).toBe(true)
    const fewer = lazy(() => ({ tolerant: 1 }), { tolerant: true, exact: true })
    expect(fewer.tolerant).toBe(1)
    expect(Object.keys(fewer)).toEqual(['tolerant'])
  })

  it('says so when its build reads itself, and builds again at the next read after a failure', () => {
    const cycle: { def: unknown } = lazy(() => ({ def: cycle.def }), { def: true })
    expect(() => cycle.def).toThrow('a lazy value was read while it was being built: a cycle')
    let attempts = 0
    const flaky = lazy(() => {
      attempts += 1
      if (attempts === 1) throw new Error('first build fails')
      return title()
    })
    expect(() => flaky.safeParse({ title: 'x' })).toThrow('first build fails')
    expect(flaky.safeParse({ title: 'x' }).success).toBe(true)
    expect(attempts).toBe(2)
  })

  it('importing the contract builds almost no schema: each is built when first read', async () => {
    vi.resetModules()
    const define = Object.defineProperty
    let built = 0
    const counting = vi.spyOn(Object, 'defineProperty').mockImplementation((target, key, descriptor) => {
      // A schema's internals are a value; a stand-in's are a getter that builds it.
      if (key === '_zod' && 'value' in descriptor) built += 1
      return define(target, key, descriptor)
    })
    try {
      const contract = await import('../src/index.js')
      expect(built).toBeLessThanOrEqual(10)
      contract.sessionListQuery.safeParse({ limit: '1' })
      expect(built).toBeGreaterThan(10)
    } finally {
      counting.mockRestore()
    }
  })
})
