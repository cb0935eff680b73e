import { Suspense, useEffect, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@phoenix/contract';
import type { RemotePages } from '@phoenix/shell';
import { Trans } from '@phoenix/shell/src/boot';
import { tokens } from '@phoenix/ui';
import { integrityRefusal, loadRemotePages, loadedRemotePages, reportRelease, resetRemote } from './remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemotePageLoading } from './RemotePageLoading';
import { RemoteIncompatibleError } from './compatibility';
import { RemoteIntegrityError } from './integrity';
import { useHostTranslation } from '../layout/hostI18n';

type LoadState = { status: 'loading' } | { status: 'ready'; pages: RemotePages } | { status: 'error'; error: Error };

const Panel = styled.section`
  margin: 1rem 0;
  padding: 1.25rem 1.5rem;
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid ${tokens.colors.danger};
  border-radius: ${tokens.radius};
  background: ${tokens.colors.surface};
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 1rem;
    color: ${tokens.colors.muted};
  }
  details {
    margin: 0 0 1rem;
    font-size: 0.85rem;
  }
  code {
    white-space: pre-wrap;
    word-break: break-word;
  }
  button {
    font: inherit;
    padding: 0.45rem 1rem;
    border-radius: ${tokens.radius};
    border: 1px solid ${tokens.colors.primary};
    background: ${tokens.colors.primary};
    color: ${tokens.colors.primaryText};
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

/** The end of a failure panel: the error's own words, folded away, and Retry. */
function DetailsAndRetry({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useHostTranslation();
  return (
    <>
      <details>
        <summary>{t('remote.details')}</summary>
        <code>{error.message}</code>
      </details>
      <button type="button" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </>
  );
}

export function RemoteUnavailable({ remote, error, onRetry }: { remote: RemoteName; error: Error; onRetry: () => void }) {
  const { t } = useHostTranslation();
  return (
    <Panel role="alert" aria-labelledby="remote-error-title">
      <h2 id="remote-error-title">{t('remote.unavailableTitle')}</h2>
      <p>
        <Trans t={t} i18nKey="remote.unavailableBody" values={{ remote }} components={{ strong: <strong /> }} />
      </p>
      <DetailsAndRetry error={error} onRetry={onRetry} />
    </Panel>
  );
}

/** The configured release needs a shell contract (or singletons) this host does not provide. */
export function RemoteIncompatible({ error, onReload }: { error: RemoteIncompatibleError; onReload: () => void }) {
  const { remote, info, compatibility } = error;
  const { t } = useHostTranslation();
  return (
    <Panel role="alert" aria-labelledby="remote-incompatible-title">
      <h2 id="remote-incompatible-title">{t('remote.incompatibleTitle')}</h2>
      <p>
        <Trans
          t={t}
          i18nKey="remote.incompatibleBody"
          values={{ remote, version: info.version, needs: info.shellContract, provides: compatibility.provides }}
          components={{ strong: <strong /> }}
        />
      </p>
      {compatibility.problems.length > 1 && (
        <ul>
          {compatibility.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <p>{t('remote.incompatibleNext', { remote })}</p>
      <button type="button" onClick={onReload}>
        {t('remote.reload')}
      </button>
    </Panel>
  );
}

/** The remote's files are not the release this environment pins (its entry's sha-384): refused, never run. */
export function RemoteTampered({ error, onRetry }: { error: RemoteIntegrityError; onRetry: () => void }) {
  const { t } = useHostTranslation();
  return (
    <Panel role="alert" aria-labelledby="remote-integrity-title">
      <h2 id="remote-integrity-title">{t('remote.integrityTitle')}</h2>
      <p>
        <Trans t={t} i18nKey="remote.integrityBody" values={{ remote: error.remote }} components={{ strong: <strong /> }} />
      </p>
      <p>{t('remote.integrityNext', { remote: error.remote })}</p>
      <DetailsAndRetry error={error} onRetry={onRetry} />
    </Panel>
  );
}

/**
 * A page that failed once its remote had loaded (a lazy chunk): for a pinned remote, the browser may have
 * refused a chunk whose bytes its entry does not vouch for, which is said as such once checked.
 */
function PageFailed({ remote, error, onRetry }: { remote: RemoteName; error: Error; onRetry: () => void }) {
  const [refusal, setRefusal] = useState<RemoteIntegrityError | null>(null);
  useEffect(() => {
    let live = true;
    void integrityRefusal(remote, error).then((found) => live && setRefusal(found));
    return () => {
      live = false;
    };
  }, [remote, error]);
  return refusal ? (
    <RemoteTampered error={refusal} onRetry={onRetry} />
  ) : (
    <RemoteUnavailable remote={remote} error={error} onRetry={onRetry} />
  );
}

/** Already loaded (the route loader or a preload got it): render at once, no loading state. */
function initialState(remote: RemoteName): LoadState {
  const pages = loadedRemotePages(remote);
  return pages ? { status: 'ready', pages } : { status: 'loading' };
}

function useRemotePages(remote: RemoteName, attempt: number): LoadState {
  const [state, setState] = useState<LoadState>(() => initialState(remote));
  useEffect(() => {
    let live = true;
    const pages = loadedRemotePages(remote);
    if (pages) {
      setState((current) => (current.status === 'ready' && current.pages === pages ? current : { status: 'ready', pages }));
      return;
    }
    setState({ status: 'loading' });
    loadRemotePages(remote).then(
      (pages) => live && setState({ status: 'ready', pages }),
      (error: unknown) => live && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);
  return state;
}

/**
 * Renders one page of a remote, loading the remote on first use. Keyed by remote: the router reuses
 * this component from one admin page to the next, and without the key the first render after moving
 * to another remote would look up the page in the previous remote's pages and flash "could not be
 * loaded" (with a Retry button) before loading the right one.
 */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  return <RemotePageOf key={remote} remote={remote} page={page} />;
}

function RemotePageOf({ remote, page }: { remote: RemoteName; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemotePages(remote, attempt);
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  if (state.status === 'loading') return <RemotePageLoading />;
  if (state.status === 'error' && state.error instanceof RemoteIncompatibleError)
    return <RemoteIncompatible error={state.error} onReload={() => window.location.reload()} />;
  if (state.status === 'error' && state.error instanceof RemoteIntegrityError)
    return <RemoteTampered error={state.error} onRetry={retry} />;
  if (state.status === 'error') return <RemoteUnavailable remote={remote} error={state.error} onRetry={retry} />;

  const Page = state.pages[page] as ComponentType | undefined;
  if (!Page) {
    return <RemoteUnavailable remote={remote} error={new Error(`it has no page "${page}"`)} onRetry={retry} />;
  }
  return (
    <RemoteErrorBoundary
      resetKey={`${remote}/${page}/${attempt}`}
      onError={(error) => reportRelease((reporter) => reporter.error('render-error', remote, error))}
      fallback={(error) => <PageFailed remote={remote} error={error} onRetry={retry} />}
    >
      <Suspense fallback={<RemotePageLoading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
