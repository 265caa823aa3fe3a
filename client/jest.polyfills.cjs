// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time; Node's are spec-compliant.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });
}
