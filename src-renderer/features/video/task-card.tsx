import { Fragment, useState, type ReactElement } from 'react';
import { api, type Task } from '../../api/client.ts';
import { Countdown } from '../../components/countdown.tsx';
import { Icon } from '../../components/icon.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/i18n.ts';
import { formatBytes, formatClock } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useServer } from '../../stores/server-store.ts';
import { PROXY_SETTING_HREF } from '../settings/proxy-focus.ts';
import { TaskActions } from './task-actions.tsx';
import { failureDetail, failureHeadline } from './video-errors.ts';
import { linkLabel, linkPieces } from './task-title.ts';
import type { TaskEntry } from './video-store.ts';

/** Failures whose explanation suggests a proxy: the card links to the proxy setting. */
const PROXY_HELPS: ReadonlySet<NonNullable<Task['error_code']>> = new Set([
  'region_blocked',
  'blocked_by_platform',
  'timeout',
  'network',
]);

/** Platform names as Chinese apps write them (抖音, 快手) and as English ones do. */
const PLATFORM_KEYS: Record<TaskEntry['created']['platform'], MessageKey> = {
  douyin: 'video.platform.douyin',
  tiktok: 'video.platform.tiktok',
  kuaishou: 'video.platform.kuaishou',
};

/** One video task: what it is, how far it got, how long it stays, and what to do with it. */
export function TaskCard({ entry }: { entry: TaskEntry }): ReactElement {
  const t = useT();
  const locale = useLocale();
  const now = useNow();
  const [previewing, setPreviewing] = useState(false);
  const task = entry.task;
  // A failed task stays failed once the server has dropped it: its reason and Try again are
  // what the person needs, not "Gone".
  const status =
    task?.status === 'failed'
      ? 'failed'
      : entry.gone
        ? 'gone'
        : (task?.status ?? entry.created.status);
  const expired = entry.expiresAt !== null && entry.expiresAt <= now;
  const shown = expired && status === 'completed' ? 'expired' : status;
  const platform = t(PLATFORM_KEYS[entry.created.platform]);
  const media = task?.media ?? null;
  const coverUrl = media?.cover_url ? api().video.mediaUrl(media.cover_url) : null;
  // Without the platform's title (a failure, or not fetched yet) the link names the task.
  const link = linkLabel(task?.source_url ?? entry.text);

  return (
    <article
      className={`task task-${shown}`}
      data-testid="task-card"
      data-status={shown}
      aria-label={task?.title ?? platform}
    >
      <div className="task-row">
        <div className={`task-cover platform-${entry.created.platform}`}>
          {coverUrl && shown === 'completed' ? (
            <img src={coverUrl} alt="" loading="lazy" />
          ) : (
            <Icon name="video" size={26} />
          )}
        </div>
        <div className="task-body">
          <div className="task-meta">
            <span className={`badge badge-${entry.created.platform}`}>{platform}</span>
            <StatusPill status={shown} />
            {entry.expiresAt !== null && shown === 'completed' ? (
              <Countdown
                until={entry.expiresAt}
                total={entry.created.ttl_seconds}
                label={t('video.expiresIn')}
                showLabel
              />
            ) : null}
          </div>
          <h2 className="task-title" title={task?.title ?? link ?? undefined}>
            {task?.title ??
              (status === 'queued' ? (
                t('video.title.waiting')
              ) : link ? (
                <BreakableLink label={link} />
              ) : (
                t('video.title.platform', { platform })
              ))}
          </h2>
          <p className="task-sub">
            {[
              task?.author ? `@${task.author}` : null,
              media?.resolution,
              media?.duration ? formatClock(media.duration) : null,
              media ? formatBytes(media.size, locale) : null,
            ]
              .filter(Boolean)
              .join(' · ') || (task?.title ? hostOf(task.source_url) : null)}
          </p>
          <TaskProgress entry={entry} shown={shown} />
        </div>
        <TaskActions
          entry={entry}
          shown={shown}
          previewing={previewing}
          onPreview={() => setPreviewing((p) => !p)}
        />
      </div>
      {previewing && media && shown === 'completed' ? (
        <div className="task-player-wrap">
          <video
            className="task-player"
            data-testid="preview-player"
            src={api().video.mediaUrl(media.preview_url)}
            poster={coverUrl ?? undefined}
            controls
            autoPlay
            playsInline
          />
        </div>
      ) : null}
    </article>
  );
}

