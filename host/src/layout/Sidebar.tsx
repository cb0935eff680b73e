import { memo, useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAtom } from 'jotai';
import { tokens, visuallyHidden } from '@phoenix/ui/src/boot';
import styled, { css } from 'styled-components';
import { BREAKPOINTS, SIDEBAR_WIDTH, isNarrowWidth, isSidebarMinimizedAtom } from '@phoenix/shell/src/boot';
import { preloadAdminTarget } from '../routes/preload';
import { adminTable } from '../routes/routeTable';
import { activeMenuTarget, menuInitials, type MenuLink } from './menu';
import { useHostTranslation, useLabel } from './hostI18n';
import type { Viewport } from './useViewport';

export const SIDEBAR_ID = 'main-sidebar';

const Nav = styled.nav<{ $minimized: boolean }>`
  box-sizing: border-box;
  flex: 0 0 auto;
  width: ${({ $minimized }) => ($minimized ? SIDEBAR_WIDTH.minimized : SIDEBAR_WIDTH.expanded)};
  overflow-x: hidden;
  overflow-y: auto;
  background: ${tokens.colors.surface};
  border-right: 1px solid ${tokens.colors.border};

  @media (max-width: ${BREAKPOINTS.narrow}px) {
    ${({ $minimized }) =>
      $minimized
        ? css`
            width: ${SIDEBAR_WIDTH.minimized};
          `
        : css`
            position: absolute;
            top: 0;
            bottom: 0;
            left: 0;
            z-index: 20;
            width: ${SIDEBAR_WIDTH.expandedNarrow};
            border-right: 0;
          `}
  }

  @media (max-width: ${BREAKPOINTS.tiny}px) {
    ${({ $minimized }) =>
      $minimized &&
      css`
        width: ${SIDEBAR_WIDTH.minimizedTiny};
        border: 0;
        visibility: hidden;
      `}
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.5rem 0;
`;

