/** The services could not start for a reason the user can fix; the message says how. */
export class StartupError extends Error {
  override name = 'StartupError';
}