function hostOf(text: string): string {
  const match = /https?:\/\/[^\s/]+/i.exec(text);
  return match ? match[0].replace(/^https?:\/\//i, '') : '';
}

function StatusPill({ status }: { status: string }): ReactElement {
  const t = useT();
  const key = {
    queued: 'video.status.queued',
    processing: 'video.status.processing',
    completed: 'video.status.completed',
    failed: 'video.status.failed',
    cancelled: 'video.status.gone',
    gone: 'video.status.gone',
    expired: 'video.status.expired',
  } as const;
  return (
    <span className={`pill pill-${status}`} data-testid="task-status">
      {t(key[status as keyof typeof key] ?? 'video.status.gone')}
    </span>
  );
}

function TaskProgress({ entry, shown }: { entry: TaskEntry; shown: string }): ReactElement | null {
  const t = useT();
  const locale = useLocale();
  // Settings can be changed only on the computer running Ephemera (a phone gets 403 there).
  const settingsHere = useServer((s) => s.info?.client_is_local ?? false);
  const task = entry.task;
  if (shown === 'queued') {
    return (
      <div className="task-progress">
        <ProgressBar value={null} label={t('video.status.queued')} />
        <span className="task-progress-text">{t('video.progress.queued')}</span>
      </div>
    );
  }
  if (shown === 'processing') {
    const done = task?.progress?.downloaded_bytes ?? 0;
    const total = task?.progress?.total_bytes ?? null;
    return (
      <div className="task-progress">
        <ProgressBar value={total ? done / total : null} label={t('video.status.processing')} />
        <span className="task-progress-text" data-testid="task-bytes">
          {total
            ? t('video.progress.ofTotal', {
                done: formatBytes(done, locale),
                total: formatBytes(total, locale),
                pct: Math.floor((done / total) * 100),
              })
            : done > 0
              ? t('video.progress.bytes', { done: formatBytes(done, locale) })
              : t('video.progress.starting')}
        </span>
      </div>
    );
  }
  if (shown === 'failed' && task) {
    const detail = failureDetail(task, t);
    return (
      // No title: it would name the alert with the server's English sentence, read out before
      // the words in the UI language. The sentence is one click away, marked as English.
      <div className="task-failure" role="alert" data-testid="task-error">
        <Icon name="alert" size={16} />
        <div>
          <strong>{failureHeadline(task, t)}</strong>
          {detail.text ? <span className="task-failure-detail">{detail.text}</span> : null}
          <span className="task-failure-hint">
            {task.retryable ? t('video.fail.retryable') : t('video.fail.final')}
          </span>
          {detail.tip ? (
            <details className="task-failure-words" data-testid="task-error-words">
              <summary>{t('video.fail.serverWords')}</summary>
              <span lang="en">{detail.tip}</span>
            </details>
          ) : null}
          {settingsHere && task.error_code && PROXY_HELPS.has(task.error_code) ? (
            <a className="task-failure-link" href={PROXY_SETTING_HREF} data-testid="proxy-link">
              {t('video.fail.proxyLink')}
            </a>
          ) : null}
        </div>
      </div>
    );
  }
  if (shown === 'expired' || shown === 'gone') {
    return <p className="task-note">{t('video.note.gone')}</p>;
  }
  return null;
}

/** A link label that wraps only where a URL reads apart (task-title.ts, linkPieces). */
function BreakableLink({ label }: { label: string }): ReactElement {
  return (
    <span className="task-title-link">
      {linkPieces(label).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
