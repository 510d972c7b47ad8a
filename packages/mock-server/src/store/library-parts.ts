export type { LibraryChange, PartChange } from './records.js'
