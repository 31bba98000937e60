import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/logger.ts';
import { makeFilesInDirPrivate, makePrivateDir } from '../core/private-files.ts';

const PART_SUFFIX = '.part';

/**
 * The folder where task media lives: one video and at most one cover per task. Only regular
 * files directly inside count as media; anything else found there (a folder, a symbolic link)
 * is never served, never followed and never deleted through.
 */
export class MediaStore {
  constructor(
    readonly dir: string,
    private readonly logger?: Logger,
  ) {
    this.prepareDir();
  }

  /**
   * File name (not path) of a task's video. Task ids are base64url, so safe as names; the
   * content type is kept in the task record, not in an extension.
   */
  videoName(taskId: string): string {
    return `${taskId}.video`;
  }

  coverName(taskId: string): string {
    return `${taskId}.cover`;
  }

  pathOf(name: string): string {
    return path.join(this.dir, name);
  }

  /** Where a file is written until it is complete; the rename makes it visible. */
  partPathOf(name: string): string {
    return this.pathOf(name + PART_SUFFIX);
  }

  /** Deletes every file of a task, finished or partial. */
  removeTask(taskId: string): void {
    for (const name of this.list()) {
      if (name.startsWith(`${taskId}.`)) this.unlinkQuietly(name);
    }
  }

  /**
   * Deletes every entry no kept task refers to, partial downloads included; a symbolic link is
   * removed itself, never its target. Folders are left alone (Ephemera never makes one here,
   * so one is the user's) with a warning. Returns the count removed.
   */
  removeOrphans(keep: ReadonlySet<string>): number {
    let removed = 0;
    for (const name of this.list()) {
      if (keep.has(name) && this.exists(name)) continue;
      if (this.isFolder(name)) {
        this.logger?.warn(`left the folder ${this.pathOf(name)} alone: media/ holds only files`);
        continue;
      }
      this.unlinkQuietly(name);
      removed++;
    }
    return removed;
  }

  removeFile(name: string): void {
    this.unlinkQuietly(name);
  }

  /** A regular file (not a link that could point out of the folder, not a folder). */
  exists(name: string): boolean {
    try {
      return fs.lstatSync(this.pathOf(name)).isFile();
    } catch {
      return false;
    }
  }

  /** Bytes free for an unprivileged writer in the media folder. */
  freeBytes(): number {
    const s = fs.statfsSync(this.dir);
    return s.bavail * s.bsize;
  }

  private list(): string[] {
    try {
      return fs.readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  private isFolder(name: string): boolean {
    try {
      return fs.lstatSync(this.pathOf(name)).isDirectory();
    } catch {
      return false;
    }
  }

  /** Removes a file or a link (unlink never follows one); a failure is logged, not thrown. */
  private unlinkQuietly(name: string): void {
    try {
      fs.unlinkSync(this.pathOf(name));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') this.logger?.warn(`cannot delete ${this.pathOf(name)}: ${code}`);
    }
  }

  /**
   * Creates the folder 0700 (its files 0600). Something else where the folder should be (a
   * file, or a link that could lead deletions out of the data folder) is moved aside first.
   */
  private prepareDir(): void {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.lstatSync(this.dir);
    } catch {
      // Missing: made below.
    }
    if (stat && !stat.isDirectory()) {
      const aside = `${this.dir}.not-a-folder-${Date.now()}`;
      fs.renameSync(this.dir, aside);
      this.logger?.warn(`${this.dir} was not a folder; moved it to ${aside}`);
    }
    makePrivateDir(this.dir);
    makeFilesInDirPrivate(this.dir, this.logger);
  }
}
