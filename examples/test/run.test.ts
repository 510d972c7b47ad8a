import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runExample } from './helpers/run-example.js'

// The examples are the .ts files next to run.ts.
const EXAMPLES = readdirSync(new URL('../', import.meta.url))
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -'.ts'.length))

describe('pnpm example (run.ts)', () => {
  it('without a name, lists every example with its summary and usage (exit 2)', async () => {
    const { code, stdout, stderr } = await runExample('run', [])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(5)
    for (const name of EXAMPLES) expect(stderr).toMatch(new RegExp(`^ {2}${name} +\\S.*\\n +pnpm example ${name}`, 'm'))
  })

  it('says when a name is unknown, then lists the examples (exit 2)', async () => {
    const { code, stderr } = await runExample('run', ['list-old'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^Unknown example: list-old\n\nUsage: pnpm example <name> \[options\]/)
  })

  it('runs an example by name and passes it the rest of the command line', async () => {
    const { code, stdout } = await runExample('run', ['list-recent', '--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Lists recently opened sessions .*\nUsage: pnpm example list-recent \[--search <text>\]/)
  })
})
