export type { ImportProgress } from './runner.js'
