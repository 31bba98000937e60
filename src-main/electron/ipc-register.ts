import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { z } from 'zod';
import {
  IPC_INVOKE_SCHEMAS,
  type IpcInvokeChannel,
  type IpcParsedRequest,
  type IpcResponse,
} from '../../src-shared/ipc/desktop-contract.ts';
import { ipcFail, ipcOk, type IpcResult } from '../../src-shared/ipc/result.ts';
import { AppError } from '../core/app-error.ts';
import { ServicesUnavailableError } from '../app/app-controller.ts';
import { StartupError } from '../core/startup-error.ts';
import type { Logger } from '../core/logger.ts';

/** Who sent a request, for handlers that keep per-window state (mail watches). */
export interface IpcContext {
  senderId: number;
}

export type IpcHandler<C extends IpcInvokeChannel> = (
  request: IpcParsedRequest<C>,
  context: IpcContext,
) => IpcResponse<C> | Promise<IpcResponse<C>>;

/** One handler per channel of the contract: a missing one is a compile error. */
export type IpcHandlers = { [C in IpcInvokeChannel]: IpcHandler<C> };

/** The part of an invoke event the sender check reads. */
export type IpcSenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export interface IpcRegisterOptions {
  /** True only for the app window's own top frame showing the app's origin. */
  isTrustedSender(event: IpcSenderEvent): boolean;
  logger: Logger;
}

/**
 * The one place that touches `ipcMain`: every channel of the contract gets a handler that
 * (a) refuses senders other than the app's own main frame, (b) checks the request against the
 * channel's schema, and (c) answers a Result: the value, or the AppError's code and message.
 * Anything unexpected is logged with its stack and answered as INTERNAL without details.
 * Returns a function that removes the handlers.
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: IpcHandlers,
  options: IpcRegisterOptions,
): () => void {
  const channels = Object.keys(IPC_INVOKE_SCHEMAS) as IpcInvokeChannel[];
  for (const channel of channels) {
    ipcMain.handle(channel, (event, request: unknown) =>
      dispatchIpc(
        channel,
        handlers[channel] as IpcHandler<IpcInvokeChannel>,
        event,
        request,
        options,
      ),
    );
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** Runs one request through the sender check, the schema and the handler. */
export async function dispatchIpc<C extends IpcInvokeChannel>(
  channel: C,
  handler: IpcHandler<C>,
  event: IpcSenderEvent,
  request: unknown,
  options: IpcRegisterOptions,
): Promise<IpcResult<IpcResponse<C>>> {
  if (!options.isTrustedSender(event)) {
    options.logger.warn(`refused ${channel} from ${describeSender(event)}`);
    return ipcFail('FORBIDDEN_SENDER', 'This window may not use the desktop API.');
  }
  const schema: z.ZodType = IPC_INVOKE_SCHEMAS[channel].request;
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    return ipcFail('VALIDATION_FAILED', describeIssue(parsed.error));
  }
  try {
    const value = await handler(parsed.data as IpcParsedRequest<C>, { senderId: event.sender.id });
    return ipcOk(value);
  } catch (err) {
    return toFailure(channel, err, options.logger);
  }
}

function toFailure(channel: string, err: unknown, logger: Logger): IpcResult<never> {
  if (err instanceof AppError) return ipcFail(err.code, err.message, err.extra.reason);
  if (err instanceof ServicesUnavailableError || err instanceof StartupError) {
    return ipcFail('UNAVAILABLE', err.message);
  }
  logger.error(`${channel} failed`, err);
  return ipcFail('INTERNAL', 'Something went wrong in Ephemera; the log has the details.');
}

/** "text: Invalid input: expected string, received number", for the first issue. */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue.message}`;
}

function describeSender(event: IpcSenderEvent): string {
  let frame: string;
  try {
    frame = event.senderFrame?.url ?? 'a destroyed frame';
  } catch {
    frame = 'an unknown frame';
  }
  return `${frame} (contents ${event.sender.id})`;
}

/**
 * The sender check: the request must come from the app window's web contents, from its top
 * frame (not an iframe, such as a mail's HTML), showing a page of the app's origin.
 */
export function trustedSenderCheck(
  appContentsId: () => number | null,
  isAppUrl: (url: string) => boolean,
): (event: IpcSenderEvent) => boolean {
  return (event) => {
    const id = appContentsId();
    if (id === null || event.sender.id !== id) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isAppUrl(frame.url);
  };
}
