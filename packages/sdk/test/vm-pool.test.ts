import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url))
const root = fileURLToPath(new URL('./vm-pool', import.meta.url))

// Under a vm pool each test file has its own realm: errors fetch throws come from another one.
it.each(['vmThreads', 'vmForks'])(
  'under --pool=%s a refused connection and an msw network fault are NetworkErrors that safe() settles',
  async (pool) => {
    const report = join(mkdtempSync(join(tmpdir(), 'sdk-vm-pool-')), 'report.json')
    await promisify(execFile)(
      process.execPath,
      [vitest, 'run', '--root', root, `--pool=${pool}`, '--reporter=json', `--outputFile=${report}`],
      {
        env: { ...process.env, CI: '1', NO_COLOR: '1' },
      },
    ).catch(() => undefined)
    const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'))
    expect({ numPassedTests, numFailedTests }, JSON.stringify(testResults)).toEqual({
      numPassedTests: 2,
      numFailedTests: 0,
    })
  },
)
