import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { ownErrors } from './lib/consumer.js'
import { type BlockRun, runReadmeBlocks } from './lib/readme-blocks.js'
import { run } from './lib/run.js'
import { unknownReferences } from './lib/shell-check.js'
import {
  extractSnippets,
  type Snippet,
  snippetFileName,
  strayMarkers,
  whereIs,
  workspaceReadmes,
  workspaceSnippets,
} from './lib/snippets.js'
import { publicPackages } from './lib/workspace.js'

// Every ```ts and shell block of every README and docs/ page, as a user would paste it into a project that
// installed the packed packages (global-setup.ts), runs: vitest files with the project's vitest,
// scripts and shell blocks against the packed mock (lib/readme-blocks.ts). A block that cannot
// run has `<!-- not run: <why> -->` on the line before its fence; it is still compiled or checked.
const consumerDir = inject('consumerDir')
const snippetsDir = join(consumerDir, 'snippets')
const snippets = workspaceSnippets()
const isTestFile = (snippet: Snippet) => /from ['"]vitest['"]/.test(snippet.code)
const fileOf = (snippet: Snippet) =>
  join(snippetsDir, snippetFileName(snippet, isTestFile(snippet) ? '.test.ts' : '.ts'))
const title = (snippet: Snippet) =>
  snippet.notRun === undefined ? whereIs(snippet) : `${whereIs(snippet)} (not run: ${snippet.notRun})`
const cases = (list: Snippet[]) => list.map((snippet) => [title(snippet), snippet] as const)

const typescript = snippets.filter((snippet) => snippet.lang === 'ts')
const shell = snippets.filter((snippet) => snippet.lang === 'sh')
const runnable = snippets.filter((snippet) => snippet.notRun === undefined)
const vitestFiles = runnable.filter((snippet) => snippet.lang === 'ts' && isTestFile(snippet))
// A block that pipes to jq needs it: CI installs it, a newcomer's machine may not have it.
const hasJq = (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, 'jq')))
const needsJq = (snippet: Snippet) => snippet.lang === 'sh' && /\|\s*jq\b/.test(snippet.code)
const againstTheMock = runnable.filter(
  (snippet) => (snippet.lang === 'sh' || !isTestFile(snippet)) && (hasJq || !needsJq(snippet)),
)
const withoutJq = hasJq ? [] : runnable.filter(needsJq)

let report: VitestReport
let runs = new Map<string, BlockRun>()

beforeAll(async () => {
  mkdirSync(snippetsDir, { recursive: true })
  // A user's ESM project: Node runs the blocks as modules, with top-level await.
  writeFileSync(join(snippetsDir, 'package.json'), '{ "type": "module" }\n')
  for (const snippet of typescript)
    writeFileSync(fileOf(snippet), `${snippet.code}\n`)
    // The vitest files run in the project's vitest while the other blocks run against the mock.
  ;[report, runs] = await Promise.all([runVitestFiles(), runReadmeBlocks(consumerDir, againstTheMock)])
}, 300_000)

describe('how a README block is read', () => {
  const markdown = [
    '<!-- not run: starts the long-running mock -->',
    '```sh',
    'session-library-mock',
    '```',
    '<!-- not run: a blank line parts it from the fence -->',
    '',
    '```ts',
    '```',
    '```console',
    '$ session-library sessions list \\',
    '  --json',
    '[{"id": "ses_0sm9us24"}]',
    '$ echo done',
    '```',
  ].join('\n')

  it('takes the reason of the marker on the line before the fence, and only there', () => {
    const [mock, script] = extractSnippets(markdown, 'x.md')
    expect(mock).toMatchObject({ line: 2, lang: 'sh', notRun: 'starts the long-running mock' })
    expect(script?.notRun).toBeUndefined()
    expect(strayMarkers(markdown)).toEqual([5])
  })

  it('runs the `$ ` commands of a console block, without their output', () => {
    expect(extractSnippets(markdown, 'x.md')[2]).toMatchObject({
      lang: 'sh',
      code: 'session-library sessions list \\\n  --json\necho done',
    })
  })
})

describe('the READMEs mark the blocks they do not run one way', () => {
  it('gives no block a word after its language (`<!-- not run: why -->` before the fence instead)', () => {
    expect(snippets.filter((snippet) => snippet.flags.length > 0).map(title)).toEqual([])
  })

  it('puts each not-run marker right before a ts or shell fence', () => {
    const stray = workspaceReadmes().flatMap(({ readme, markdown }) =>
      strayMarkers(markdown).map((line) => `${readme}:${line}`),
    )
    expect(stray).toEqual([])
  })
})

describe('TypeScript blocks of the READMEs', () => {
  let errors: string[] = []

  beforeAll(() => {
    errors = ownErrors(join(consumerDir, 'tsconfig.snippets.json'), typescript.map(fileOf))
  })

  it.each(cases(typescript))('%s compiles, strict, against the installed packages', (_, snippet) => {
    const file = snippetFileName(snippet, '')
    // Its own file only: `README.md-L42` is also the tail of `packages-sdk-README.md-L42`.
    expect(errors.filter((error) => error.startsWith(`snippets/${file}.`))).toEqual([])
  })

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
    it.each(cases(vitestFiles))('%s, a vitest file, passes when run in the installed project', (_, snippet) => {
      const result = report.testResults.find((file) => file.name === fileOf(snippet))
      const failures = result?.assertionResults.filter((test) => test.status !== 'passed')
      expect(failures?.map((test) => `${test.fullName}: ${test.failureMessages.join('\n')}`)).toEqual([])
      expect(result?.status).toBe('passed')
      expect(result?.assertionResults.length).toBeGreaterThan(0)
    })
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

describe('scripts and shell blocks, against the packed mock', () => {
  it.each(cases(againstTheMock))('%s runs to its end without an error', (_, snippet) => {
    expect(runs.get(whereIs(snippet))).toEqual({})
  })
  it.skip.each(cases(withoutJq))('%s runs to its end without an error (SKIPPED: jq not installed)', () => {})
})

describe('shell blocks of the READMEs', () => {
  it.each(cases(shell))(
    '%s is valid bash and names only scripts, packages, files and bins that exist',
    async (_, snippet) => {
      const syntax = await run('bash', ['-n', '-c', snippet.code])
      expect(syntax.stderr).toBe('')
      expect(unknownReferences(snippet.code)).toEqual([])
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