const itemStyle = css<{ $minimized: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  width: 100%;
  box-sizing: border-box;
  min-height: 2.5rem;
  padding: 0.4rem ${({ $minimized }) => ($minimized ? '0' : '1rem')};
  justify-content: ${({ $minimized }) => ($minimized ? 'center' : 'flex-start')};
  color: ${tokens.colors.text};
  text-decoration: none;
  font: inherit;
  text-align: left;
  background: none;
  border: 0;
  border-left: 4px solid transparent;
  cursor: pointer;

  &:hover {
    background: ${tokens.colors.background};
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: -3px;
  }
`;

const ItemLink = styled(Link)<{ $minimized: boolean }>`
  ${itemStyle}
  &[aria-current='page'] {
    border-left-color: ${tokens.colors.accent};
    background: ${tokens.colors.background};
    font-weight: 600;
  }
`;

const GroupButton = styled.button<{ $minimized: boolean }>`
  ${itemStyle}
`;

const Mark = styled.span`
  flex: 0 0 auto;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${tokens.colors.accentText};
  background: ${tokens.colors.accent};
`;

/** Visible label when expanded; kept for screen readers (the link's name) when minimized. */
const Label = styled.span<{ $minimized: boolean }>`
  flex: 1 1 auto;
  ${({ $minimized }) => $minimized && visuallyHidden}
`;

const SubList = styled.ul<{ $minimized: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${({ $minimized }) => ($minimized ? '0' : '1rem')};
`;

const Chevron = styled.span<{ $open: boolean }>`
  transition: transform 0.15s;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
`;

const CloseRow = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 0.5rem;
  border-bottom: 1px solid ${tokens.colors.border};
`;

const CloseButton = styled.button`
  font: inherit;
  font-size: 1.5rem;
  line-height: 1;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${tokens.radius};
  border: 1px solid ${tokens.colors.border};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Memoised: the layout re-renders on every location and navigation-state change (a cold page load
 * commits several times), and the 31 links only change with their own props or the language.
 */
const SidebarLink = memo(function SidebarLink({
  item,
  active,
  minimized,
  onNavigate,
}: {
  item: MenuLink;
  active: boolean;
  minimized: boolean;
  onNavigate: () => void;
}) {
  const label = useLabel()(item.label);
  return (
    <li>
      <ItemLink
        to={`/admin/${item.target}`}
        aria-current={active ? 'page' : undefined}
        title={minimized ? label : undefined}
        $minimized={minimized}
        onClick={onNavigate}
        // Fetch the page's code before the click (hover, or keyboard focus).
        onMouseEnter={() => preloadAdminTarget(item.target)}
        onFocus={() => preloadAdminTarget(item.target)}
      >
        <Mark aria-hidden="true">{menuInitials(label)}</Mark>
        <Label $minimized={minimized}>{label}</Label>
      </ItemLink>
    </li>
  );
});

export function Sidebar({ viewport }: { viewport: Viewport }) {
  const [minimized, setMinimized] = useAtom(isSidebarMinimizedAtom);
  const { pathname } = useLocation();
  // Composed once at start: the sidebar never changes while the console runs.
  const menu = adminTable().menu;
  const active = activeMenuTarget(pathname, menu);
  const groupId = useId();
  const { t } = useHostTranslation();
  const localized = useLabel();

  const groupHoldsActive = (children: readonly MenuLink[]) => children.some((c) => c.target === active);
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(menu.flatMap((e) => (e.kind === 'group' && groupHoldsActive(e.children) ? [[e.key, true]] : []))),
  );
  // Arriving on a page of a group opens that group.
  useEffect(() => {
    for (const entry of menu) {
      if (entry.kind === 'group' && entry.children.some((c) => c.target === active)) {
        setOpenGroups((open) => (open[entry.key] ? open : { ...open, [entry.key]: true }));
      }
    }
  }, [active, menu]);

  const narrow = viewport !== 'wide';
  const hidden = minimized && viewport === 'tiny';
  // On narrow screens the expanded sidebar covers the page: following a link closes it.
  const onNavigate = useCallback(() => {
    if (isNarrowWidth(window.innerWidth)) setMinimized(true);
  }, [setMinimized]);

  return (
    <Nav
      id={SIDEBAR_ID}
      aria-label={t('sidebar.label')}
      $minimized={minimized}
      data-minimized={minimized ? 'true' : 'false'}
      data-viewport={viewport}
      // Width 0 (CSS, ≤640px): out of the tab order and the accessibility tree (visibility: hidden too).
      inert={hidden || undefined}
    >
      {narrow && !minimized && (
        <CloseRow>
          <CloseButton type="button" aria-label={t('sidebar.close')} title={t('sidebar.close')} onClick={() => setMinimized(true)}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        </CloseRow>
      )}
      <List>
        {/* The host's own page, first: the way back to the dashboard from anywhere. */}
        <li>
          <ItemLink
            to="/admin"
            aria-current={/^\/admin\/?$/.test(pathname) ? 'page' : undefined}
            title={minimized ? t('dashboard.title') : undefined}
            $minimized={minimized}
            onClick={onNavigate}
          >
            <Mark aria-hidden="true">{menuInitials(t('dashboard.title'))}</Mark>
            <Label $minimized={minimized}>{t('dashboard.title')}</Label>
          </ItemLink>
        </li>
        {menu.map((entry) => {
          if (entry.kind === 'link') {
            return (
              <SidebarLink key={entry.target} item={entry} active={entry.target === active} minimized={minimized} onNavigate={onNavigate} />
            );
          }
          const open = !!openGroups[entry.key];
          const label = localized(entry.label);
          const listId = `${groupId}-${entry.key.replace(/\W+/g, '-')}`;
          return (
            <li key={entry.key}>
              <GroupButton
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                title={minimized ? label : undefined}
                $minimized={minimized}
                onClick={() => setOpenGroups((o) => ({ ...o, [entry.key]: !open }))}
              >
                <Mark aria-hidden="true">{menuInitials(label)}</Mark>
                <Label $minimized={minimized}>{label}</Label>
                {!minimized && (
                  <Chevron aria-hidden="true" $open={open}>
                    ›
                  </Chevron>
                )}
              </GroupButton>
              <SubList id={listId} hidden={!open} $minimized={minimized}>
                {entry.children.map((child) => (
                  <SidebarLink
                    key={child.target}
                    item={child}
                    active={child.target === active}
                    minimized={minimized}
                    onNavigate={onNavigate}
                  />
                ))}
              </SubList>
            </li>
          );
        })}
      </List>
    </Nav>
  );
}
