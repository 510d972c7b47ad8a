// Usage: pnpm example <name> [options]   (no name: list the examples)
// Runs one of the examples in this folder by name, passing the rest of the command line to it.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describeScript } from './lib/usage.js'

const folder = new URL('./', import.meta.url)
const self = fileURLToPath(import.meta.url)
  .split('/')
  .pop()

// Every .ts file next to this one is an example: its name is the file name without `.ts`.
const names = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== self)
  .map((file) => file.slice(0, -'.ts'.length))
  .sort()

function listExamples(): string {
  const width = Math.max(...names.map((name) => name.length))
  const lines = names.map((name) => {
    const { usage, summary } = describeScript(new URL(`${name}.ts`, folder))
    return `  ${name.padEnd(width)}  ${summary}\n  ${' '.repeat(width)}  ${usage.replace(/^Usage: /, '')}`
  })
  return ['Usage: pnpm example <name> [options]', '', 'Examples:', ...lines].join('\n')
}

const [name] = process.argv.splice(2, 1)
if (name === undefined || !names.includes(name)) {
  if (name !== undefined) console.error(`Unknown example: ${name}\n`)
  console.error(listExamples())
  process.exitCode = 2
} else {
  // The example parses process.argv itself, which now holds only its own arguments.
  await import(new URL(`${name}.ts`, folder).href)
}
