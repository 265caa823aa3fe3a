// Preloaded into a shop process by a test (NODE_OPTIONS=--require …): when the process exits, writes the files of
// OpenTelemetry and of the module hooks its instrumentations use that the process loaded, to
// LOADED_MODULES_DIR/<pid>.json, so the test sees what tracing cost to load.
const fs = require('node:fs');
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');

const packages = ['@opentelemetry', 'require-in-the-middle', 'import-in-the-middle'].map(
  (name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`,
);
const directory = process.env.LOADED_MODULES_DIR;
if (directory && isMainThread) {
  process.on('exit', () => {
    const loaded = Object.keys(require.cache).filter((file) => packages.some((name) => file.includes(name)));
    fs.writeFileSync(path.join(directory, `${process.pid}.json`), JSON.stringify(loaded));
  });
}
