import fs from 'node:fs';
import path from 'node:path';

const PART_SUFFIX = '.part';

/** The folder where task media lives: one video and at most one cover per task. */
export class MediaStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
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

  /** Deletes every file no kept task refers to, partial downloads included. Returns the count. */
  removeOrphans(keep: ReadonlySet<string>): number {
    let removed = 0;
    for (const name of this.list()) {
      if (!keep.has(name)) {
        this.unlinkQuietly(name);
        removed++;
      }
    }
    return removed;
  }

  removeFile(name: string): void {
    this.unlinkQuietly(name);
  }

  exists(name: string): boolean {
    return fs.existsSync(this.pathOf(name));
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

  private unlinkQuietly(name: string): void {
    fs.rmSync(this.pathOf(name), { force: true });
  }
}
