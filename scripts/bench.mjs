// `pnpm bench`: runs each benchmark of scripts/bench/ in its own process, one after another, and
// prints one table: benchmark, baseline, subject, ratio, target, met. Not part of the test suite.
//   node scripts/bench.mjs [--quick] [--only cold,tests,start,server,list,store,sdk,cli,shell,dashboard,size]
// --quick shortens the runs (noisier figures, for development). The size benchmark runs last: it
// measures whatever the SDK's dist imports at that moment.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const BENCHMARKS = ['cold', 'tests', 'start', 'server', 'list', 'store', 'sdk', 'cli', 'shell', 'dashboard', 'size']
const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } },
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
console.log(`pnpm bench · ${date}${values.quick ? ' · --quick' : ''}`)
console.log(
  `${availableParallelism()} cores · ${cpuModel()} · Node ${process.version} · load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
)
const rows = []
for (const name of chosen) {
  console.log(`\n[${name}]`)
  const started = performance.now()
  rows.push(...(await run(name)))
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}

const table = rows.map((row) => [
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
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)))
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
console.log(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`)
for (const cells of table) console.log(line(cells))
console.log(
  `\nload average after: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
)
if (rows.some((row) => row.benchmark.includes('FAILED'))) process.exitCode = 1
