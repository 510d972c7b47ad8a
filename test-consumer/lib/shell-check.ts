import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { binsOf, publicPackages, readManifest, workspaceRoot } from './workspace.js'

// pnpm's own commands, which a README may use besides the workspace's scripts.
const PNPM_COMMANDS = new Set(['add', 'install', 'i', 'exec', 'dlx', 'run', 'pack', 'publish', 'vitest'])

/** A shell block's commands: continuations joined, comments and blank lines dropped. */
export function commandsOf(code: string): string[][] {
  return code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .flatMap((line) => line.replace(/(^|\s)#.*$/, '').split(/&&|\|\||;/))
    .map((command) => command.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
}

/** Whether a workspace package (or the root) has a script of that name. */
function workspaceScripts(): Map<string, Set<string>> {
  const dirs = [workspaceRoot, ...publicPackages().map(({ dir }) => dir), join(workspaceRoot, 'examples')]
  return new Map(
    dirs.map((dir) => {
      const manifest = readManifest(dir)
      return [manifest.name, new Set(Object.keys(manifest.scripts ?? {}))]
    }),
  )
}

/**
 * What a shell block names that does not exist: a pnpm script of the root or of a `--filter`ed
 * package, a workspace package, a file `node` runs, a bin `npx` runs.
 */
export function unknownReferences(code: string): string[] {
  const scripts = workspaceScripts()
  const rootScripts = scripts.get(readManifest(workspaceRoot).name) ?? new Set()
  const bins = new Set(publicPackages().flatMap(({ manifest }) => Object.keys(binsOf(manifest))))
  const packageNames = new Set(publicPackages().map(({ name }) => name))
  const problems: string[] = []
  for (const [command, ...args] of commandsOf(code)) {
    if (command === 'pnpm') {
      const filter = args[0] === '--filter' ? args[1] : undefined
      const [script] = filter ? args.slice(2) : args[0] === 'run' ? args.slice(1) : args
      if (!script || script.startsWith('-') || PNPM_COMMANDS.has(script)) continue
      const known = filter ? scripts.get(filter) : rootScripts
      if (filter && !known) problems.push(`pnpm --filter ${filter}: no such workspace package`)
      else if (!known?.has(script))
        problems.push(`pnpm ${filter ? `--filter ${filter} ` : ''}${script}: no such script`)
    } else if (command === 'node' && args[0] && !args[0].startsWith('-')) {
      if (!existsSync(join(workspaceRoot, args[0]))) problems.push(`node ${args[0]}: no such file`)
    } else if (command === 'npx' && args[0] && !args[0].startsWith('-')) {
      if (!bins.has(args[0]) && !packageNames.has(args[0])) problems.push(`npx ${args[0]}: no such bin or package`)
    }
  }
  return problems
}
