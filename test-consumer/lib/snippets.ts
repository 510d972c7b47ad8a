import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { workspaceRoot } from './workspace.js'

/** A fenced code block of a README. */
export interface Snippet {
  /** The README, relative to the workspace root. */
  readme: string
  /** 1-based line of the opening fence. */
  line: number
  lang: 'ts' | 'sh'
  /** Words after the language in the info string: none is allowed (the marker below says why not). */
  flags: string[]
  /** The block's code; of a `console` block, its `$ ` commands without the prompt. */
  code: string
  /** Why the block is not run, from `<!-- not run: <why> -->` on the line before its fence. */
  notRun?: string
}

const LANGS: Record<string, Snippet['lang']> = {
  ts: 'ts',
  typescript: 'ts',
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  console: 'sh',
}
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'docs-site', 'coverage'])
/** THE marker of a block that is not run, with its reason; a TS block is still compiled, a shell one checked. */
const NOT_RUN = /^\s*<!--\s*not run:\s*(.*?)\s*-->\s*$/

/** Every README.md of the workspace, however many packages and examples come to exist. */
export function readmes(dir = workspaceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : readmes(join(dir, entry.name))
    }
    return entry.name === 'README.md' ? [join(dir, entry.name)] : []
  })
}

/** Every Markdown page of the workspace's `docs/`: the reference pages the READMEs link to. */
export function docPages(dir = join(workspaceRoot, 'docs')): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(dir, entry.name))
}

/** A `console` block's commands: the lines after a `$ ` prompt (and their `\` continuations). */
function consoleCommands(lines: string[]): string[] {
  const commands: string[] = []
  let continued = false
  for (const line of lines) {
    if (continued || line.startsWith('$ ')) commands.push(continued ? line : line.slice(2))
    continued = (continued || line.startsWith('$ ')) && line.endsWith('\\')
  }
  return commands
}

/** The ts and shell blocks of a Markdown text (fences of three or more backticks). */
export function extractSnippets(markdown: string, readme: string): Snippet[] {
  const snippets: Snippet[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,})\s*(\S*)(.*)$/.exec(lines[i] ?? '')
    if (!open) continue
    const [, fence = '```', info = '', rest = ''] = open
    const close = lines.findIndex((line, j) => j > i && line.trim() === fence)
    const end = close === -1 ? lines.length : close
    const lang = LANGS[info.toLowerCase()]
    if (lang) {
      const body = lines.slice(i + 1, end)
      const code = (info.toLowerCase() === 'console' ? consoleCommands(body) : body).join('\n')
      const notRun = NOT_RUN.exec(lines[i - 1] ?? '')?.[1]
      const flags = rest.trim().split(/\s+/).filter(Boolean)
      snippets.push({ readme, line: i + 1, lang, flags, code, ...(notRun === undefined ? {} : { notRun }) })
    }
    i = end
  }
  return snippets
}

/** The lines of a Markdown text that hold a not-run marker that no ts or shell fence follows. */
export function strayMarkers(markdown: string): number[] {
  const lines = markdown.split('\n')
  return lines.flatMap((line, i) => {
    if (!NOT_RUN.test(line)) return []
    const info = /^ {0,3}`{3,}\s*(\S*)/.exec(lines[i + 1] ?? '')?.[1]
    return info !== undefined && LANGS[info.toLowerCase()] ? [] : [i + 1]
  })
}

/** Every README and `docs/` page of the workspace, relative to its root, with its text. */
export const workspaceReadmes = () =>
  [...readmes(), ...docPages()].map((file) => ({
    readme: relative(workspaceRoot, file).split('\\').join('/'),
    markdown: readFileSync(file, 'utf8'),
  }))

/** Every ts and shell block of every README and `docs/` page of the workspace. */
export const workspaceSnippets = (): Snippet[] =>
  workspaceReadmes().flatMap(({ readme, markdown }) => extractSnippets(markdown, readme))

/** A file name that says where a snippet comes from: `packages-sdk-README.md-L42.ts`. */
export const snippetFileName = (snippet: Snippet, extension: string) =>
  `${snippet.readme.replaceAll('/', '-')}-L${snippet.line}${extension}`

/** Where a block is, as a person looks it up: `packages/sdk/README.md:42`. */
export const whereIs = (snippet: Snippet) => `${snippet.readme}:${snippet.line}`
