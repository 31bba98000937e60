import type { TaskErrorCode } from '../../../../src-shared/video/schemas.ts';
import { PlatformError } from '../platform.ts';

/**
 * The two kinds of platform failure, named so an error table reads as what the user is told
 * rather than as a bare `true`/`false`: a retryable one is worth the same link again later (the
 * platform hiccuped or is refusing this connection for now), a lasting one is not (the post is
 * gone, private, or the link leads nowhere). Each platform keeps its own wording.
 */
export function retryableError(code: TaskErrorCode, message: string): PlatformError {
  return new PlatformError(code, message, true);
}

export function lastingError(code: TaskErrorCode, message: string): PlatformError {
  return new PlatformError(code, message, false);
}
