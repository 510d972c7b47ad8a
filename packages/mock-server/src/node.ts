/** Node-only entry: the standalone server. @example `import { version } from '@session-library/mock-server/node'` */
export { version } from './index.js'
