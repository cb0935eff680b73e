import { useState } from 'react';
import styled from 'styled-components';
import { useStore } from 'jotai';
import type { shellStore } from '@phoenix/shell/src/boot';
import { tokens } from '@phoenix/ui/src/boot';
import { fullLoad, remoteChoices, type RemoteChoice } from '../federation/config';
import { useHostTranslation } from './hostI18n';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.5rem 1.5rem;
  background: ${tokens.colors.warningSurface};
  color: ${tokens.colors.text};
  border-bottom: 2px solid ${tokens.colors.warning};
  p {
    margin: 0;
  }
  button {
    font: inherit;
    padding: 0.3rem 0.9rem;
    border-radius: ${tokens.radius};
    border: 1px solid ${tokens.colors.text};
    background: ${tokens.colors.surface};
    color: ${tokens.colors.text};
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

/** The remotes this page runs through a QA override (none: no banner). */
export function overriddenRemotes(): RemoteChoice[] {
  return Object.values(remoteChoices()).filter((choice): choice is RemoteChoice => choice?.reason === 'override');
}

/** Ends every override of this session (DELETE /releases/overrides/:remote), then loads the page on its pins. */
export async function backToThePin(
  overrides: RemoteChoice[],
  store: typeof shellStore,
  reload: () => void = () => fullLoad.to(),
): Promise<void> {
  // The API client and the contract load with the click: the banner itself stays on the first paint's budget.
  const [{ apiClientOf }, { RELEASE_OVERRIDES_PATH }] = await Promise.all([import('@phoenix/shell'), import('@phoenix/contract')]);
  const api = apiClientOf(store, 'apiBase');
  await Promise.all(overrides.map((o) => api.delete(`${RELEASE_OVERRIDES_PATH}/${encodeURIComponent(o.remote)}`)));
  reload();
}

/**
 * On every page while this browser runs a QA override (docs/releasing.md, "Shipping a remote safely"): which remote
 * and version instead of the pin's, and one button back to the pin.
 */
export function OverrideBanner({ overrides = overriddenRemotes(), reload }: { overrides?: RemoteChoice[]; reload?: () => void }) {
  const { t } = useHostTranslation();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (overrides.length === 0) return null;
  const back = () => {
    setBusy(true);
    setFailure(null);
    backToThePin(overrides, store, reload).catch((error: unknown) => {
      setBusy(false);
      setFailure(error instanceof Error ? error.message : String(error));
    });
  };
  return (
    <Bar role="region" aria-label={t('override.label')}>
      {overrides.map((o) => (
        <p key={o.remote} role="status">
          {t('override.banner', { remote: o.remote, version: o.version, pinned: o.stableVersion })}
        </p>
      ))}
      <button type="button" onClick={back} disabled={busy}>
        {t('override.back')}
      </button>
      {failure && <p role="alert">{t('override.backFailed', { reason: failure })}</p>}
    </Bar>
  );
}
