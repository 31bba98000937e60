import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { DiagnosticsLogSchema } from '../../../../src-shared/video/schemas.ts';
import { DiagnosticsRecorder } from '../../../../src-main/video/diagnostics/diagnostics-recorder.ts';
import { withDiagnostics } from '../../../../src-main/video/diagnostics/diagnostics-scope.ts';
import { UpstreamStatusError } from '../../../../src-main/video/downloader.ts';
import { OutboundClient } from '../../../../src-main/video/outbound/outbound-client.ts';
import { platformExtractor } from '../../../../src-main/video/platforms/kit/extractor.ts';
import { getPage, readCappedText } from '../../../../src-main/video/platforms/kit/page-fetch.ts';
import {
  isAllowedHop,
  redirectTarget,
  walkRedirects,
} from '../../../../src-main/video/platforms/kit/redirect-walk.ts';
import { assignedJson, recordJsonShape } from '../../../../src-main/video/platforms/page-data.ts';
import { PlatformError } from '../../../../src-main/video/platforms/platform.ts';
import { PlatformSim } from '../../../fixtures/platform-sim/sim-server.ts';
import { simDispatcher } from '../../../fixtures/platform-sim/sim-dispatcher.ts';
import { readyDispatcher } from '../../../../src-main/video/outbound/dispatcher.ts';

/** Everything secret the fake platform sends; none of it may reach a record. */
const SECRETS = {
  cookie: 'sessionid=Zq8vX1cookieSECRET77',
  cookieValue: 'Zq8vX1cookieSECRET77',
  signature: 'a9f3c1d2e4b5a6c7d8e9f0a1b2c3d4e5',
  token: 'msToken_q7TOKENsecret_9x',
  jsonTitle: 'my private title 秘密',
  jsonNumber: 987654321123,
  jsonUrl: 'https://cdn.example.test/v.mp4?sig=jsonSIGNsecret',
  signedPathSegment: 'f3a9c1d2e4b5a6c7d8e9f0a1b2c3d4e5f6a7',
  errorMessage: 'boom with Cookie: sessionid=ERRORsecret',
};

const SHORT_HOST = 'short.fake.test';
const PAGE_HOST = 'www.fake.test';

/** A page whose embedded state holds values that must never be recorded. */
const PAGE = `<html><head><title>x</title></head><body>
<script id="SIGI_STATE" type="application/json">{"a":1}</script>
<script>window.__STATE__ = ${JSON.stringify({
  item: {
    title: SECRETS.jsonTitle,
    stats: { plays: SECRETS.jsonNumber },
    play: { url_list: [SECRETS.jsonUrl, SECRETS.jsonUrl] },
    empty: '',
    [SECRETS.signature]: true,
  },
})};</script></body></html>`;

