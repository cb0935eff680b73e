import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { can, searchMatchRank, type SearchHit, type SearchResponse } from '@phoenix/contract';
import {
  useApi,
  useAuth,
  useLanguage,
  useLinkTo,
  usePermissions,
  usePointsApi,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import { Button, Modal, tokens } from '@phoenix/ui';
import { composeAreaLink } from '@phoenix/shell/src/boot';
import { adminTable } from '../routes/routeTable';
import { findPages } from './findPages';
import { FIND_ACTIONS, findActions } from './findActions';
import { clearRecent, readRecent, rememberRecent, type RecentItem } from './recentItems';
import './strings';

/** One option of the list: a page of the console, an action, or a record from an area's search or the recent ones. */
interface Option {
  key: string;
  /** What it is: "Page", "Action", or the kind of record (its area's record name). */
  kind: string;
  label: string;
  detail?: string;
  /** The link it opens. */
  to: string;
  /** A record: remembered among the recent items when opened. */
  record?: RecentItem;
}

const DEBOUNCE_MS = 150;

const Input = styled.input`
  width: 100%;
  box-sizing: border-box;
  padding: 0.6rem 0.75rem;
  font: inherit;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 1px;
  }
`;
const List = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
`;
const Item = styled.li<{ $active: boolean }>`
  display: flex;
  gap: 0.75rem;
  align-items: baseline;
  padding: 0.45rem 0.6rem;
  border-radius: ${tokens.radius};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.subtle : 'transparent')};
  outline: ${({ $active, theme }) => ($active ? `2px solid ${theme.colors.focus}` : 'none')};
`;
const Kind = styled.span`
  flex: 0 0 7.5rem;
  font-size: 0.8rem;
  color: ${tokens.colors.muted};
`;
const Detail = styled.span`
  margin-left: auto;
  font-size: 0.8rem;
  color: ${tokens.colors.muted};
  word-break: break-all;
`;
const Note = styled.p`
  margin: 0.5rem 0 0;
  font-size: 0.85rem;
  color: ${tokens.colors.muted};
