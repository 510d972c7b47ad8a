export { applyPatch, newSessionRecord, sessionJson, toSession } from './sessions.js'
