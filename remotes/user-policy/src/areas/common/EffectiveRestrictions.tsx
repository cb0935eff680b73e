import type { PlayerRestrictions } from '@phoenix/contract';
import { AreaLink, useTranslation } from '@phoenix/shell';
import { Mono, PlainTable, TableHead, formatDateTime } from '@phoenix/ui';

/** The APIs blocked for a player, each with where it comes from (direct or a policy) and its end. */
export function EffectiveRestrictionsTable({ effective }: { effective: PlayerRestrictions['effective'] }) {
  const { t } = useTranslation('userPolicy');
  if (effective.length === 0) return <p>{t('restrictions.noEffective')}</p>;
  return (
    <PlainTable aria-label={t('restrictions.effective')}>
      <TableHead labels={[t('restrictions.api'), t('restrictions.source'), t('restrictions.endsAt')]} />
      <tbody>
        {effective.map((r) => (
          <tr key={`${r.apiId}-${r.source.kind === 'direct' ? 'direct' : r.source.policyId}`}>
            <td>
              {r.apiName} <Mono>{r.apiCode}</Mono>
            </td>
            <td>
              {r.source.kind === 'direct' ? t('restrictions.sourceDirect') : t('restrictions.sourcePolicy', { name: r.source.policyName })}
            </td>
            <td>
              {r.source.kind === 'policy'
                ? t('restrictions.whileMember')
                : r.endsAt
                  ? formatDateTime(r.endsAt)
                  : t('restrictions.untilLifted')}
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

/** The policies a player is in, each a link to its members. */
export function PlayerPolicyList({ policies }: { policies: PlayerRestrictions['policies'] }) {
  const { t } = useTranslation('userPolicy');
  if (policies.length === 0) return <p>{t('restrictions.noPolicies')}</p>;
  return (
    <ul aria-label={t('restrictions.policies')}>
      {policies.map((p) => (
        <li key={p.id}>
          <AreaLink area="policyMembers" action="show" record={p.id} fallback={p.name}>
            {p.name}
          </AreaLink>
        </li>
      ))}
    </ul>
  );
}
