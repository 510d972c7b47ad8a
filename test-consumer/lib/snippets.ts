import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { workspaceRoot } from './workspace.js'

/** A fenced code block of a README. */
export interface Snippet {
  /** The README, relative to the workspace root. */
  readme: string
  /** 1-based line of the opening fence. */
  line: number
  lang: 'ts' | 'sh'
  /** Words after the language in the info string, e.g. `no-check`. */
  flags: string[]
  code: string
}

const LANGS: Record<string, Snippet['lang']> = { ts: 'ts', typescript: 'ts', sh: 'sh', bash: 'sh', shell: 'sh' }
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'docs-site', 'coverage'])

/** Every README.md of the workspace, however many packages and examples come to exist. */
export function readmes(dir = workspaceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : readmes(join(dir, entry.name))
    }
    return entry.name === 'README.md' ? [join(dir, entry.name)] : []
  })
}

/** The ```ts and ```sh blocks of a Markdown text (fences of three or more backticks). */
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
      const code = lines.slice(i + 1, end).join('\n')
      snippets.push({ readme, line: i + 1, lang, flags: rest.trim().split(/\s+/).filter(Boolean), code })
    }
    i = end
  }
  return snippets
}

/** Every ts and sh block of every README of the workspace. */
export function workspaceSnippets(): Snippet[] {
  return readmes().flatMap((file) =>
    extractSnippets(readFileSync(file, 'utf8'), relative(workspaceRoot, file).split('\\').join('/')),
  )
}

/** A file name that says where a snippet comes from: `packages-sdk-README.md-L42.ts`. */
export const snippetFileName = (snippet: Snippet, extension: string) =>
  `${snippet.readme.replaceAll('/', '-')}-L${snippet.line}${extension}`
