// What the programs share that needs Node itself (files, sockets), kept out of the main entry so that
// the SDK's browser bundle never names a `node:` module.

export { realFilePath, syncDirectory, temporaryOf, writeAtomically, writeFully } from './atomic-file.js'
export { FileHeld, type FileLock, lockFile } from './file-lock.js'
export { createHostCheck, isValidHost } from './host-check.js'
export {
  type Connection,
  configDirOf,
  configFile,
  removeLogin,
  resolveConnection,
  type Source,
  saveLogin,
} from './saved-logins.js'
