import { describe, expect, inject, it } from 'vitest'
import { runUserVitest } from './lib/run.js'

// The mock in a user's own vitest suite (fixtures/mock-in-tests), from the packed tarballs: a
// library no test can corrupt, overrides inside the mock's checks, verify, requests to another
// origin explained, one library per concurrent test, deterministic fixtures and the SDK's
// NetworkError, with msw 3 on Node 24 and msw 2 on Node 22, and under the vmThreads pool.
const consumerDir = inject('consumerDir')
const msw2Dir = inject('msw2Dir')
const tools = inject('tools')

describe('the mock in a user’s tests', () => {
  it.each([
    ['msw 3 on Node 24', consumerDir, process.execPath, []],
    ['msw 2 on Node 22', msw2Dir, tools.node22, []],
    ['msw 3 on Node 24 under --pool=vmThreads', consumerDir, process.execPath, ['--pool=vmThreads']],
  ])('%s: every test passes', async (name, projectDir, node, flags) => {
    const { finished, report } = await runUserVitest(node, projectDir, 'mock-in-tests', { flags })
    const { numPassedTests, numFailedTests, testResults } = report
    const failed = testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${test.failureMessages[0]?.split('\n')[0]}`)
    expect(failed, `${name}\n${finished.stderr}`).toEqual([])
    expect(finished.code).toBe(0)
    expect(numFailedTests).toBe(0)
    expect(numPassedTests).toBe(30)
  })
})
