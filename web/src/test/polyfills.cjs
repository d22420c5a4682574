// Runs before the test framework: jsdom lacks TextEncoder/TextDecoder, which react-router needs at import.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
