import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const packageDir = fileURLToPath(new URL('../..', import.meta.url))
const PROBE = `${packageDir}test/__hover-probe__.ts`

/** What an editor shows on hover: the symbol as declared (`display`) and its TSDoc (`docs`). */
export interface Hover {
  display: string
  docs: string
}

const MARK = '/*|*/'

/**
 * What an editor shows on hover (TypeScript's language service) in a probe file beside the tests,
 * which imports the package's sources: `hover(source)` answers for each spot that `/*|*\/` marks,
 * in order. One probe with many marks costs one type-check.
 *
 * @example
 * ```ts
 * const hover = createHover()
 * const [accent] = hover(`import type { BodyOf } from '../src/index.js'\ndeclare const b: BodyOf<'sessions.create'>\nb./*|*\/accent`)
 * ```
 */
export function createHover(): (source: string) => Hover[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${packageDir}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  ) as ts.ParsedCommandLine
  let probe = ''
  let version = 0
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [PROBE],
    getScriptVersion: (file) => (file === PROBE ? String(version) : '1'),
    getScriptSnapshot: (file) => {
      const text = file === PROBE ? probe : ts.sys.readFile(file)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => packageDir,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === PROBE || ts.sys.fileExists(file),
    readFile: (file) => (file === PROBE ? probe : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  }
  const service = ts.createLanguageService(host, ts.createDocumentRegistry())
  return (source) => {
    const parts = source.split(MARK)
    const spots = parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('').length)
    probe = parts.join('')
    version += 1
    return spots.map((spot) => {
      const info = service.getQuickInfoAtPosition(PROBE, spot)
      return {
        docs: ts.displayPartsToString(info?.documentation),
        display: ts.displayPartsToString(info?.displayParts),
      }
    })
  }
}
