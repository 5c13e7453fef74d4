// V8 flags for the process the service runs in, as `npm start` (headless), `npm run serve` and the
// bench start it (package.json's scripts repeat them: test/unit/service-node-flags.test.ts keeps the
// two the same). V8 reads them only at launch.
//
// The young generation (two semi-spaces) grows to 32 MB under a burst of requests and keeps that
// size until memory is short; capped at 4 MB it holds a request's short-lived objects as well, and
// status lookups and invoice creation run no slower (npm run bench). The desktop app's main process
// cannot be given flags at launch: its service gives the memory back when it comes to rest.
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=2'];
