import type {
  DiagnosticsLog,
  DiagnosticsPhase,
  DiagnosticsStep,
  ProxyUse,
} from '../../../src-shared/video/schemas.ts';
import {
  errorFacts,
  jsonShape,
  pageMarkers,
  safeContentType,
  safeHost,
  safePath,
  safeUrl,
} from './redact.ts';

/** Steps one record keeps: the first few (how the run began) and the latest (how it ended). */
export const MAX_STEPS = 40;
const FIRST_KEPT = 10;
/** `path: type` lines all the JSON steps of one record may hold together. */
export const MAX_SHAPE_LINES = 300;

/** The parts of an HTTP answer a record reads; an OutboundResponse is one. */
export interface AnsweredRequest {
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The diagnostics of one run (a task, or one `probe`): what was fetched, where redirects led,
 * what shape the JSON had and what went wrong, redacted as it is recorded (redact.ts), so that
 * nothing secret is ever held, stored or shown. Bounded: at most MAX_STEPS steps and
 * MAX_SHAPE_LINES shape lines, whatever a platform sends.
 */
export class DiagnosticsRecorder {
  private readonly steps: DiagnosticsStep[] = [];
  private readonly startedAt: number;
  private phase: DiagnosticsPhase = 'resolve';
  private dropped = 0;
  private shapeLines = 0;
  private proxy: ProxyUse | null = null;

  /** `now` gives Unix milliseconds (the scheduler's clock). */
  constructor(private readonly now: () => number) {
    this.startedAt = now();
  }

  /** The run moved on (the extractor is done; the download or the cover starts). */
  enter(phase: DiagnosticsPhase): void {
    this.phase = phase;
  }

  /** A request went through `proxy`; the record keeps the first one (one setting per run). */
  viaProxy(proxy: ProxyUse): void {
    this.proxy ??= { ...proxy };
  }

  /** A request got an answer (any status, before its body is read). */
  fetched(method: string, res: AnsweredRequest): void {
    const target = safeUrl(res.url);
    const location = res.headers.location;
    const redirect = typeof location === 'string' ? safeUrl(location, res.url) : null;
    const setCookie = res.headers['set-cookie'];
    const length = Number(res.headers['content-length']);
    this.push({
      kind: 'fetch',
      ...this.stamp(),
      method: /^[A-Z]{1,10}$/.test(method) ? method : 'OTHER',
      host: target?.host ?? '(not a URL)',
      path: target?.path ?? '',
      status: res.statusCode,
      content_type: safeContentType(res.headers['content-type']),
      bytes: Number.isSafeInteger(length) && length >= 0 ? length : null,
      cookies_set: Array.isArray(setCookie) ? setCookie.length : setCookie ? 1 : 0,
      redirect_host: redirect?.host ?? null,
    });
  }

  /** The body of the latest answer was read: `bytes` in all. */
  bodyRead(bytes: number): void {
    const last = this.steps.at(-1);
    if (last?.kind === 'fetch') last.bytes = bytes;
  }

  /** A redirect walk reached `next`, which the platform's hop check `allowed` or refused. */
  redirect(next: URL, allowed: boolean): void {
    this.push({
      kind: 'redirect',
      ...this.stamp(),
      host: safeHost(next),
      path: safePath(next),
      allowed,
    });
  }

  /**
   * An extractor looked for JSON under `source`: the shape of what it found, or, when `value`
   * is null and the page is given, the names under which that page does keep JSON.
   */
  json(source: string, value: unknown, page?: string): void {
    const found = value !== null && value !== undefined;
    const left = MAX_SHAPE_LINES - this.shapeLines;
    let shape: string[];
    if (left <= 0) shape = ['… shape budget of this record used up'];
    else if (found) shape = jsonShape(value).slice(0, left);
    else shape = page === undefined ? [] : pageMarkers(page).slice(0, left);
    this.shapeLines += shape.length;
    this.push({ kind: 'json', ...this.stamp(), source: labelOf(source), found, shape });
  }

  /** An error the run survived (one mirror failed, another may work). */
  error(err: unknown): void {
    const facts = errorFacts(err);
    this.push({
      kind: 'error',
      ...this.stamp(),
      error_class: facts.errorClass,
      code: facts.code,
      status: facts.status,
      host: facts.host,
    });
  }

  /** The record as kept with the task: `err` is what ended the run, or null on success. */
  finish(err: unknown): DiagnosticsLog {
    const facts = err === null ? null : errorFacts(err);
    return {
      started_at: Math.floor(this.startedAt / 1000),
      finished_at: Math.floor(this.now() / 1000),
      failure: facts && {
        phase: this.phase,
        step: stepLabel(this.steps.at(-1)),
        error_class: facts.errorClass,
        code: facts.code,
        status: facts.status,
      },
      steps: this.steps.map((step) => ({ ...step })),
      steps_dropped: this.dropped,
      proxy: this.proxy,
    };
  }

  private stamp(): { phase: DiagnosticsPhase; at_ms: number } {
    return { phase: this.phase, at_ms: Math.max(0, Math.round(this.now() - this.startedAt)) };
  }

  private push(step: DiagnosticsStep): void {
    if (this.steps.length >= MAX_STEPS) {
      this.steps.splice(FIRST_KEPT, 1);
      this.dropped++;
    }
    this.steps.push(step);
  }
}

/** A source label as extractors name it (`window.X`, `script#id`, `api slidesinfo`), bounded. */
function labelOf(source: string): string {
  const clean = source.replace(/[^\w.#$:/ ()-]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}

/** "Which step failed", in words: the last thing the run did before the error. */
export function stepLabel(step: DiagnosticsStep | undefined): string | null {
  if (!step) return null;
  switch (step.kind) {
    case 'fetch':
      return `${step.method} ${step.host}${step.path} → ${step.status}`;
    case 'redirect':
      return `redirect to ${step.host}${step.path}${step.allowed ? '' : ' (refused)'}`;
    case 'json':
      return `read ${step.source} (${step.found ? 'found' : 'not found'})`;
    case 'error':
      return `${step.error_class}${step.code ? ` ${step.code}` : ''}${step.status ? ` HTTP ${step.status}` : ''}`;
  }
}
