import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from '@phoenix/shell/src/boot';
import { BREAKPOINTS, tokens } from '@phoenix/ui/src/boot';
import './strings';

/** The dialog searches through the shell's API client: it loads on first use, not with the console's first paint. */
const FindDialog = lazy(() => import('./FindDialog').then((module) => ({ default: module.FindDialog })));

/**
 * "Find anything": Ctrl+K (⌘K) from every page, or the navbar button. A combobox (ARIA 1.2): the
 * focus stays in the text field, ↑/↓ move the active option (aria-activedescendant), Enter opens
 * it, Esc closes and focus returns to where it was. Pages match by title in both languages;
 * records come from the areas' search endpoints.
 */
export function FindAnything() {
  const { t } = useTranslation('findAnything');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <FindButton type="button" onClick={() => setOpen(true)} aria-keyshortcuts="Control+K Meta+K">
        {t('open')} <kbd>{t('shortcut')}</kbd>
      </FindButton>
      {open && (
        <Suspense fallback={null}>
          <FindDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

const FindButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${tokens.radius};
  cursor: pointer;
  kbd {
    font: inherit;
    font-size: 0.75rem;
    opacity: 0.9;
    /* Phones and tablets seldom have the keyboard; the room goes to the navbar's other controls. */
    @media (max-width: ${BREAKPOINTS.narrow}px) {
      display: none;
    }
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;
