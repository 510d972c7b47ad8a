// `pnpm bench`: runs each benchmark of scripts/bench/ in its own process, one after another, and
// prints one table: benchmark, baseline, subject, ratio, target, met. Not part of the test suite.
//   node scripts/bench.mjs [--quick] [--write] [--only cold,tests,start,server,list,store,sdk,cli,shell,dashboard,mcp,size]
// --quick shortens the runs (noisier figures, for development). --write puts each benchmark's table,
// with the date, the machine and the commit, into docs/benchmarks.md, in place of that benchmark's
// section (the sections of benchmarks that did not run are kept). The size benchmark runs last: it
// measures whatever the SDK's dist imports at that moment. What each benchmark measures:
// scripts/bench/README.md.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '')
const HEADER = `# Benchmark results

The latest figures of each benchmark of \`pnpm bench\`, written by \`pnpm bench --write\`
([scripts/bench.mjs](../scripts/bench.mjs)): do not edit by hand. A run of some benchmarks
(\`--only\`) replaces their sections and keeps the others, so each section says when, on which
commit and on what machine it was measured. What each benchmark measures, its baseline and how to
read its rows: [scripts/bench/README.md](../scripts/bench/README.md). Wall-clock figures move 5–10 %
from run to run, requests per second more; the ratio to the baseline measured in the same rounds is
the figure to compare.
`
const BENCHMARKS = [
  'cold',
  'tests',
  'start',
  'server',
  'list',
  'store',
  'sdk',
  'cli',
  'shell',
  'dashboard',
  'mcp',
  'size',
]
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const chosen = values.only ? values.only.split(',').map((name) => name.trim()) : BENCHMARKS
const unknown = chosen.filter((name) => !BENCHMARKS.includes(name))
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark: ${unknown.join(', ')} (known: ${BENCHMARKS.join(', ')})\n`)
  process.exit(2)
}

function cpuModel() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown CPU'
  } catch {
    return 'unknown CPU'
  }
}

/** Runs one benchmark, echoing its detail lines, and resolves to the rows it emits. */
function run(name) {
  const script = fileURLToPath(new URL(`./bench/${name}.mjs`, import.meta.url))
  const child = spawn(process.execPath, [script, ...(values.quick ? ['--quick'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      const rows = out.match(/^BENCH_ROWS (.+)$/m)
      for (const line of out
        .replace(/^BENCH_ROWS .+$/m, '')
        .trim()
        .split('\n')) {
        if (line) console.log(`  ${line}`)
      }
      resolve(code === 0 && rows ? JSON.parse(rows[1]) : [{ benchmark: `${name}: FAILED (exit ${code})` }])
    })
  })
}

function format(value, unit, resolution = 0) {
  if (value === undefined) return ''
  if (value < resolution) return `< ${resolution} ${unit}`
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en')} req/s`
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${value.toFixed(digits)} ${unit}`
}

const date = new Date().toISOString()
const loadBefore = loadavg()
const machine = `${availableParallelism()} cores · ${cpuModel()} · Node ${process.version}`
const loads = (load) => load.map((each) => each.toFixed(2)).join(' ')
console.log(`pnpm bench · ${date}${values.quick ? ' · --quick' : ''}`)
console.log(`${machine} · load average ${loads(loadBefore)}`)
/** Each benchmark's rows, in the order they ran. */
const results = new Map()
for (const name of chosen) {
  console.log(`\n[${name}]`)
  const started = performance.now()
  results.set(name, await run(name))
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}
const rows = [...results.values()].flat()

/** The rows as a Markdown table: benchmark, baseline, subject, ratio, target, met. */
function table(rows) {
  const cells = rows.map((row) => [
    row.benchmark,
    format(row.baseline, row.unit, row.resolution),
    format(row.subject, row.unit, row.resolution),
    row.baseline === undefined || row.baseline < (row.resolution ?? 0) || row.baseline === 0
      ? ''
      : `${(row.subject / row.baseline).toFixed(2)}×`,
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ])
  const header = ['benchmark', 'baseline', 'subject', 'ratio', 'target', 'met?']
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((each) => each[column].length)))
  const line = (each) => `| ${each.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n')
}

console.log(`\n${table(rows)}`)
const loadAfter = loadavg()
console.log(`\nload average after: ${loads(loadAfter)}`)
if (rows.some((row) => row.benchmark.includes('FAILED'))) process.exitCode = 1
if (values.write) writeResults()

/** The checkout's commit, and whether files differ from it (docs/benchmarks.md aside). */
function commit() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  const head = git('rev-parse', '--short', 'HEAD').stdout.trim()
  if (!head) return 'unknown'
  const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/benchmarks.md').stdout.trim()
  return changed ? `${head} with uncommitted changes` : head
}

/** docs/benchmarks.md: a section per benchmark; those that ran now replace theirs. */
function writeResults() {
  const file = `${root}/docs/benchmarks.md`
  const old = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const stamp = [
    date.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC'),
    `commit ${commit()}`,
    machine,
    `load average ${loads(loadBefore)} before, ${loads(loadAfter)} after`,
    `\`node scripts/bench.mjs${values.quick ? ' --quick' : ''}${values.only ? ` --only ${chosen.join(',')}` : ''}\``,
  ].join(' · ')
  const section = (name) => {
    const mine = results.get(name)
    if (mine) return `<!-- bench:${name} -->\n## ${name}\n\n${stamp}\n\n${table(mine)}\n<!-- /bench:${name} -->`
    return old.match(new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`))?.[0]
  }
  const sections = BENCHMARKS.map(section).filter(Boolean)
  writeFileSync(file, `${HEADER}\n${sections.join('\n\n')}\n`)
  console.log(`wrote ${file}`)
}
