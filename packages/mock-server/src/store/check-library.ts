export { checkLibrary } from './records.js'
