import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPackedMock } from './packed-mock.js'
import { type Finished, run } from './run.js'
import { type Snippet, snippetFileName, whereIs } from './snippets.js'
import { workspaceRoot } from './workspace.js'

/** The token the root README's quick start exports before `pnpm start`: what a reader has set. */
const DEMO_TOKEN = 'dev-token'
/** The mock's default address as the READMEs write it (the SDK's and the CLI's default base URL). */
const DEFAULT_ADDRESSES = ['127.0.0.1:4777', 'localhost:4777']
/** How long one block may take before it is killed and reported. */
const BLOCK_TIMEOUT_MS = 30_000
/** READMEs run at once, each with its own mock: the machine has two cores. */
const READMES_AT_ONCE = 2
const DEFAULT_ADDRESS = fileURLToPath(new URL('./default-address.mjs', import.meta.url))
const RUN_SCRIPTS = fileURLToPath(new URL('./run-scripts.mjs', import.meta.url))

/** How a block that ran ended: `failure` says where, how, and what it printed. */
export interface BlockRun {
  failure?: string
}

/** What the blocks of one README run in and against. */
interface Place {
  consumerDir: string
  /** The block's working directory: the checkout for the workspace's READMEs, else a scratch one. */
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * Runs every given block against the packed mock's standalone server, one server per README
 * (reset before each block, so each starts from the demo library), as a reader would after the
 * quick start: `SESSION_LIBRARY_TOKEN` set, the mock at its default address, the packed bins
 * on PATH. TypeScript blocks of a README run in one Node process; shell blocks in bash -e.
 */
export async function runReadmeBlocks(consumerDir: string, blocks: Snippet[]): Promise<Map<string, BlockRun>> {
  const readmes = [...new Set(blocks.map((block) => block.readme))]
  const queue = readmes.map((readme) => [readme, blocks.filter((block) => block.readme === readme)] as const)
  const runs = new Map<string, BlockRun>()
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const [where, blockRun] of await runReadme(consumerDir, next[0], next[1])) runs.set(where, blockRun)
    }
  }
  await Promise.all(Array.from({ length: READMES_AT_ONCE }, worker))
  return runs
}

async function runReadme(consumerDir: string, readme: string, blocks: Snippet[]): Promise<Map<string, BlockRun>> {
  const scratch = join(consumerDir, 'readme-runs', readme.replaceAll('/', '-'))
  rmSync(scratch, { recursive: true, force: true })
  mkdirSync(scratch, { recursive: true })
  const mock = await startPackedMock(process.execPath, consumerDir, DEMO_TOKEN)
  const origin = new URL(mock.baseUrl).origin
  // The workspace's own READMEs document the checkout (`pnpm example`, `pnpm session-library`); the
  // packages' READMEs and the reference pages of docs/ a user's project.
  const cwd = /^(packages|docs)\//.test(readme) ? scratch : workspaceRoot
  const place = { consumerDir, cwd, env: blockEnv(consumerDir, scratch, origin) }
  try {
    const runs = await runScripts(
      place,
      scratch,
      blocks.filter((block) => block.lang === 'ts'),
    )
    for (const block of blocks.filter((each) => each.lang === 'sh')) {
      await resetMock(origin)
      runs.set(whereIs(block), await runShell(place, block))
    }
    return runs
  } finally {
    await mock.stop()
  }
}

/** The environment of a reader who followed the quick start, and nothing of this test run's. */
function blockEnv(consumerDir: string, scratch: string, origin: string): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(SESSION_LIBRARY_|VITEST|NODE_OPTIONS$)/.test(name),
  )
  const path = [join(consumerDir, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH]
  const { host } = new URL(origin)
  writeFileSync(join(scratch, '.curlrc'), DEFAULT_ADDRESSES.map((from) => `connect-to = ${from}:${host}\n`).join(''))
  return {
    ...Object.fromEntries(inherited),
    SESSION_LIBRARY_TOKEN: DEMO_TOKEN,
    PATH: path.join(delimiter),
    NODE_OPTIONS: `--import=${DEFAULT_ADDRESS}`,
    README_MOCK_ORIGIN: origin,
    README_MOCK_DEFAULT_ADDRESSES: DEFAULT_ADDRESSES.join(','),
    // `auth login` writes there, curl reads its .curlrc (the default address) there, and a global
    // install of a block that should have been marked lands there rather than in the machine's.
    XDG_CONFIG_HOME: scratch,
    CURL_HOME: scratch,
    npm_config_prefix: join(scratch, 'global'),
    PNPM_HOME: join(scratch, 'global'),
    NO_COLOR: '1',
  }
}

async function resetMock(origin: string): Promise<void> {
  const answer = await fetch(`${origin}/__mock/reset`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
  })
  if (!answer.ok) throw new Error(`the mock's reset answered ${answer.status}: ${await answer.text()}`)
}

const failure = (block: Snippet, how: string, output: string) =>
  `${whereIs(block)} ${how}\n${output.trim() || '(no output)'}`

const ended = (finished: Finished) =>
  finished.timedOut
    ? `did not finish within ${BLOCK_TIMEOUT_MS} ms (mark a block that starts a server \`<!-- not run: why -->\`)`
    : `exited ${finished.code}`

async function runShell(place: Place, block: Snippet): Promise<BlockRun> {
  // The block's first line is the script's second, and the fence's line plus one in the README.
  const failedAt = `trap 'echo "exited $? at ${block.readme}:$((LINENO + ${block.line - 1}))" >&2' ERR`
  const finished = await run('bash', ['-e', '-o', 'pipefail', '-c', `${failedAt}\n${block.code}`], {
    cwd: place.cwd,
    env: place.env,
    timeoutMs: BLOCK_TIMEOUT_MS,
  })
  return finished.code === 0 && !finished.timedOut ? {} : { failure: failure(block, ended(finished), finished.output) }
}

/** The README's TypeScript blocks (already written to the consumer's snippets/), in one process. */
async function runScripts(place: Place, scratch: string, blocks: Snippet[]): Promise<Map<string, BlockRun>> {
  const runs = new Map<string, BlockRun>()
  if (blocks.length === 0) return runs
  const resultsFile = join(scratch, 'script-runs.json')
  const files = blocks.map((block) => join(place.consumerDir, 'snippets', snippetFileName(block, '.ts')))
  const finished = await run(
    process.execPath,
    ['--import', DEFAULT_ADDRESS, RUN_SCRIPTS, resultsFile, String(BLOCK_TIMEOUT_MS), ...files],
    { cwd: scratch, env: { ...place.env, NODE_OPTIONS: '' }, timeoutMs: BLOCK_TIMEOUT_MS * (blocks.length + 1) },
  )
  let results: { file: string; output: string; error?: string }[] = []
  try {
    results = JSON.parse(readFileSync(resultsFile, 'utf8'))
  } catch {
    const output = `the runner left no results (${ended(finished)})\n${finished.output}`
    for (const block of blocks) runs.set(whereIs(block), { failure: failure(block, 'did not run', output) })
    return runs
  }
  blocks.forEach((block, index) => {
    const result = results[index]
    if (result === undefined) runs.set(whereIs(block), { failure: failure(block, 'has no result', finished.output) })
    else if (result.error !== undefined)
      runs.set(whereIs(block), { failure: failure(block, 'threw', `${result.output}\n${result.error}`) })
    else runs.set(whereIs(block), {})
  })
  return runs
}
