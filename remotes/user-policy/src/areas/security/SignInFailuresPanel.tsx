import { useQuery } from '@tanstack/react-query';
import { SECURITY_PATHS, type SignInFailureList } from '@phoenix/contract';
import { describeError, useApi, useTranslation } from '@phoenix/shell';
import { ErrorState, LoadingBlock, Panel, PlainTable, TableHead, formatDateTime } from '@phoenix/ui';

/** The account's latest failed sign-ins (last 30 days): a guessed or leaked password shows here. */
export function SignInFailuresPanel() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const failures = useQuery({
    queryKey: ['security', 'signInFailures'],
    queryFn: () => api.get<SignInFailureList>(SECURITY_PATHS.signInFailures),
  });
  let body;
  if (failures.error) body = <ErrorState message={describeError(failures.error)} onRetry={() => void failures.refetch()} />;
  else if (!failures.data) body = <LoadingBlock />;
  else if (failures.data.items.length === 0) body = <p>{t('security.failuresNone')}</p>;
  else
    body = (
      <PlainTable>
        <TableHead labels={[t('security.failureAt'), t('security.failureReason'), t('sessions.address')]} />
        <tbody>
          {failures.data.items.map((failure, index) => (
            <tr key={`${failure.at}-${index}`}>
              <td>{formatDateTime(failure.at)}</td>
              <td>{t(`security.failureReasons.${failure.reason}`, { defaultValue: failure.reason })}</td>
              <td>{failure.clientAddress ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    );
  return (
    <Panel aria-labelledby="security-failures-title">
      <h2 id="security-failures-title">{t('security.failuresTitle')}</h2>
      <p>{t('security.failuresIntro')}</p>
      {body}
    </Panel>
  );
}
