// What the programs share that needs Node itself (never imported by a browser-safe entry).

export { realFilePath, syncDirectory, temporaryOf, writeAtomically, writeFully } from './atomic-file.js'
export { FileHeld, type FileLock, lockFile, socketFolder } from './file-lock.js'
