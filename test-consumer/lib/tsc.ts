import { join } from 'node:path'
import { run } from './run.js'
import { publicPackages } from './workspace.js'

/**
 * The packages whose declarations a user compiles when they compile ours: ours and our
 * dependencies' (zod, ky). Peers stay out: msw's declarations are the user's own choice of msw,
 * and have errors of their own under `skipLibCheck: false` without the DOM lib or before TS 5.7.
 */
const declarationsWeShip = () => {
  const packages = publicPackages()
  const peers = new Set(packages.flatMap(({ manifest }) => Object.keys(manifest.peerDependencies ?? {})))
  const ours = packages.flatMap(({ name, manifest }) => [name, ...Object.keys(manifest.dependencies ?? {})])
  // A peer stays a peer when another of our packages depends on it; our own packages are always ours
  // (the MCP server takes the mock as an optional peer).
  const own = new Set(packages.map(({ name }) => name))
  return [...new Set(ours)].filter((name) => own.has(name) || !peers.has(name)).map((name) => `node_modules/${name}/`)
}

/**
 * Compiles a tsconfig of a consumer project with the `tsc` of some TypeScript release, and
 * returns the errors in the user's files, in our declarations and in our dependencies', one line
 * each as tsc prints them (`file(line,col): error TS…`, or `error TS…` for the options).
 */
export async function tscErrors(tsc: string, projectDir: string, tsconfig: string): Promise<string[]> {
  const finished = await run(process.execPath, [tsc, '-p', join(projectDir, tsconfig), '--pretty', 'false'], {
    cwd: projectDir,
  })
  const checked = declarationsWeShip()
  return finished.stdout
    .split('\n')
    .filter((line) => /\berror TS\d+:/.test(line) && !line.startsWith(' '))
    .filter((line) => !line.startsWith('node_modules/') || checked.some((prefix) => line.startsWith(prefix)))
}
