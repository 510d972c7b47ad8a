import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { ownErrors } from './lib/consumer.js'
import { run } from './lib/run.js'
import { unknownReferences } from './lib/shell-check.js'
import { type Snippet, snippetFileName, workspaceSnippets } from './lib/snippets.js'
import { publicPackages } from './lib/workspace.js'

// Every ```ts and ```sh block of every README, as a user would paste it into a project that
// installed the packed packages (global-setup.ts). `ts no-check` and `sh no-run` opt a block out.
const consumerDir = inject('consumerDir')
const snippetsDir = join(consumerDir, 'snippets')
const snippets = workspaceSnippets()
const where = (snippet: Snippet) => `${snippet.readme}:${snippet.line}`
const isTestFile = (snippet: Snippet) => /from ['"]vitest['"]/.test(snippet.code)
const fileOf = (snippet: Snippet) =>
  join(snippetsDir, snippetFileName(snippet, isTestFile(snippet) ? '.test.ts' : '.ts'))

const typescript = snippets.filter((snippet) => snippet.lang === 'ts' && !snippet.flags.includes('no-check'))
const shell = snippets.filter((snippet) => snippet.lang === 'sh' && !snippet.flags.includes('no-run'))
const vitestFiles = typescript.filter(isTestFile)

describe('TypeScript blocks of the READMEs', () => {
  let errors: string[] = []

  beforeAll(() => {
    mkdirSync(snippetsDir, { recursive: true })
    for (const snippet of typescript) writeFileSync(fileOf(snippet), `${snippet.code}\n`)
    errors = ownErrors(join(consumerDir, 'tsconfig.snippets.json'), typescript.map(fileOf))
  })

  it.each(typescript.map((snippet) => [where(snippet), snippet]))(
    '%s compiles, strict, against the installed packages',
    (_, snippet) => {
      const file = snippetFileName(snippet as Snippet, '')
      // Its own file only: `README.md-L42` is also the tail of `packages-sdk-README.md-L42`.
      expect(errors.filter((error) => error.startsWith(`snippets/${file}.`))).toEqual([])
    },
  )

  it('leaves no compile error outside the blocks (options, global declarations)', () => {
    expect(errors.filter((error) => !error.includes('snippets/'))).toEqual([])
  })

  it('includes the mock README’s vitest example with setupServer', () => {
    expect(
      vitestFiles.some(
        (snippet) => snippet.readme === 'packages/mock-server/README.md' && /setupServer/.test(snippet.code),
      ),
    ).toBe(true)
  })

  describe('vitest files', () => {
    let report: VitestReport

    beforeAll(async () => {
      report = await runVitestFiles()
    })

    it.each(vitestFiles.map((snippet) => [where(snippet), snippet]))(
      '%s, a vitest file, passes when run in the installed project',
      (_, snippet) => {
        const result = report.testResults.find((file) => file.name === fileOf(snippet as Snippet))
        const failures = result?.assertionResults.filter((test) => test.status !== 'passed')
        expect(failures?.map((test) => `${test.fullName}: ${test.failureMessages.join('\n')}`)).toEqual([])
        expect(result?.status).toBe('passed')
        expect(result?.assertionResults.length).toBeGreaterThan(0)
      },
    )
  })
})

/** The part of vitest's JSON report the assertions read. */
interface VitestReport {
  testResults: {
    name: string
    status: string
    message: string
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}

/** One run of the user's vitest over every README block that is a vitest file. */
async function runVitestFiles(): Promise<VitestReport> {
  const vitest = join(consumerDir, 'node_modules/vitest/vitest.mjs')
  const outputFile = join(consumerDir, 'vitest-report.json')
  const finished = await run(
    process.execPath,
    [vitest, 'run', '--root', snippetsDir, '--reporter=json', `--outputFile=${outputFile}`, ...vitestFiles.map(fileOf)],
    { cwd: consumerDir, env: { ...process.env, CI: '1', NO_COLOR: '1' } },
  )
  try {
    return JSON.parse(readFileSync(outputFile, 'utf8'))
  } catch {
    throw new Error(`vitest left no report (exit ${finished.code})\n${finished.stdout}\n${finished.stderr}`)
  }
}

describe('shell blocks of the READMEs', () => {
  it.each(shell.map((snippet) => [where(snippet), snippet]))(
    '%s is valid bash and names only scripts, packages, files and bins that exist',
    async (_, snippet) => {
      const syntax = await run('bash', ['-n', '-c', (snippet as Snippet).code])
      expect(syntax.stderr).toBe('')
      expect(unknownReferences((snippet as Snippet).code)).toEqual([])
    },
  )
})

describe('links of the READMEs npm shows', () => {
  it.each(publicPackages().map(({ dir, name }) => [name, dir]))(
    '%s: every link is absolute or an anchor (a relative one is dead on the npm page)',
    (_, dir) => {
      const markdown = readFileSync(join(dir, 'README.md'), 'utf8')
      const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
      expect(links.filter((link) => !/^(https?:\/\/|#)/.test(link))).toEqual([])
    },
  )
})
