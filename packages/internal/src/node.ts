// The Node-only part of what the programs share: the saved logins of `auth login` (files), kept
// out of the main entry so that the SDK's browser bundle never names a `node:` module.

export {
  type Connection,
  configDirOf,
  configFile,
  removeLogin,
  resolveConnection,
  type Source,
  saveLogin,
} from './saved-logins.js'
