// Runs README script blocks one after another in this one process, each after a reset of the
// mock (a fresh library, modes and services), and writes what each printed and how it ended.
// node --import ./default-address.mjs run-scripts.mjs <results.json> <timeout ms> <block.ts>...
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { inspect } from 'node:util'

const [resultsFile = '', timeoutMs = '20000', ...files] = process.argv.slice(2)
const { README_MOCK_ORIGIN: origin, SESSION_LIBRARY_TOKEN: token } = process.env

/** The block under way: what it printed, and the first error it left (thrown, or unhandled later). */
let current = { output: '', error: undefined }
for (const stream of [process.stdout, process.stderr]) {
  stream.write = (chunk, encoding, callback) => {
    current.output += String(chunk)
    ;(typeof encoding === 'function' ? encoding : callback)?.()
    return true
  }
}
const fail = (error) => {
  current.error ??= inspect(error, { depth: 4 })
}
process.on('unhandledRejection', fail)
process.on('uncaughtException', fail)

const results = []
for (const file of files) {
  current = { output: '', error: undefined }
  const reset = await fetch(`${origin}/__mock/reset`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
  if (!reset.ok) fail(new Error(`the mock's reset answered ${reset.status}: ${await reset.text()}`))
  let timer
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(new Error(`did not finish within ${timeoutMs} ms`)), Number(timeoutMs))
  })
  const ended = await Promise.race([
    import(pathToFileURL(file).href).then(
      () => undefined,
      (error) => error,
    ),
    late,
  ])
  clearTimeout(timer)
  if (ended !== undefined) fail(ended)
  results.push({ file, ...current })
}
writeFileSync(resultsFile, JSON.stringify(results))
process.exit(0)
