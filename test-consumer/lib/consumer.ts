import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { runOk } from './run.js'
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

/** A project of its own with only some of the packed packages installed by npm, and npm's lockfile of it. */
export interface AloneInstall {
  readonly dir: string
  /** Every package npm installed, by its `node_modules/…` path. */
  readonly packages: Record<string, { hasInstallScript?: boolean }>
  /** The installed packages that run a script at install. */
  readonly scripted: string[]
  remove(): void
}

/** Installs the tarballs of `consumerDir` whose file names match `names` into a new project, as a user would. */
export async function installAlone(consumerDir: string, names: RegExp, count: number): Promise<AloneInstall> {
  const dir = mkdtempSync(join(tmpdir(), 'consumer-alone-'))
  const tarballs = readdirSync(join(consumerDir, 'tarballs'))
    .filter((name) => names.test(name))
    .map((name) => join(consumerDir, 'tarballs', name))
  if (tarballs.length !== count)
    throw new Error(`expected ${count} tarballs matching ${names}, found ${tarballs.length}`)
  writeFileSync(join(dir, 'package.json'), '{"name":"alone","private":true}')
  await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs], {
    cwd: dir,
  })
  const { packages } = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as AloneInstall
  const scripted = Object.keys(packages).filter((name) => packages[name]?.hasInstallScript)
  return { dir, packages, scripted, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
