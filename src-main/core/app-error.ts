import {
  ERROR_STATUS,
  type ErrorCode,
  type SettingsInvalidReason,
} from '../../src-shared/errors/codes.ts';
import type { ValidationItem } from '../../src-shared/api/errors.ts';

/** An expected failure with a code from the catalogue; http/error-handler.ts maps it once. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      retryAfterSeconds?: number;
      validation?: ValidationItem[];
      /** SETTINGS_INVALID only: which rule the value broke (sent as `reason`). */
      reason?: SettingsInvalidReason;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** A refused settings value, with the sentence and the reason a client translates. */
export function settingsInvalid(reason: SettingsInvalidReason, sentence: string): AppError {
  return new AppError('SETTINGS_INVALID', sentence, { reason });
}

/** A pydantic-shaped 422 with one or more items. */
export function validationError(items: ValidationItem[]): AppError {
  return new AppError('VALIDATION_FAILED', items[0]?.msg ?? 'Validation failed', {
    validation: items,
  });
}
