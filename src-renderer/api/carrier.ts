import type {
  BodyOf,
  QueryIn,
  ResponseOf,
  RouteName,
  routes,
} from '../../src-shared/api/routes.ts';

type Table = typeof routes;

/** One call of the route table: what the URL would carry, the JSON body, and the key rule. */
export interface CallArgs<N extends RouteName> {
  /** The path parameters (`:email`, `:id` …). */
  params?: Record<string, string | number>;
  /** The query, as its route's schema takes it (src-shared/api/route-input.ts). */
  query?: QueryIn<Table[N]['input']>;
  body?: BodyOf<Table[N]>;
  /** Send the API key (REST asks the person for one when missing or refused). */
  auth?: boolean;
}

/**
 * How a call of the route table travels: REST on the page's origin (http-transport.ts) or
 * the desktop's one `api:call` channel (ipc-transport.ts). Either way the answer is the REST
 * body and a failure an ApiError with the REST error's code.
 */
export type Carrier = <N extends RouteName>(
  route: N,
  args?: CallArgs<N>,
) => Promise<ResponseOf<Table[N]>>;
