import { useEffect, type ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { CapacityMeter } from './capacity-meter.tsx';
import { PasteBox } from './paste-box.tsx';
import { TaskCard } from './task-card.tsx';
import { useVideo } from './video-store.ts';

/** Video grab: the paste box, the slots in use and one card per task. */
export function VideoPage(): ReactElement {
  const t = useT();
  const entries = useVideo((s) => s.entries);
  const clearFinished = useVideo((s) => s.clearFinished);
  // Cards whose task is over: failed, cancelled, gone (the expired files count on the next tick).
  const finished = entries.some(
    (e) => e.gone || e.task?.status === 'failed' || e.task?.status === 'cancelled',
  );
  const refreshCapacity = useServer((s) => s.refreshCapacity);

  useEffect(() => {
    void refreshCapacity();
    const timer = setInterval(() => void refreshCapacity(), 10_000);
    return () => clearInterval(timer);
  }, [refreshCapacity]);

  return (
    <div className="page page-video">
      <header className="page-head">
        <div>
          <h1>{t('video.title')}</h1>
          <p className="page-lede">{t('video.lede')}</p>
        </div>
        <CapacityMeter />
      </header>
      <section className="card card-hero">
        <PasteBox />
      </section>
      {finished ? (
        <div className="tasks-tools">
          <Button
            size="sm"
            variant="ghost"
            icon="x"
            onClick={clearFinished}
            data-testid="clear-finished"
          >
            {t('video.clearFinished')}
          </Button>
        </div>
      ) : null}
      <section aria-label={t('video.tasks')} className="tasks" data-testid="task-list">
        {entries.length === 0 ? (
          <EmptyState icon="video" title={t('video.empty.title')}>
            {t('video.empty.body')}
          </EmptyState>
        ) : (
          entries.map((entry) => <TaskCard key={entry.id} entry={entry} />)
        )}
      </section>
    </div>
  );
}
