import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A rule the code names: `D9`, or a section of the API's reference, `SPEC §4.3`. */
export interface Citation {
  rule: string
  /** `path:line`, relative to the root it was scanned from. */
  where: string
}

const TEXT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|json|md|html|css)$/
const SKIPPED = new Set(['node_modules', 'dist', 'docs-site', 'coverage'])

// A decision: `D9`, `(D9)`, `D9:`, `DECISIONS D9`, never part of a word or a number (`ID1`, hex
// `0xD9F`, `#D9D9D9`, a regex's `\D1`).
const DECISION = /(?<![\p{L}\p{N}_$#\\])D(\d+)(?![\p{L}\p{N}_])/gu
// A range of decisions, `D9–D11` (en or em dash, hyphen, ellipsis, `..`): each rule in it counts.
const DECISION_RANGE = /(?<![\p{L}\p{N}_$#\\])D(\d+)\s*(?:[–—-]|…|\.\.)\s*D?(\d+)(?![\p{L}\p{N}_])/gu
// A section of the reference: `§4.3`, `§ 7`, when the line names SPEC before it (`SPEC §1, §9`,
// `SPEC.md §4.1 and §7`), so that another document's sections never count.
const SECTION = /§\s?(\d+(?:\.\d+)*)/g
const SPEC_BEFORE = /\bSPEC\b/

/** Every rule one text cites, with its 1-based line. */
export function citationsIn(text: string): { rule: string; line: number }[] {
  const found: { rule: string; line: number }[] = []
  text.split('\n').forEach((lineText, index) => {
    const line = index + 1
    for (const match of lineText.matchAll(DECISION)) found.push({ rule: `D${Number(match[1])}`, line })
    for (const match of lineText.matchAll(DECISION_RANGE)) {
      const [from, to] = [Number(match[1]), Number(match[2])]
      for (let rule = from + 1; rule <= to; rule++) found.push({ rule: `D${rule}`, line })
    }
    for (const match of lineText.matchAll(SECTION)) {
      if (SPEC_BEFORE.test(lineText.slice(0, match.index))) found.push({ rule: `SPEC §${match[1]}`, line })
    }
  })
  return found
}

function textFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : textFiles(join(dir, entry.name))
    return TEXT.test(entry.name) ? [join(dir, entry.name)] : []
  })
}

/** Every citation in the files under the given folders (relative to `root`). */
export function citations(root: string, folders: string[]): Citation[] {
  return folders.flatMap((folder) =>
    textFiles(join(root, folder)).flatMap((file) => {
      const path = relative(root, file).split('\\').join('/')
      return citationsIn(readFileSync(file, 'utf8')).map(({ rule, line }) => ({ rule, where: `${path}:${line}` }))
    }),
  )
}

/** The rules a rules page has a heading for: `### D9 Paging` → `D9`, `### SPEC §4.3 …` → `SPEC §4.3`. */
export function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,4} (D\d+|SPEC §\d+(?:\.\d+)*)(?=\s|$)/gm)].map((match) => match[1] ?? '')
}
