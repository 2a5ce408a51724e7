// Run a Python script under a real MicroPython (the WebAssembly port, in Node).
//
// Usage: node run_micropython.mjs SCRIPT [FILE ...]
// Each FILE is copied into MicroPython's filesystem root under its base name
// (importable from there); SCRIPT is then run. Its output goes to stdout; an
// uncaught Python exception prints to stderr and exits with status 1.
import { readFileSync } from "node:fs";
import { basename } from "node:path";

let loadMicroPython;
try {
  ({ loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript"));
} catch (error) {
  console.error(
    "The MicroPython interpreter for Node is not installed: run `scripts/setup test,dev` " +
      "(it runs `npm ci`) at the repository root. (" + error.message + ")",
  );
  process.exit(3);
}

const [script, ...files] = process.argv.slice(2);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const file of files) {
  mp.FS.writeFile("/" + basename(file), readFileSync(file));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n");
  mp.runPython(readFileSync(script, "utf8"));
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}
