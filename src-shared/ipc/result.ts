import type { ErrorCode, SettingsInvalidReason } from '../errors/codes.ts';

/* No zod here: the preload bundle imports this file and must stay small. */

/** Codes only the IPC boundary produces; everything else comes from the error catalogue. */
export const IPC_ONLY_ERROR_CODES = [
  /** The message did not come from the app's own main frame. */
  'FORBIDDEN_SENDER',
  /** The preload was asked for a channel the contract does not have. */
  'UNKNOWN_CHANNEL',
  /** The services are not running (a restart failed, or the app is quitting). */
  'UNAVAILABLE',
] as const;

export type IpcErrorCode = ErrorCode | (typeof IPC_ONLY_ERROR_CODES)[number];

export interface IpcError {
  code: IpcErrorCode;
  /** One sentence for a person, at most MAX_IPC_MESSAGE_CHARS long. */
  message: string;
  /** SETTINGS_INVALID only: the rule the value broke, as REST's `reason`. */
  reason?: SettingsInvalidReason;
}

/**
 * What every invoke resolves to. Electron keeps only the `message` of an error thrown in a
 * handler, so errors travel as data instead.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const MAX_IPC_MESSAGE_CHARS = 500;

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail(
  code: IpcErrorCode,
  message: string,
  reason?: SettingsInvalidReason,
): { ok: false; error: IpcError } {
  const capped =
    message.length > MAX_IPC_MESSAGE_CHARS
      ? `${message.slice(0, MAX_IPC_MESSAGE_CHARS - 1)}…`
      : message;
  return {
    ok: false,
    error: reason ? { code, message: capped, reason } : { code, message: capped },
  };
}
