import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The workspace's root directory. */
export const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url))

/** What the consumer test needs to know of a package it packs. */
export interface PublicPackage {
  name: string
  dir: string
  manifest: PackageManifest
}

/** The fields of a package.json that the checks read. */
export interface PackageManifest {
  name: string
  version: string
  private?: boolean
  bin?: string | Record<string, string>
  main?: string
  module?: string
  types?: string
  exports?: unknown
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  engines?: { node?: string }
}

/** A package.json, parsed. */
export const readManifest = (dir: string): PackageManifest =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))

/** Every package under packages/* that is not private: what a release publishes. */
export function publicPackages(): PublicPackage[] {
  const packagesDir = join(workspaceRoot, 'packages')
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packagesDir, entry.name))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir, manifest }))
}

/** A package's bins as name → path, whichever of the two forms package.json uses. */
export function binsOf(manifest: PackageManifest): Record<string, string> {
  if (typeof manifest.bin === 'string') return { [manifest.name.replace(/^@[^/]+\//, '')]: manifest.bin }
  return manifest.bin ?? {}
}
