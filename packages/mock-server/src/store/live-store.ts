export { type LiveStore, liveStore } from './library.js'
