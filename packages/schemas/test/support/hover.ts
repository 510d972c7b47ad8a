import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const packageDir = fileURLToPath(new URL('../..', import.meta.url))
const PROBE = `${packageDir}test/__hover-probe__.ts`

/**
 * What an editor shows on hover (TypeScript's language service), for a probe file that imports the
 * package's sources: call `hover(source)` with a source in which `/*|*\/` marks the hovered spot.
 *
 * @example
 * ```ts
 * const { docs } = hover(`import type { BodyOf } from '../src/index.js'\nconst b: BodyOf<'sessions.create'> = { /*|*\/accent: '' }`)
 * ```
 */
export function createHover() {
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
  return (source: string) => {
    const at = source.indexOf('/*|*/')
    probe = source.replace('/*|*/', '')
    version += 1
    const info = service.getQuickInfoAtPosition(PROBE, at)
    return {
      docs: ts.displayPartsToString(info?.documentation),
      display: ts.displayPartsToString(info?.displayParts),
    }
  }
}