`;

/** The text to search for, settled for a moment (no request per keystroke). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** A refusal for searching too often: each service allows so many searches per admin a minute (429). */
const isTooMany = (error: ApiRequestError | null): error is ApiRequestError => error?.status === 429;

/**
 * When the refused searches may be tried again, in seconds (the longer wait if both services
 * refused), or null when no answer said. The API's 429 names it in its message's values (the same
 * number as its Retry-After header, which the API client does not pass on).
 */
function retryAfterSeconds(errors: ApiRequestError[]): number | null {
  const seconds = errors.map((e) => Number(e.keyed?.params.seconds)).filter((n) => Number.isFinite(n) && n > 0);
  return seconds.length ? Math.ceil(Math.max(...seconds)) : null;
}

/**
 * GET /search on the BFF and on the points API, each on its own: one down leaves the other's hits.
 * A service that refused because the admin searched too often is not "unavailable": `tooMany` says so.
 */
function useRecordSearch(q: string) {
  const api = useApi();
  const pointsApi = usePointsApi();
  const enabled = q.trim().length > 0;
  const options = { enabled, staleTime: 30_000, retry: false } as const;
  const bff = useQuery<SearchResponse, ApiRequestError>({
    queryKey: ['findAnything', 'bff', q],
    queryFn: () => api.get('/search', { q }),
    ...options,
  });
  const points = useQuery<SearchResponse, ApiRequestError>({
    queryKey: ['findAnything', 'points', q],
    queryFn: () => pointsApi.get('/search', { q }),
    ...options,
  });
  // Both services' hits in one ranking: exact, prefix, word, substring (stable: each service's order kept).
  const hits = [...(bff.data?.items ?? []), ...(points.data?.items ?? [])].sort(
    (a, b) => searchMatchRank(a.match) - searchMatchRank(b.match),
  );
  const failed = (error: ApiRequestError | null) => error !== null && !isTooMany(error);
  const unavailable = [
    ...(failed(bff.error) ? ['console'] : []),
    ...(bff.data?.unavailable ?? []),
    ...(failed(points.error) ? ['points'] : []),
  ];
  const refusals = [bff.error, points.error].filter(isTooMany);
  const tooMany = refusals.length ? { seconds: retryAfterSeconds(refusals) } : null;
  return { hits, unavailable, tooMany, loading: enabled && (bff.isFetching || points.isFetching) };
}

/** A search provider named by its area: the area's title, or "points" / "console" for a whole service. */
function areaTitle(name: string, language: string, t: (key: string) => string): string {
  const area = adminTable().areas.get(name);
  if (area) return (language === 'ja' && area.title.ja) || area.title.en;
  return name === 'points' || name === 'console' ? t(`areas.${name}`) : name;
}

/** The dialog of "Find anything" (FindAnything.tsx): a chunk of its own, loaded when first opened. */
export function FindDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('findAnything');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), list: useId(), status: useId() };
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useSettled(text);
  const records = useRecordSearch(q);
  const linkTo = useLinkTo();
  // The roles from /users/info (null until known: no action is offered that may be refused).
  const roles = usePermissions().roles;
  // Recent items are the signed-in admin's own (keyed by their e-mail address in this browser).
  const admin = useAuth().account?.email ?? null;
  const [recent, setRecent] = useState<RecentItem[]>(() => readRecent(admin));
  const showingRecent = !text.trim();

  const options: Option[] = useMemo(() => {
    const inLanguage = (text: { en: string; ja?: string }) => (language === 'ja' && text.ja) || text.en;
    const table = adminTable();
    // A record opens where its area says (routes.json); an area this console does not serve is left out.
    const recordOption = (hit: Pick<SearchHit, 'area' | 'id' | 'label' | 'detail' | 'kind'>, key: string): Option[] => {
      const area = table.areas.get(hit.area);
      if (!area) return [];
      const ledgerEntry = hit.kind === 'ledgerEntry';
      return [
        {
          key,
          kind: ledgerEntry ? t('kinds.ledgerEntry') : inLanguage(area.recordName ?? area.title),
          label: hit.label,
          detail: hit.detail ?? (ledgerEntry ? undefined : `#${hit.id}`),
          // An admin account has no view of its own: its list, filtered to it.
          to: composeAreaLink(area, 'record', hit.id, hit.area === 'admins' ? { q: hit.label } : {}),
          record: { area: hit.area, id: hit.id, label: hit.label, ...(hit.kind ? { kind: hit.kind } : {}) },
        },
      ];
    };
    if (!text.trim())
      return recent.flatMap((item) => recordOption(item, `recent:${item.area}:${item.kind ?? ''}:${item.id}:${item.label}`));
    const pages = findPages(table, text).map((page): Option => ({
      key: `page:${page.path}`,
      kind: t('areas.page'),
      label: inLanguage(page.title),
      to: page.path ? `/admin/${page.path}` : '/admin',
    }));
    const titles = (id: string) => [t(`actions.${id}`, { lng: 'en' }), t(`actions.${id}`, { lng: 'ja' })];
    const allowed = FIND_ACTIONS.filter((action) => roles !== null && can(roles, action.permission.scope, action.permission.action));
    const actions = findActions(allowed, titles, text).flatMap((action): Option[] => {
      const to = linkTo(action.area, action.action, undefined, action.params);
      return to ? [{ key: `action:${action.id}`, kind: t('areas.action'), label: t(`actions.${action.id}`), to }] : [];
    });
    const hits = records.hits.flatMap((hit) => recordOption(hit, `${hit.area}:${hit.kind ?? ''}:${hit.id}:${hit.label}`));
    return [...pages, ...actions, ...hits];
  }, [text, language, records.hits, t, recent, linkTo, roles]);
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${ids.list}-${i}`;

  const go = (option: Option | undefined) => {
    if (!option) return;
    if (option.record) rememberRecent(admin, option.record);
    onClose();
    navigate(option.to);
  };
  const forgetRecent = () => {
    clearRecent(admin);
    setRecent([]);
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Home' && options.length) {
      setActive(0);
    } else if (e.key === 'End' && options.length) {
      setActive(options.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(options[current]);
    }
  };

  // Searched too often: say so and when to try again (what was typed stays); no "nothing matches".
  const tooMany = records.tooMany && (records.tooMany.seconds ? t('tooMany', { seconds: records.tooMany.seconds }) : t('tooManyNoTime'));
  let status: string;
  if (showingRecent) status = options.length ? t('recentCount', { count: options.length }) : t('typeToSearch');
  else if (options.length) status = t('count', { count: options.length });
  else if (records.loading || q !== text) status = t('searching');
  else status = tooMany ? '' : t('none', { q: text.trim() });

  return (
    <Modal
      open
      title={t('title')}
      onClose={onClose}
      initialFocusRef={inputRef}
      width="40rem"
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <label htmlFor={ids.input}>{t('label')}</label>
      <Input
        ref={inputRef}
        id={ids.input}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={ids.list}
        aria-activedescendant={options.length ? optionId(current) : undefined}
        aria-describedby={ids.status}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <Note id={ids.status} role="status">
        {[status, tooMany].filter(Boolean).join(' ')}{' '}
        {records.unavailable.length > 0 &&
          t('unavailable', { areas: records.unavailable.map((a) => areaTitle(a, language, t)).join(', ') })}
      </Note>
      <List id={ids.list} role="listbox" aria-label={showingRecent ? t('recent') : t('results')}>
        {options.map((option, i) => (
          // Chosen from the text field with the keyboard (aria-activedescendant), or by a click.
          <Item
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            $active={i === current}
            onMouseMove={() => i !== current && setActive(i)}
            onClick={() => go(option)}
          >
            <Kind>{option.kind}</Kind>
            <span>{option.label}</span>
            {option.detail && <Detail>{option.detail}</Detail>}
          </Item>
        ))}
      </List>
      {showingRecent && options.length > 0 && (
        <Button onClick={forgetRecent} style={{ marginTop: '0.5rem' }}>
          {t('clearRecent')}
        </Button>
      )}
      <Note>{t('hint')}</Note>
    </Modal>
  );
}
