// DATA_DIR is the server's alone (docs/decisions/platform-locked-back-door.md): it holds the
// embedded database, the mail drop with its reset links, and the admin socket's
// password. PGlite writes the files of a new database with mode 0666, so start-up makes
// the directory 0700 and takes group and other access off everything in it, and says
// plainly when it cannot.
import fs from "node:fs";
import path from "node:path";

export class PrivateDirectoryError extends Error {}

/** Creates `dir` (0700) if needed and removes group/other access from it and everything below it. Returns how many entries it had to fix. */
export function makePrivate(dir: string): number {
  let fixed = 0;
  const fix = (entry: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? 0o700 : stat.mode & 0o700;
    if ((stat.mode & 0o777) === wanted) return;
    try {
      fs.chmodSync(entry, wanted);
      fixed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw new PrivateDirectoryError(
        `${entry} can be read by other users of this machine and could not be made private (${(error as NodeJS.ErrnoException).code ?? error}). Run the server as the directory's owner, or fix it with: chmod -R go-rwx ${dir}`,
      );
    }
  };
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new PrivateDirectoryError(`The data directory ${dir} could not be created (${(error as NodeJS.ErrnoException).code ?? error}): set DATA_DIR to a directory the server may write.`);
  }
  const walk = (entry: string) => {
    // Another instance sharing DATA_DIR may rename or remove a file between the listing and
    // this look (a mail's `.part` becoming the mail): gone is not a start-up failure.
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    fix(entry, stat);
    if (stat.isDirectory()) for (const name of readdirIfThere(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return fixed;
}

function readdirIfThere(dir: string) {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
