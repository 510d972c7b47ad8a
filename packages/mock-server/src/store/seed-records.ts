export { libraryOf, sessionRecord } from './sessions.js'
