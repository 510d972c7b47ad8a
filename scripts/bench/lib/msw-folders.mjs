// Where a test file runs on each msw the mock supports: msw 3 is the mock package's own folder; msw 2
// (the root's `msw2` alias) a temporary folder whose node_modules holds a checkout's mock package
// (its dist bundles all but msw and the contract) and msw 2 under the name `msw`, so that both the
// mock and the script get it.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './common.mjs'

const made = []

function withMsw2(checkout) {
  const folder = mkdtempSync(join(tmpdir(), 'bench-msw2-'))
  const installed = join(folder, 'node_modules/@session-library/mock-server')
  mkdirSync(installed, { recursive: true })
  for (const file of ['package.json', 'dist']) {
    cpSync(join(checkout, 'packages/mock-server', file), join(installed, file), { recursive: true })
  }
  symlinkSync(realpathSync(root('node_modules/msw2')), join(folder, 'node_modules/msw'))
  // A build from before the mock bundled the contract imports it.
  symlinkSync(join(checkout, 'packages/schemas'), join(folder, 'node_modules/@session-library/schemas'))
  made.push(folder)
  return folder
}

/** For each msw, the folder a test file of `checkout` (a built checkout's root) runs in. */
export const mswFolders = { 'msw 3': (checkout) => join(checkout, 'packages/mock-server'), 'msw 2': withMsw2 }

/** Removes the temporary folders made so far. */
export function removeMswFolders() {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true })
}
