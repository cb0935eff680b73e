import type { LotteryRound } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { formatDateTime, formatNumber, Panel } from '@phoenix/ui';

const Code = ({ children }: { children: string }) => <code style={{ wordBreak: 'break-all' }}>{children}</code>;

/** What makes the draw checkable: the published hash, the revealed seed, the tickets, the winners, and the recipe. */
export function DrawProof({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('points');
  return (
    <Panel aria-labelledby="lottery-proof-title">
      <h2 id="lottery-proof-title">{t('lottery.proof.title')}</h2>
      <dl>
        <dt>{t('lottery.proof.seedHash')}</dt>
        <dd>
          <Code>{round.seedHash}</Code>
        </dd>
        <dt>{t('lottery.proof.seed')}</dt>
        <dd>{round.seed ? <Code>{round.seed}</Code> : t('lottery.proof.notRevealed')}</dd>
        <dt>{t('lottery.proof.ticketCount')}</dt>
        <dd>{formatNumber(round.ticketCount)}</dd>
        {round.drawnAt && (
          <>
            <dt>{t('lottery.proof.drawnAt')}</dt>
            <dd>{formatDateTime(round.drawnAt)}</dd>
          </>
        )}
      </dl>
      <h3 id="lottery-winners-title">{t('lottery.proof.winners')}</h3>
      {!round.drawnAt ? (
        <p>{t('lottery.proof.notDrawn', { at: formatDateTime(round.drawAt) })}</p>
      ) : round.winners.length === 0 ? (
        <p>{t('lottery.proof.noWinners')}</p>
      ) : (
        <table aria-labelledby="lottery-winners-title">
          <thead>
            <tr>
              <th scope="col">{t('lottery.proof.slot')}</th>
              <th scope="col">{t('lottery.proof.rank')}</th>
              <th scope="col">{t('lottery.proof.reward')}</th>
              <th scope="col">{t('lottery.proof.ticket')}</th>
              <th scope="col">{t('lottery.proof.player')}</th>
            </tr>
          </thead>
          <tbody>
            {round.winners.map((w) => (
              <tr key={w.slot}>
                <td>{w.slot}</td>
                <td>{w.rank}</td>
                <td>{formatNumber(w.reward)}</td>
                <td>{w.ticketId}</td>
                <td>{w.playerId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('lottery.proof.howTitle')}</h3>
      <ol>
        <li>{t('lottery.proof.how1')}</li>
        <li>{t('lottery.proof.how2')}</li>
        <li>{t('lottery.proof.how3')}</li>
        <li>{t('lottery.proof.how4')}</li>
      </ol>
    </Panel>
  );
}
