import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { readManifest } from './workspace.js'

/**
 * Compiles a tsconfig of the consumer project and returns the errors in the user's files and in
 * our packages' declarations, formatted as tsc prints them. Other packages' declarations are
 * loaded but not checked (msw's need the DOM lib; not ours to assert on), which also keeps it fast.
 */
export function ownErrors(tsconfigPath: string, rootNames?: string[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfigPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error(`cannot read ${tsconfigPath}`)
  const program = ts.createProgram({ rootNames: rootNames ?? parsed.fileNames, options: parsed.options })
  const ours = program
    .getSourceFiles()
    .filter(
      ({ fileName }) => !fileName.includes('/node_modules/') || fileName.includes('/node_modules/@session-library/'),
    )
  const diagnostics = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ]
  const host = {
    getCanonicalFileName: (name: string) => name,
    getCurrentDirectory: () => dirname(tsconfigPath),
    getNewLine: () => '\n',
  }
  return diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trim())
}

/** Every path a package.json points at: main, module, types, bins, and each target of `exports`. */
export function manifestTargets(packageDir: string): string[] {
  const manifest = readManifest(packageDir)
  const exportTargets = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(exportTargets)
        : []
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {})
  return [manifest.main, manifest.module, manifest.types, ...bins, ...exportTargets(manifest.exports)].filter(
    (target): target is string => typeof target === 'string',
  )
}

/** The targets of `manifestTargets` that the installed package lacks. */
export const missingTargets = (packageDir: string) =>
  manifestTargets(packageDir).filter((target) => !existsSync(join(packageDir, target)))

const IMPORT_PATTERNS = [
  /\bfrom\s*["']([^"'./][^"']*)["']/g,
  /\bimport\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g,
  /\brequire\(\s*["']([^"'./][^"']*)["']\s*\)/g,
  /^\s*import\s*["']([^"'./][^"']*)["']/gm,
]

/** The package a bare specifier names: `msw/node` → `msw`, `@msw/data/x` → `@msw/data`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Every package the built JavaScript of an installed package imports or requires. */
export function importedPackages(packageDir: string): Set<string> {
  const found = new Set<string>()
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === 'node_modules'
          ? []
          : walk(join(dir, entry.name))
        : [join(dir, entry.name)],
    )
  // Swagger UI's copied bundle is a file the mock serves to a browser, not a module Node imports.
  const modules = walk(packageDir).filter((name) => /\.(c|m)?js$/.test(name) && !name.includes('/dist/swagger-ui/'))
  for (const file of modules) {
    const text = readFileSync(file, 'utf8')
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) if (match[1]) found.add(packageOf(match[1]))
    }
  }
  return found
}
