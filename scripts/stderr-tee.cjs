// Preloaded (node --require) into Electron's installer by `npm start`: copies what the installer
// writes to stderr into the file TONTILL_STDERR_TEE names, so a failure can be quoted, while its
// stderr stays the terminal itself (its download progress bar draws only on a TTY, not on a pipe).
const { appendFileSync } = require('node:fs');

const file = process.env.TONTILL_STDERR_TEE;
if (file) {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (chunk, ...rest) => {
    try {
      appendFileSync(file, chunk);
    } catch {
      // The copy is only for the fallback message; the terminal still gets everything.
    }
    return write(chunk, ...rest);
  };
}
