export { listSessions } from './sessions.js'
