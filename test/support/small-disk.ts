import { execFileSync } from 'node:child_process'
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A small file system that fills for real (a tmpfs of a few MiB), for the tests of a full disk. Mounting needs
// root: without it the tests are skipped, but not under CI=true, which runs as root.

function mountable (): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'records-mount-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' })
    execFileSync('umount', [dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Why the tests of a full disk are skipped here, or false when they run. */
export const smallDiskSkip = !mountable() && process.env.CI !== 'true' && 'mounting a tmpfs is not permitted here (it needs root)'

/** A tmpfs of `mib` MiB, with a file that takes all its room when asked. */
export interface SmallDisk {
  dir: string
  /** Writes a file until the file system has no room left. */
  fill: () => void
  /** Removes that file. */
  free: () => void
  unmount: () => void
}

export function smallDisk (mib: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'records-small-disk-'))
  // Another user (PostgreSQL's server) may need to go through it.
  chmodSync(dir, 0o755)
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m,mode=0755`, 'tmpfs', dir])
  const filler = join(dir, 'filler')
  return {
    dir,
    fill () {
      const fd = openSync(filler, 'a')
      try {
        for (let size = 1 << 20; size >= 512; size >>= 1) {
          const chunk = Buffer.alloc(size, 7)
          for (;;) {
            try {
              writeSync(fd, chunk)
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break
              throw error
            }
          }
        }
      } finally {
        closeSync(fd)
      }
    },
    free () {
      if (existsSync(filler)) unlinkSync(filler)
    },
    unmount () {
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' })
      } catch {
        // A file there is still open (by a server's process): detached now, released when it is closed.
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
      }
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
