import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession, AdminSessionList } from '@phoenix/contract';
import { describeError, useApi, useConfirm, useToast, useTranslation } from '@phoenix/shell';
import { Badge, Button, ErrorState, LoadingBlock, PlainTable, TableHead, formatDateTime } from '@phoenix/ui';

/** The query key of a session list (a password change refreshes one's own: the others ended). */
export const adminSessionsKey = (path: string) => ['adminSessions', path];

/**
 * The open sessions behind `path` (/security/sessions: one's own; /admins/:id/sessions: another
 * admin's), and ending one of them after a confirm. The session in use is marked, never ended here.
 */
export function useAdminSessions(path: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const queryKey = adminSessionsKey(path);
  const list = useQuery({ queryKey, queryFn: () => api.get<AdminSessionList>(path), enabled });
  const [endingId, setEndingId] = useState<number | null>(null);

  const end = async (session: AdminSession) => {
    const what = sessionName(session, t);
    const ok = await confirm({
      danger: true,
      title: t('sessions.endTitle', { session: what }),
      body: t('sessions.endBody'),
      okText: t('sessions.end'),
    });
    if (!ok) return;
    setEndingId(session.id);
    try {
      await api.delete(`${path}/${session.id}`);
      toast.success(t('sessions.ended', { session: what }));
    } catch (error) {
      toast.error(error);
    } finally {
      setEndingId(null);
      await queryClient.invalidateQueries({ queryKey });
    }
  };
  return { list, end, endingId, refresh: () => queryClient.invalidateQueries({ queryKey }) };
}

type T = ReturnType<typeof useTranslation>['t'];
const sessionName = (s: AdminSession, t: T) =>
  t('sessions.name', { browser: s.browser ?? t('sessions.unknownBrowser'), createdAt: formatDateTime(s.createdAt) });

/** The table of a session list: browser (the full User-Agent on hover), address, signed in, last seen, End. */
export function AdminSessionTable({ sessions }: { sessions: ReturnType<typeof useAdminSessions> }) {
  const { t } = useTranslation('userPolicy');
  const { list, end, endingId } = sessions;
  if (list.error) return <ErrorState message={describeError(list.error)} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingBlock />;
  if (list.data.items.length === 0) return <p>{t('sessions.none')}</p>;
  return (
    <PlainTable>
      <TableHead
        labels={[t('sessions.browser'), t('sessions.address'), t('sessions.createdAt'), t('sessions.lastUsedAt'), t('sessions.actions')]}
      />
      <tbody>
        {list.data.items.map((s) => (
          <tr key={s.id}>
            <td title={s.userAgent ?? undefined}>{s.browser ?? t('sessions.unknownBrowser')}</td>
            <td>{s.clientAddress ?? '—'}</td>
            <td>{formatDateTime(s.createdAt)}</td>
            <td>{formatDateTime(s.lastUsedAt)}</td>
            <td>
              {s.current ? (
                <Badge $tone="info">{t('sessions.current')}</Badge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={endingId === s.id}
                  onClick={() => void end(s)}
                  aria-label={t('sessions.endLabel', { session: sessionName(s, t) })}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
