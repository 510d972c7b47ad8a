import { describe, expect, it } from 'vitest'
import { Mutex } from './mutex.js'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('Mutex', () => {
  it('D3: work asked for while other work runs starts only after it, in the order asked', async () => {
    const mutex = new Mutex()
    const steps: string[] = []
    const first = mutex.run(async () => {
      steps.push('first starts')
      await tick()
      steps.push('first ends')
    })
    const second = mutex.run(() => steps.push('second'))
    await Promise.all([first, second])
    expect(steps).toEqual(['first starts', 'first ends', 'second'])
  })

  it('D3: an idle mutex starts the work at once, and a failure does not block the next work', async () => {
    const mutex = new Mutex()
    let started = false
    const failed = mutex.run(() => {
      started = true
      throw new Error('boom')
    })
    expect(started).toBe(true)
    await expect(failed).rejects.toThrow('boom')
    await expect(mutex.run(() => 'next')).resolves.toBe('next')
  })

  it('D3: work asked for by work that is starting waits for it, and later work for both', async () => {
    const mutex = new Mutex()
    const steps: string[] = []
    let inner: Promise<unknown> = Promise.resolve()
    const outer = mutex.run(async () => {
      inner = mutex.run(() => steps.push('inner'))
      steps.push('outer starts')
      await tick()
      steps.push('outer ends')
    })
    const later = mutex.run(() => steps.push('later'))
    await Promise.all([outer, inner, later])
    expect(steps).toEqual(['outer starts', 'outer ends', 'inner', 'later'])
  })
})