describe('a diagnostics record keeps the shape of a failure and none of its secrets', () => {
  let sim: PlatformSim;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    sim = await new PlatformSim().start();
    dispatcher = simDispatcher(sim.port);
    sim.handle(SHORT_HOST, '/', (_req, res) => {
      res.writeHead(302, {
        location: `https://${PAGE_HOST}/video/7301234567890123456/${SECRETS.signedPathSegment}?X-Signature=${SECRETS.signature}&token=${SECRETS.token}`,
        'set-cookie': [`${SECRETS.cookie}; Path=/`, `ttwid=${SECRETS.token}`],
      });
      res.end(`redirecting with ${SECRETS.token}`);
    });
    sim.handle(PAGE_HOST, '/', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8; secret=' + SECRETS.token,
        'set-cookie': `${SECRETS.cookie}; HttpOnly`,
      });
      res.end(PAGE);
    });
  });
  afterAll(async () => {
    await dispatcher.close();
    await sim.stop();
  });

  /** A platform built on the kit: walks the short link, reads the page, then fails. */
  const extractor = platformExtractor({
    platform: 'tiktok',
    userAgent: 'test-agent',
    ownsHost: (host) => host.endsWith('.fake.test'),
    async resolve(link, http) {
      const html = await walkRedirects<string>({
        start: link,
        maxRequests: 3,
        request: (url) =>
          getPage(http, url.href, { cookie: SECRETS.cookie }, async (res) => {
            const next = redirectTarget(res);
            if (next) return { next };
            return { done: await readCappedText(res.body, 1_000_000, () => new Error('big')) };
          }),
        checkHop: (next) => {
          if (!isAllowedHop(next, (host) => host.endsWith('.fake.test'))) throw new Error('off');
        },
        exhausted: () => {
          throw new Error('too many');
        },
      });
      const state = assignedJson(html, '__STATE__');
      assignedJson(html, 'videoInfoRes');
      recordJsonShape('api detail', { token: SECRETS.token, list: [{ cookie: SECRETS.cookie }] });
      throw new PlatformError('unavailable', `gone ${JSON.stringify(state)}`, false);
    },
  });

  async function runAndFail(
    failWith?: (recorder: DiagnosticsRecorder) => unknown,
  ): Promise<string> {
    let now = 1_700_000_000_000;
    const recorder = new DiagnosticsRecorder(() => (now += 5));
    const http = new OutboundClient(readyDispatcher(dispatcher)).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    const err = await withDiagnostics(recorder, () =>
      extractor.resolve(new URL(`https://${SHORT_HOST}/ZMabc123/?share_token=${SECRETS.token}`), {
        http,
        signal: new AbortController().signal,
      }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    const log = recorder.finish(failWith ? failWith(recorder) : err);
    expect(DiagnosticsLogSchema.strict().parse(log)).toEqual(log);
    return JSON.stringify(log);
  }

  it('records steps, statuses, keys and types, and no cookie, token, signature or value', async () => {
    const text = await runAndFail();
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(String(secret));
    expect(text).not.toMatch(/sessionid|ttwid|X-Signature|share_token|\?/);

    const log = DiagnosticsLogSchema.parse(JSON.parse(text));
    const fetches = log.steps.filter((s) => s.kind === 'fetch');
    expect(fetches).toMatchObject([
      {
        host: SHORT_HOST,
        path: '/ZMabc123/',
        status: 302,
        cookies_set: 2,
        redirect_host: PAGE_HOST,
      },
      {
        host: PAGE_HOST,
        // The post id stays; the signed segment keeps only its length.
        path: `/video/7301234567890123456/<redacted:${SECRETS.signedPathSegment.length}>`,
        status: 200,
        content_type: 'text/html',
        bytes: Buffer.byteLength(PAGE),
        cookies_set: 1,
      },
    ]);
    expect(log.steps.find((s) => s.kind === 'redirect')).toMatchObject({
      host: PAGE_HOST,
      allowed: true,
    });
    const [state, missing, api] = log.steps.filter((s) => s.kind === 'json');
    expect(state).toMatchObject({ source: 'window.__STATE__', found: true });
    expect(state?.shape).toEqual(
      expect.arrayContaining([
        '$.item.title: string',
        '$.item.stats.plays: number',
        '$.item.play.url_list: array(2)',
        '$.item.play.url_list[0]: string',
        '$.item.empty: empty string',
        `$.item.<redacted:${SECRETS.signature.length}>: boolean`,
      ]),
    );
    // What the page carries instead of the block the extractor wanted.
    expect(missing).toMatchObject({
      source: 'window.videoInfoRes',
      found: false,
      shape: ['script#SIGI_STATE', 'window.__STATE__'],
    });
    expect(api).toMatchObject({ source: 'api detail', found: true });
    expect(log.failure).toEqual({
      phase: 'resolve',
      step: 'read api detail (found)',
      error_class: 'PlatformError',
      code: 'unavailable',
      status: null,
    });
  });

  it('keeps an error to its class, code, status and host: never its message or URL query', async () => {
    const upstream = new UpstreamStatusError(
      403,
      `https://v26.cdn.fake.test/${SECRETS.signedPathSegment}/v.mp4?sig=${SECRETS.signature}`,
    );
    const wrapped = new Error(SECRETS.errorMessage, {
      cause: Object.assign(new Error(`read ECONNRESET ${SECRETS.token}`), { code: 'ECONNRESET' }),
    });
    const text = await runAndFail((recorder) => {
      recorder.enter('download');
      recorder.error(upstream);
      return wrapped;
    });
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(String(secret));
    const log = DiagnosticsLogSchema.parse(JSON.parse(text));
    expect(log.steps.at(-1)).toMatchObject({
      kind: 'error',
      phase: 'download',
      error_class: 'UpstreamStatusError',
      status: 403,
      host: 'v26.cdn.fake.test',
    });
    expect(log.failure).toEqual({
      phase: 'download',
      step: 'UpstreamStatusError HTTP 403',
      error_class: 'Error',
      code: 'ECONNRESET',
      status: null,
    });
  });
});
