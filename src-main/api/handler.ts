import type { Readable } from 'node:stream';
import type { ResponseOf, RouteName, routes } from '../../src-shared/api/routes.ts';
import type {
  MxCheck,
  ServerInfo,
  ServerSettings,
  ServerSettingsPatch,
} from '../../src-shared/api/server-settings.ts';
import type { MailServices } from '../mail/mail-services.ts';
import type { VideoService } from '../video/video-service.ts';
import type { Caller } from './access.ts';
import type { ParsedInput } from './route-input.ts';

/** The services the handlers call (the running app has this shape). */
export interface ApiServices {
  video: VideoService;
  mail: MailServices;
  settings: {
    /** GET /api/info without `client_is_local` (the caller decides that). */
    info(): Omit<ServerInfo, 'client_is_local'>;
    read(): ServerSettings;
    /** Applies a change or throws an AppError saying why not. */
    update(patch: ServerSettingsPatch): Promise<ServerSettings>;
  };
  checkMx(domain: string): Promise<MxCheck>;
}

/**
 * What a handler gets: the path parameters and the query already parsed by its route's schemas
 * (route-input.ts, the same for both carriers), and the JSON body, which it checks itself.
 */
export interface ApiInput<N extends ApiRoute> extends ParsedInput<N> {
  body: unknown;
}

/** What a handler may learn of the call besides its input. */
export interface ApiContext {
  caller: Caller;
  /** The key the caller was let in with (null: none was needed). */
  keyId: number | null;
  services: ApiServices;
  /** Facts about the answer a carrier may pass on (HTTP: as headers); `more` on listings. */
  meta: { more?: boolean };
  /** Runs `listener` when the caller goes away mid-call (HTTP: the connection closed). */
  onClose(listener: () => void): void;
}

/**
 * An answer already written as JSON (mail listings keep bodies as UTF-8 bytes): HTTP sends
 * `http()` as it is, IPC sends `value()` as an object.
 */
export class Encoded<T> {
  constructor(
    readonly http: () => Buffer | Readable,
    readonly value: () => T | Promise<T>,
  ) {}
}

/** Bytes of JSON; their object is read back only for a carrier that wants one. */
export function encodedJson<T>(chunks: Buffer[]): Encoded<T> {
  const bytes = Buffer.concat(chunks);
  return new Encoded(
    () => bytes,
    () => JSON.parse(bytes.toString('utf8')) as T,
  );
}

/** Routes no handler serves: they stream (media, raw mail, attachments) or push (WebSocket). */
export type StreamedRoute =
  'taskDownload' | 'taskPreview' | 'taskCover' | 'mailRaw' | 'mailAttachment' | 'mailStream';

export type ApiRoute = Exclude<RouteName, StreamedRoute>;

export type ApiAnswer<N extends ApiRoute> =
  ResponseOf<(typeof routes)[N]> | Encoded<ResponseOf<(typeof routes)[N]>>;

export type ApiHandler<N extends ApiRoute> = (
  input: ApiInput<N>,
  context: ApiContext,
) => ApiAnswer<N> | Promise<ApiAnswer<N>>;

/** One handler per route of the table (a missing one is a compile error). */
export type ApiHandlers = { [N in ApiRoute]: ApiHandler<N> };
